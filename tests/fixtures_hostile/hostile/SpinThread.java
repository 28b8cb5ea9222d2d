package hostile;

import java.util.regex.Pattern;

/** Threads that spin forever inside the JDK (catastrophic regex backtracking). */
public class SpinThread {
  private static final Pattern EVIL = Pattern.compile("(a|aa)+b");

  public static boolean evil(int n) {
    return EVIL.matcher("a".repeat(Math.max(0, Math.min(n, 64)))).matches();
  }

  public static void startSpinner(int n) {
    if (n < 3) return;
    Thread t = new Thread(() -> {
      while (true) {
        EVIL.matcher("a".repeat(60)).matches();
      }
    });
    t.start();
  }

  public static int safe(int a) {
    return a > 10 ? a - 10 : a + 10;
  }
}
