package hostile;

/** A static initializer that never finishes. */
public class HangInit {
  static boolean forever = true;

  static {
    while (forever) {
      try {
        Thread.sleep(1000);
      } catch (InterruptedException e) {
        // ignore: keep hanging
      }
    }
  }

  public static int id(int x) {
    return x;
  }
}
