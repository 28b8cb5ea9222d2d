package hostile;

import java.io.File;

/** Hands out the user's home and temporary directories, and walks directories. */
public class HomeWalker {
  public static File home() {
    return new File(System.getProperty("user.home"));
  }

  public static File temp() {
    return new File(System.getProperty("java.io.tmpdir"));
  }

  /** Bytes in the files below `dir` (reads every directory on the way). */
  public static long size(File dir) {
    if (dir == null) {
      return -1;
    }
    if (dir.isFile()) {
      return dir.length();
    }
    File[] kids = dir.listFiles();
    if (kids == null) {
      return 0;
    }
    long total = 0;
    for (File k : kids) {
      total += size(k);
    }
    return total;
  }
}
