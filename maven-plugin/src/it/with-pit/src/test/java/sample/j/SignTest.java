package sample.j;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Covers some of the branches. */
class SignTest {
  @Test
  void negative() {
    assertEquals("negative", Sign.of(-3));
  }

  @Test
  void positives() {
    assertEquals(2, Sign.positives(1, -1, 5));
  }
}
