package hostile;

/** A static initializer that throws. */
public class BadInit {
  static final int X = Integer.parseInt("x");

  public static int twice(int a) {
    return a > 3 ? 2 * a : X;
  }
}
