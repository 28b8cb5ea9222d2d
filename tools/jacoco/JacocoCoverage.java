// Prints JaCoCo's coverage of one class as a single JSON line:
//   {"class":"a.b.C","branches":{"covered":N,"total":M},"lines":{...},"methods":{...},
//    "instructions":{...}}
// Usage: java -cp org.jacoco.core.jar:asm.jar:asm-commons.jar:asm-tree.jar:. JacocoCoverage \
//          <exec file> <classes dir or jar> <fully.qualified.Class>
// Nested classes (a.b.C$Inner, a.b.C$1) are NOT included: only the named class is reported.
// Exit codes: 0 ok, 2 usage, 3 class not found in the classes location.
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.jacoco.core.analysis.Analyzer;
import org.jacoco.core.analysis.CoverageBuilder;
import org.jacoco.core.analysis.IClassCoverage;
import org.jacoco.core.analysis.ICounter;
import org.jacoco.core.tools.ExecFileLoader;

public final class JacocoCoverage {
  private JacocoCoverage() {}

  private static String counter(ICounter c) {
    return "{\"covered\":" + c.getCoveredCount() + ",\"total\":" + c.getTotalCount() + "}";
  }

  private static String quote(String s) {
    StringBuilder sb = new StringBuilder("\"");
    for (char ch : s.toCharArray()) {
      if (ch == '"' || ch == '\\') {
        sb.append('\\');
      }
      sb.append(ch);
    }
    return sb.append('"').toString();
  }

  public static void main(String[] args) throws IOException {
    if (args.length != 3) {
      System.err.println("usage: JacocoCoverage <exec file> <classes dir|jar> <fqcn>");
      System.exit(2);
    }
    File exec = new File(args[0]);
    File classes = new File(args[1]);
    String fqcn = args[2];
    String entry = fqcn.replace('.', '/') + ".class";

    ExecFileLoader loader = new ExecFileLoader();
    if (exec.isFile()) {
      loader.load(exec);
    } // A missing exec file means "nothing executed": all counters report zero coverage.
    CoverageBuilder builder = new CoverageBuilder();
    Analyzer analyzer = new Analyzer(loader.getExecutionDataStore(), builder);

    if (classes.isDirectory()) {
      File f = new File(classes, entry);
      if (!f.isFile()) {
        System.err.println("JacocoCoverage: class " + fqcn + " not found in " + classes);
        System.exit(3);
      }
      try (InputStream in = new java.io.FileInputStream(f)) {
        analyzer.analyzeClass(in, f.getPath());
      }
    } else {
      try (ZipFile zip = new ZipFile(classes)) {
        ZipEntry ze = zip.getEntry(entry);
        if (ze == null) {
          System.err.println("JacocoCoverage: class " + fqcn + " not found in " + classes);
          System.exit(3);
        }
        try (InputStream in = zip.getInputStream(ze)) {
          analyzer.analyzeClass(in, classes.getPath() + "!/" + entry);
        }
      }
    }

    String vmName = fqcn.replace('.', '/');
    for (IClassCoverage cc : builder.getClasses()) {
      if (!cc.getName().equals(vmName)) {
        continue;
      }
      if (cc.isNoMatch()) {
        System.err.println("JacocoCoverage: warning: execution data for " + fqcn
            + " does not match the class file (different build?)");
      }
      if (System.getenv("JTG_JACOCO_LINES") != null) {  // debugging aid: uncovered lines
        StringBuilder sb = new StringBuilder("uncovered lines:");
        for (int l = cc.getFirstLine(); l <= cc.getLastLine(); l++) {
          int st = cc.getLine(l).getStatus();
          if (st == org.jacoco.core.analysis.ICounter.NOT_COVERED) sb.append(' ').append(l);
        }
        System.err.println(sb);
      }
      System.out.println("{\"class\":" + quote(fqcn)
          + ",\"branches\":" + counter(cc.getBranchCounter())
          + ",\"lines\":" + counter(cc.getLineCounter())
          + ",\"methods\":" + counter(cc.getMethodCounter())
          + ",\"instructions\":" + counter(cc.getInstructionCounter()) + "}");
      return;
    }
    System.err.println("JacocoCoverage: no coverage data produced for " + fqcn);
    System.exit(3);
  }
}
