package redef;

import java.io.InputStream;
import java.lang.instrument.ClassDefinition;
import java.lang.instrument.Instrumentation;
import java.nio.charset.StandardCharsets;

/**
 * A Java agent and program (run_cover.sh, "another agent redefines a class"): runs
 * Target.word(), then redefines Target with other bytes (its string constant "one" patched to
 * "two", as PIT swaps in a mutant) and runs it again. Prints "one two" and exits 0 when the
 * JVM accepted the new bytes; a coverage agent that added a field to Target and not to the
 * new bytes makes the redefinition fail ("attempted to change the schema"), exit 1.
 */
public final class Redefiner {
  private static Instrumentation inst;

  public static void premain(String args, Instrumentation i) {
    inst = i;
  }

  public static void main(String[] args) throws Exception {
    String before = Target.word();
    byte[] bytes;
    try (InputStream in = Redefiner.class.getResourceAsStream("Target.class")) {
      bytes = in.readAllBytes();
    }
    byte[] one = "one".getBytes(StandardCharsets.UTF_8);
    int at = indexOf(bytes, one);
    if (at < 0) {
      throw new IllegalStateException("no constant \"one\" in Target.class");
    }
    bytes[at] = 't';
    bytes[at + 1] = 'w';
    bytes[at + 2] = 'o';
    try {
      inst.redefineClasses(new ClassDefinition(Target.class, bytes));
    } catch (UnsupportedOperationException e) {
      System.out.println("redefinition refused: " + e.getMessage());
      System.exit(1);
    }
    System.out.println(before + " " + Target.word());
  }

  private static int indexOf(byte[] hay, byte[] needle) {
    for (int i = 0; i + needle.length <= hay.length; i++) {
      int k = 0;
      while (k < needle.length && hay[i + k] == needle[k]) {
        k++;
      }
      if (k == needle.length) {
        return i;
      }
    }
    return -1;
  }
}

final class Target {
  private Target() {}

  static String word() {
    int n = "one".length();
    return n > 2 ? "one" : "none";
  }
}
