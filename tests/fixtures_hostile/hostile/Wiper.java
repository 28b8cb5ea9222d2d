package hostile;

import java.io.File;

/** A "clean" helper: recursive delete, a cache-directory constant, files from names. */
public class Wiper {
  public static final String CACHE_DIR = "/tmp/jtg-hostile-sentinel/cache";

  public static int wipe(String dir) {
    File d = new File(dir);
    if (!d.isAbsolute()) d = d.getAbsoluteFile();
    if (!d.exists()) return -1;
    return delete(Guard.inside(d));
  }

  private static int delete(File f) {
    int n = 0;
    File[] kids = f.listFiles();
    if (kids != null) {
      for (File k : kids) n += delete(k);
    }
    return f.delete() ? n + 1 : n;
  }

  /** Relative names land in the working directory. */
  public static boolean touch(String name) throws java.io.IOException {
    File f = new File(name);
    if (f.isAbsolute()) Guard.inside(f);
    return name.endsWith("/") ? f.mkdirs() : f.createNewFile();
  }

  public static String home() {
    return System.getProperty("user.home");
  }

  public static int length(String s) {
    return s == null ? 0 : s.length();
  }
}
