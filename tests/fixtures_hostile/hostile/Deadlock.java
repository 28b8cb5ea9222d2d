package hostile;

/** The test thread and a thread it starts lock two objects in opposite orders. */
public class Deadlock {
  private final Object a = new Object();
  private final Object b = new Object();

  public int cross(int n) throws InterruptedException {
    if (n < 2) return n;
    Thread t = new Thread(() -> {
      synchronized (b) {
        pause();
        synchronized (a) {
          n();
        }
      }
    });
    t.start();
    synchronized (a) {
      pause();
      synchronized (b) {
        return n;
      }
    }
  }

  private static void pause() {
    try {
      Thread.sleep(100);
    } catch (InterruptedException e) {
      // keep going: the deadlock is the point
    }
  }

  private static int n() {
    return 0;
  }

  public int plain(int x) {
    return x % 3 == 0 ? 0 : x;
  }
}
