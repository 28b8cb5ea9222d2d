package dev.jtestgen.maven;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Goal {@code check}: reads the coverage summary {@code report} wrote and fails the build when
 * the module's line or branch coverage ratio is below {@code minLineRatio} or {@code
 * minBranchRatio} (each in [0, 1]; unset: not checked). Without a summary it warns and passes,
 * as JaCoCo's check does without data. Errors: a summary that is not one, a threshold outside
 * [0, 1]; a threshold not met is a build failure (a warning with {@code haltOnFailure=false}).
 */
@Mojo(name = "check", defaultPhase = LifecyclePhase.VERIFY, threadSafe = true)
public class CheckMojo extends AbstractJtestgenMojo {
  @Parameter(
      property = "jtestgen.summaryFile",
      defaultValue = "${project.reporting.outputDirectory}/jtestgen/jtestgen.json")
  private File summaryFile;

  /** The lowest acceptable ratio of covered lines. */
  @Parameter(property = "jtestgen.minLineRatio")
  private Double minLineRatio;

  /** The lowest acceptable ratio of covered branches. */
  @Parameter(property = "jtestgen.minBranchRatio")
  private Double minBranchRatio;

  /** Fail the build when a threshold is not met; else only warn. */
  @Parameter(property = "jtestgen.haltOnFailure", defaultValue = "true")
  private boolean haltOnFailure;

  @Override
  protected void run() throws EngineException, MojoFailureException {
    Path json = summaryFile.toPath();
    if (!Files.isRegularFile(json)) {
      getLog().warn("jtestgen check: no coverage summary " + json + " (run the report goal)");
      return;
    }
    Coverage c = Coverage.read(json);
    List<String> violations = CoverageCheck.violations(c, minLineRatio, minBranchRatio);
    getLog()
        .info(
            String.format(
                java.util.Locale.ROOT,
                "jtestgen check: lines %.4f, branches %.4f (%s)",
                c.lineRatio(),
                c.branchRatio(),
                json));
    if (violations.isEmpty()) {
      return;
    }
    String message = "jtestgen check: " + String.join("; ", violations);
    if (haltOnFailure) {
      throw new MojoFailureException(message);
    }
    getLog().warn(message);
  }
}
