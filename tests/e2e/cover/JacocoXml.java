// JaCoCo's own XML report of an exec file, for comparison with `jtestgen report --xml`.
// Usage (single-file launch): java -cp <org.jacoco.core.jar:org.jacoco.report.jar:asm*.jar>
//   JacocoXml.java <exec file> <classes: a directory or jar, or several ':'-separated> <out.xml>
import java.io.File;
import java.io.FileOutputStream;
import java.io.OutputStream;
import org.jacoco.core.analysis.Analyzer;
import org.jacoco.core.analysis.CoverageBuilder;
import org.jacoco.core.tools.ExecFileLoader;
import org.jacoco.report.DirectorySourceFileLocator;
import org.jacoco.report.IReportVisitor;
import org.jacoco.report.xml.XMLFormatter;

public final class JacocoXml {
  public static void main(String[] args) throws Exception {
    ExecFileLoader loader = new ExecFileLoader();
    loader.load(new File(args[0]));
    CoverageBuilder builder = new CoverageBuilder();
    Analyzer analyzer = new Analyzer(loader.getExecutionDataStore(), builder);
    for (String path : args[1].split(":")) analyzer.analyzeAll(new File(path));
    try (OutputStream out = new FileOutputStream(args[2])) {
      IReportVisitor v = new XMLFormatter().createVisitor(out);
      v.visitInfo(loader.getSessionInfoStore().getInfos(),
          loader.getExecutionDataStore().getContents());
      v.visitBundle(builder.getBundle("jacoco"),
          new DirectorySourceFileLocator(new File("."), "UTF-8", 4));
      v.visitEnd();
    }
  }
}
