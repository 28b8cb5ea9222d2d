package dev.jtestgen.maven;

import java.io.File;
import java.nio.file.Path;
import org.apache.maven.plugins.annotations.Execute;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;

/**
 * Goal {@code generate}: writes a JUnit test class for each of the module's classes with
 * {@code jtestgen suite}. Meant to be run when asked ({@code mvn jtestgen:generate}), not bound
 * to every build: it compiles the module first (a forked lifecycle up to {@code compile}), and
 * keeps its state and tests outside {@code target/}, in {@code .jtestgen/} at the module's root
 * ({@code .jtestgen/tests}: the tests; {@code .jtestgen/jtestgen-summary.json}: the summary;
 * {@code .jtestgen/.jtestgen/<class>}: each class's state), so that {@code mvn clean} keeps them
 * and a run does only the classes whose bytes or options changed since. A class that failed is
 * not run again until its bytes or options change ({@code retryFailed}); its test file is never
 * left among the tests. The tests reach the build's test sources with {@link ExportMojo}
 * ({@code jtestgen:export} copies them to {@code src/test/java}), or in the same build that
 * generates them (the output directory is added as a test source root). With {@code
 * -Djtestgen.write=src} it writes into {@code src/test/java} directly, where the engine never
 * replaces a hand-written file. Reproducible by default: a fixed seed; with {@code iterations}
 * the search stops after that many tests instead of at the budget. Errors: see {@link
 * AbstractEngineMojo}; an unknown {@code write} value fails the build.
 */
@Mojo(
    name = "generate",
    defaultPhase = LifecyclePhase.GENERATE_TEST_SOURCES,
    requiresDependencyResolution = ResolutionScope.TEST,
    threadSafe = true)
@Execute(phase = LifecyclePhase.COMPILE)
public class GenerateMojo extends AbstractEngineMojo {
  /** {@code generated} ({@code generatedDirectory}) or {@code src} (src/test/java). */
  @Parameter(property = "jtestgen.write", defaultValue = "generated")
  private String write;

  /** Where the tests go (with {@code write=generated}); kept by {@code mvn clean}. */
  @Parameter(
      property = "jtestgen.generatedDirectory",
      defaultValue = "${project.basedir}/.jtestgen/tests")
  private File generatedDirectory;

  /** Per-class state and the run summary (jtestgen-summary.json and .html). */
  @Parameter(property = "jtestgen.reportDirectory", defaultValue = "${project.basedir}/.jtestgen")
  private File reportDirectory;

  /** Random seed: the same seed and iterations give the same tests. */
  @Parameter(property = "jtestgen.seed", defaultValue = "1")
  private Long seed;

  /** Run again the classes that failed with their current bytes and options. */
  @Parameter(property = "jtestgen.retryFailed", defaultValue = "false")
  private boolean retryFailed;

  /** Stop each class's search after this many executed tests. */
  @Parameter(property = "jtestgen.iterations")
  private Integer iterations;

  /** JUnit version of the tests, 4 or 5. */
  @Parameter(property = "jtestgen.junit", defaultValue = "5")
  private Integer junit;

  /** JUnit runs of each written class before it is kept; default the engine's (5). */
  @Parameter(property = "jtestgen.validationRuns")
  private Integer validationRuns;

  /**
   * Hard wall-clock bound of each class's run, search and validation included, like {@code 5m};
   * a class past it fails with that reason. Default: the engine's, budget + max(120 s, budget),
   * more for more validation runs.
   */
  @Parameter(property = "jtestgen.timeBound")
  private String timeBound;

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
    s.timeBound = timeBound;
    s.overwrite = overwrite;
    s.retryFailed = retryFailed;
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
