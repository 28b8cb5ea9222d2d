// Written by hand: jtestgen must not replace this file.
package sample.w;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class KeepJtgTest {
  @Test
  void twice() {
    assertEquals(4, new Keep().twice(2));
  }
}
