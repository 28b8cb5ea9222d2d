package sample.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import org.junit.jupiter.api.Test;

/** A hand-written test beside the generated ones. */
class CounterTest {
  @Test
  void stopsAtTheLimit() {
    Counter c = new Counter(1);
    c.increment();
    assertFalse(c.increment());
    assertEquals(1, c.value());
  }
}
