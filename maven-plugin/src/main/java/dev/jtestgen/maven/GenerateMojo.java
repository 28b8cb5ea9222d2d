package dev.jtestgen.maven;

import java.io.File;
import java.nio.file.Path;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;

/**
 * Goal {@code generate}: writes a JUnit test class for each of the module's classes with
 * {@code jtestgen suite}, into {@code target/generated-test-sources/jtestgen} (added as a test
 * source root, so test-compile and Surefire take them), or with {@code -Djtestgen.write=src}
 * into {@code src/test/java}, where the engine never replaces a hand-written file. Bound to
 * {@code generate-test-sources}, which runs after the main classes are compiled. Errors: see
 * {@link AbstractEngineMojo}; an unknown {@code write} value fails the build.
 */
@Mojo(
    name = "generate",
    defaultPhase = LifecyclePhase.GENERATE_TEST_SOURCES,
    requiresDependencyResolution = ResolutionScope.TEST,
    threadSafe = true)
public class GenerateMojo extends AbstractEngineMojo {
  /** {@code generated} (target/generated-test-sources/jtestgen) or {@code src} (src/test/java). */
  @Parameter(property = "jtestgen.write", defaultValue = "generated")
  private String write;

  @Parameter(
      property = "jtestgen.generatedDirectory",
      defaultValue = "${project.build.directory}/generated-test-sources/jtestgen")
  private File generatedDirectory;

  /** Per-class state and the run summary (jtestgen-summary.json and .html). */
  @Parameter(
      property = "jtestgen.reportDirectory",
      defaultValue = "${project.build.directory}/jtestgen")
  private File reportDirectory;

  /** Random seed; with {@code iterations} the tests are reproducible. */
  @Parameter(property = "jtestgen.seed")
  private Long seed;

  /** Stop each class's search after this many executed tests. */
  @Parameter(property = "jtestgen.iterations")
  private Integer iterations;

  /** JUnit version of the tests, 4 or 5. */
  @Parameter(property = "jtestgen.junit", defaultValue = "5")
  private Integer junit;

  /** JUnit runs of each written class before it is kept; default the engine's (5). */
  @Parameter(property = "jtestgen.validationRuns")
  private Integer validationRuns;

  /** Replace test files of the same name that jtestgen did not write. */
  @Parameter(property = "jtestgen.overwrite", defaultValue = "false")
  private boolean overwrite;

  private Path out;

  @Override
  protected String command() {
    return "suite";
  }

  @Override
  protected void configure(EngineSettings s) throws EngineException {
    out = OutputChoice.directory(write, generatedDirectory.toPath(),
        Path.of(project.getBuild().getTestSourceDirectory()));
    s.out = out;
    s.reportDir = reportDirectory.toPath();
    s.seed = seed;
    s.iterations = iterations;
    s.junit = junit;
    s.validationRuns = validationRuns;
    s.overwrite = overwrite;
  }

  @Override
  protected Path summaryDirectory() {
    return reportDirectory.toPath();
  }

  @Override
  protected void afterRun() {
    String root = out.toAbsolutePath().toString();
    if (!project.getTestCompileSourceRoots().contains(root)) {
      project.addTestCompileSourceRoot(root);
      getLog().info("jtestgen: test source root " + root);
    }
  }
}
