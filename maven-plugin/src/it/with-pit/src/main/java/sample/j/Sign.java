package sample.j;

/** The sign of a number, as a word. */
public final class Sign {
  private Sign() {}

  public static String of(int x) {
    if (x < 0) {
      return "negative";
    }
    return x == 0 ? "zero" : "positive";
  }

  /** How many of the values are positive. */
  public static int positives(int... values) {
    int n = 0;
    for (int v : values) {
      if (v > 0) {
        n++;
      }
    }
    return n;
  }
}
