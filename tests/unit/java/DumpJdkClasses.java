// Writes the bytes of JDK classes, as the running JDK has them in its module image, for
// tests/unit/jdk_guard_table_test.cc. Usage (single-file launch):
//   java DumpJdkClasses.java <out dir> <internal name> ...   -> <out dir>/<a_b_C>.class
import java.net.URI;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;

public final class DumpJdkClasses {
  public static void main(String[] args) throws Exception {
    FileSystem jrt = FileSystems.getFileSystem(URI.create("jrt:/"));
    Path out = Path.of(args[0]);
    for (int i = 1; i < args.length; i++) {
      byte[] bytes = Files.readAllBytes(jrt.getPath("modules", "java.base", args[i] + ".class"));
      Files.write(out.resolve(args[i].replace('/', '_') + ".class"), bytes);
    }
  }
}
