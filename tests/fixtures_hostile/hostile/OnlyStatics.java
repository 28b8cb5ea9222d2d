package hostile;

/** A private constructor and static methods only. */
public final class OnlyStatics {
  private OnlyStatics() {}

  public static int sign(int a) {
    if (a > 0) return 1;
    if (a < 0) return -1;
    return 0;
  }

  public static String repeat(String s, int n) {
    if (s == null || n <= 0) return "";
    return s.repeat(Math.min(n, 10));
  }
}
