package sample.t;

/** The sign of a number, as a word. */
public final class Sign {
  private Sign() {}

  public static String of(int x) {
    if (x < 0) {
      return "negative";
    }
    return x == 0 ? "zero" : "positive";
  }
}
