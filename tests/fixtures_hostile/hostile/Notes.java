package hostile;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;

/**
 * Benign file handling: saves and loads a note in a directory the caller names. Its tests
 * need files, so they must be written against JUnit's temporary folder (jtestgen's test
 * folder); the corpus's own guard still refuses any other place.
 */
public class Notes {
  public static int save(String dir, String text) throws IOException {
    File d = Guard.scratch(new File(dir));
    if (!d.isDirectory() && !d.mkdirs()) return -1;
    File f = new File(d, "note.txt");
    Files.writeString(f.toPath(), text == null ? "" : text);
    return (int) f.length();
  }

  public static String load(String dir) throws IOException {
    File f = new File(dir, "note.txt");
    if (!f.isFile()) return null;
    String s = Files.readString(f.toPath());
    return s.isEmpty() ? "(empty)" : s;
  }
}
