package hostile;

import java.io.File;
import java.io.IOException;

/** Second line of defence of the corpus: destructive methods act only below the sentinel root. */
final class Guard {
  static final String ROOT = "/tmp/jtg-hostile-sentinel";

  private Guard() {}

  static File inside(File f) {
    try {
      String p = f.getCanonicalPath();
      if (p.equals(ROOT) || p.startsWith(ROOT + "/")) return f;
    } catch (IOException e) {
      // fall through
    }
    throw new IllegalArgumentException("outside the sentinel root: " + f);
  }
}
