package dev.jtestgen.maven;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.artifact.DependencyResolutionRequiredException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Runs {@code jtestgen suite} or {@code jtestgen perf} in project mode on the module's classes
 * ({@code --target ${project.build.outputDirectory}}) with the module's test classpath, passes
 * each line of its output to the Maven log, logs the run summary, and judges the exit status
 * ({@link ExitPolicy}): bad usage (2) or a crash fails the build, failed classes (1) only warn
 * unless {@code failOnClassFailure}. A module without compiled classes is skipped.
 */
public abstract class AbstractEngineMojo extends AbstractJtestgenMojo {
  /** Classes to take, as patterns ({@code com.x.*}, {@code com.x.**}); default all. */
  @Parameter(property = "jtestgen.includes")
  protected List<String> includes;

  /** Classes to leave out, as patterns. */
  @Parameter(property = "jtestgen.excludes")
  protected List<String> excludes;

  /** The search budget of each class, like {@code 60s}. */
  @Parameter(property = "jtestgen.budgetPerClass", defaultValue = "60s")
  protected String budgetPerClass;

  /** Classes searched at once; default the engine's. */
  @Parameter(property = "jtestgen.jobs")
  protected Integer jobs;

  /**
   * A Ray cluster to run the classes on, {@code HOST:PORT} of its head (the engine's {@code
   * --ray}): one task per class, as many at once as the cluster has CPUs or {@code jobs}.
   */
  @Parameter(property = "jtestgen.ray")
  protected String ray;

  /** With {@code ray}: the memory each class job asks the cluster for, like {@code 3g}. */
  @Parameter(property = "jtestgen.rayMemory")
  protected String rayMemory;

  /** Only the summary lines of the engine. */
  @Parameter(property = "jtestgen.quiet", defaultValue = "false")
  protected boolean quiet;

  /** Fails the build when some classes failed (exit status 1), instead of a warning. */
  @Parameter(property = "jtestgen.failOnClassFailure", defaultValue = "false")
  protected boolean failOnClassFailure;

  /** More engine options, passed as they are after the others. */
  @Parameter protected List<String> extraArguments;

  /** {@code suite} or {@code perf}. */
  protected abstract String command();

  /** Sets the command-specific settings (output, seed, ...). */
  protected abstract void configure(EngineSettings settings) throws EngineException;

  /** Where the run summary {@code jtestgen-summary.json} is written. */
  protected abstract Path summaryDirectory();

  /** Called after a run that did not fail the build. */
  protected void afterRun() {}

  @Override
  protected final void run() throws EngineException, MojoFailureException {
    Path classes = Path.of(project.getBuild().getOutputDirectory());
    if (!EngineClasspath.hasClasses(classes)) {
      getLog().info("jtestgen " + command() + ": no classes in " + classes + ", skipped");
      return;
    }
    EngineSettings s = new EngineSettings();
    s.command = command();
    s.classpath = EngineClasspath.of(testClasspath(), project.getBuild().getTestOutputDirectory());
    s.targets = List.of(classes.toString());
    s.includes = orEmpty(includes);
    s.excludes = orEmpty(excludes);
    s.budgetPerClass = budgetPerClass;
    s.jobs = jobs;
    s.ray = ray;
    s.rayMemory = rayMemory;
    s.quiet = quiet;
    s.verbose = getLog().isDebugEnabled();  // mvn -X
    s.extraArguments = orEmpty(extraArguments);
    configure(s);
    List<String> argv = EngineArguments.build(engine(), s);
    getLog().info("jtestgen " + command() + ": the classes of " + classes + " (budget per class "
        + (budgetPerClass == null ? "default" : budgetPerClass) + ")");
    getLog().debug("jtestgen: " + String.join(" ", argv));
    int status = ProcessRunner.run(argv, basedir(), line -> {
      if (ProcessRunner.isDebugLine(line)) {
        getLog().debug(line);
      } else {
        getLog().info(line);
      }
    });
    logSummary();
    switch (ExitPolicy.judge(status, failOnClassFailure)) {
      case PASS:
        afterRun();
        return;
      case WARN:
        getLog().warn(ExitPolicy.describe(command(), status));
        afterRun();
        return;
      default:
        if (status == 1) {
          throw new MojoFailureException(ExitPolicy.describe(command(), status));
        }
        throw new EngineException(ExitPolicy.describe(command(), status));
    }
  }

  private void logSummary() {
    Path json = summaryDirectory().resolve("jtestgen-summary.json");
    if (!Files.isRegularFile(json)) {
      return;
    }
    try {
      RunSummary summary = RunSummary.read(json);
      getLog().info("jtestgen " + command() + ": " + summary.totals() + " (" + json + ")");
      for (String failure : summary.failures()) {
        getLog().warn("jtestgen failed: " + failure);
      }
    } catch (EngineException e) {
      getLog().warn(e.getMessage());
    }
  }

  private List<String> testClasspath() throws EngineException {
    try {
      return project.getTestClasspathElements();
    } catch (DependencyResolutionRequiredException e) {
      throw new EngineException("test classpath of " + project.getId() + ": " + e.getMessage());
    }
  }

  private static List<String> orEmpty(List<String> list) {
    List<String> out = new ArrayList<>();
    if (list != null) {
      for (String s : list) {
        if (s != null && !s.isBlank()) {
          out.add(s.trim());
        }
      }
    }
    return out;
  }
}
