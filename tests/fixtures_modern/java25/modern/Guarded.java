package modern;

import java.util.List;

/**
 * Constructs of Java 22..25 (compiled with --release 25): statements before super() (flexible
 * constructor bodies, JEP 513) and unnamed variables (JEP 456). Expectations:
 * tests/unit/modern_classes_test.cc and tests/e2e/run_modern.sh.
 */
public class Guarded extends Base {
  public Guarded(int size) {
    if (size < 0) throw new IllegalArgumentException("negative size");
    int rounded = size % 2 == 0 ? size : size + 1;
    super(rounded);
  }

  public static int count(List<String> items) {
    int n = 0;
    for (String _ : items) n++;
    return n;
  }

  public static int parseOr(String s, int fallback) {
    try {
      return Integer.parseInt(s);
    } catch (NumberFormatException _) {
      return fallback;
    }
  }
}

class Base {
  private final int size;

  Base(int size) {
    this.size = size;
  }

  public int size() {
    return size;
  }
}
