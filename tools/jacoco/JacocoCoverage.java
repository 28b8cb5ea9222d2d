// Prints JaCoCo's coverage of one class as a single JSON line:
//   {"class":"a.b.C","branches":{"covered":N,"total":M},"lines":{...},"methods":{...},
//    "instructions":{...},"with_nested":{"classes":K,"branches":{...},"lines":{...}}}
// Usage: java -cp org.jacoco.core.jar:asm.jar:asm-commons.jar:asm-tree.jar:. JacocoCoverage \
//          <exec file> <classes dir or jar> <fully.qualified.Class>
// The first counters are the named class's alone; "with_nested" adds its nested classes
// (a.b.C$Inner, a.b.C$1, ...), as a JaCoCo report groups a source file.
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
      File[] siblings = f.getParentFile().listFiles();
      String prefix = f.getName().replace(".class", "$");
      if (siblings != null) {
        for (File n : siblings) {
          if (n.getName().startsWith(prefix) && n.getName().endsWith(".class")) {
            try (InputStream in = new java.io.FileInputStream(n)) {
              analyzer.analyzeClass(in, n.getPath());
            }
          }
        }
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
        String prefix = entry.replace(".class", "$");
        for (java.util.Enumeration<? extends ZipEntry> e = zip.entries(); e.hasMoreElements();) {
          ZipEntry n = e.nextElement();
          if (n.getName().startsWith(prefix) && n.getName().endsWith(".class")) {
            try (InputStream in = zip.getInputStream(n)) {
              analyzer.analyzeClass(in, classes.getPath() + "!/" + n.getName());
            }
          }
        }
      }
    }

    String vmName = fqcn.replace('.', '/');
    int nested = 0;
    org.jacoco.core.analysis.CoverageNodeImpl all = new org.jacoco.core.analysis.CoverageNodeImpl(
        org.jacoco.core.analysis.ICoverageNode.ElementType.GROUP, fqcn);
    for (IClassCoverage cc : builder.getClasses()) {
      if (cc.getName().equals(vmName) || cc.getName().startsWith(vmName + "$")) {
        all.increment(cc);
        nested++;
      }
    }
    String withNested = ",\"with_nested\":{\"classes\":" + nested
        + ",\"branches\":" + counter(all.getBranchCounter())
        + ",\"lines\":" + counter(all.getLineCounter()) + "}";
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
        StringBuilder br = new StringBuilder("lines with missed branches (missed/total):");
        for (int l = cc.getFirstLine(); l <= cc.getLastLine(); l++) {
          org.jacoco.core.analysis.ICounter b = cc.getLine(l).getBranchCounter();
          if (b.getMissedCount() > 0) {
            br.append(' ').append(l).append('(').append(b.getMissedCount()).append('/')
                .append(b.getTotalCount()).append(')');
          }
        }
        System.err.println(br);
      }
      System.out.println("{\"class\":" + quote(fqcn)
          + ",\"branches\":" + counter(cc.getBranchCounter())
          + ",\"lines\":" + counter(cc.getLineCounter())
          + ",\"methods\":" + counter(cc.getMethodCounter())
          + ",\"instructions\":" + counter(cc.getInstructionCounter()) + withNested + "}");
      return;
    }
    System.err.println("JacocoCoverage: no coverage data produced for " + fqcn);
    System.exit(3);
  }
}
