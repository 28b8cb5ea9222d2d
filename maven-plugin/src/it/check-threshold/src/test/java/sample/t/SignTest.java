package sample.t;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Covers one of the four branches. */
class SignTest {
  @Test
  void negative() {
    assertEquals("negative", Sign.of(-3));
  }
}
