package hostile;

/** A loop that swallows every Throwable, jtestgen's budget exception included. */
public class SwallowGuard {
  static volatile int sink;

  public static void forever(int n) {
    if (n < 5) return;
    while (true) {
      try {
        sink++;
      } catch (Throwable t) {
        sink--;
      }
    }
  }

  public static int clamp(int x) {
    return x < 0 ? 0 : Math.min(x, 100);
  }
}
