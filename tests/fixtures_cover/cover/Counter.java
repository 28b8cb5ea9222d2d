package cover;

// A static initializer with a loop, and a hot loop (compiled by the JIT in phase 0,
// retransformed under ddst while later phases call it again).
final class Counter {
  private static final int[] SQUARES = new int[64];

  static {
    for (int i = 0; i < SQUARES.length; i++) {
      SQUARES[i] = i * i;
    }
  }

  private Counter() {}

  static long count(int n) {
    long s = 0;
    int i = 0;
    while (i < n) {
      s += SQUARES[i & 63];
      if ((i & 1023) == 1023) {
        s -= 1;
      }
      i++;
    }
    do {
      s--;
    } while (s > Long.MAX_VALUE - 2);
    return s;
  }
}
