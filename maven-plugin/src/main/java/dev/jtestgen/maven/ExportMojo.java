package dev.jtestgen.maven;

import java.io.File;
import java.nio.file.Path;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Goal {@code export}: copies the tests {@code generate} wrote (by default in {@code
 * .jtestgen/tests}) into the module's test sources ({@code src/test/java}), where every build
 * compiles and runs them, as EvoSuite's {@code export} does. A hand-written file of the same
 * name is never replaced (listed as skipped) unless {@code overwrite}. Not bound to a phase: run
 * it when you want the tests kept ({@code mvn jtestgen:export}). Errors: a file that cannot be
 * read or written fails the goal, naming it.
 */
@Mojo(name = "export", threadSafe = true)
public class ExportMojo extends AbstractJtestgenMojo {
  /** Where {@code generate} wrote the tests. */
  @Parameter(
      property = "jtestgen.generatedDirectory",
      defaultValue = "${project.basedir}/.jtestgen/tests")
  private File generatedDirectory;

  /** Where the tests go; default the module's test sources. */
  @Parameter(
      property = "jtestgen.exportDirectory",
      defaultValue = "${project.build.testSourceDirectory}")
  private File exportDirectory;

  /** Replace files of the same name that jtestgen did not write. */
  @Parameter(property = "jtestgen.overwrite", defaultValue = "false")
  private boolean overwrite;

  @Override
  protected void run() throws EngineException {
    Path from = generatedDirectory.toPath();
    Path to = exportDirectory.toPath();
    TestExport.Result r = TestExport.copy(from, to, overwrite);
    for (Path s : r.skipped()) {
      getLog().warn("jtestgen export: " + s + " was not written by jtestgen; left as it is");
    }
    if (r.copied().isEmpty() && r.skipped().isEmpty()) {
      getLog().info("jtestgen export: no generated tests in " + from
          + " (run mvn jtestgen:generate first)");
      return;
    }
    getLog().info("jtestgen export: " + r.copied().size() + " test files copied to " + to);
  }
}
