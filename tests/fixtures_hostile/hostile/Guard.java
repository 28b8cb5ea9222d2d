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

  /**
   * `f` if it is below the sentinel root, jtestgen's scratch (a private tmpfs, "jtestgen-" in
   * its name) or a JUnit temporary folder; else an IllegalArgumentException.
   */
  static File scratch(File f) {
    try {
      String p = f.getCanonicalPath();
      String junit = new File(System.getProperty("java.io.tmpdir"), "junit").getCanonicalPath();
      if (p.equals(ROOT) || p.startsWith(ROOT + "/") || p.contains("/jtestgen-")
          || p.startsWith(junit)) {
        return f;
      }
    } catch (IOException e) {
      // fall through
    }
    throw new IllegalArgumentException("outside the scratch: " + f);
  }
}
