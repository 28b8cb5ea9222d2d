package hostile;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/** Exits by every path: reflection, a method handle, a later thread, exit(0). */
public class Exits {
  public static int viaReflection(int code) throws Exception {
    if (code > 5) System.class.getMethod("exit", int.class).invoke(null, 12);
    return code;
  }

  public static int viaHandle(int code) throws Throwable {
    if (code < -5) {
      MethodHandles.lookup()
          .findStatic(System.class, "exit", MethodType.methodType(void.class, int.class))
          .invoke(2);
    }
    return code;
  }

  public static void later(int code) {
    if (code == 0) return;
    new Thread(() -> {
      try {
        Thread.sleep(50);
      } catch (InterruptedException e) {
        // exit anyway
      }
      System.exit(200);
    }).start();
  }

  public static void zero(boolean really) {
    if (really) System.exit(0);
  }

  public static int sign(int x) {
    return x > 0 ? 1 : x < 0 ? -1 : 0;
  }
}
