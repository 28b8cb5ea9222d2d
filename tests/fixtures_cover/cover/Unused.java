package cover;

// Never loaded by Main: reported with every line missed.
final class Unused {
  private Unused() {}

  static int never(int x) {
    return x > 0 ? x : -x;  // cov: missed
  }
}
