package dev.jtestgen.maven;

import java.io.File;
import java.nio.file.Path;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;

/**
 * Goal {@code perf}: runs {@code jtestgen perf} on the module's classes and writes the
 * performance tests and reports to {@code target/jtestgen-perf}. The tests are not added to the
 * build (a likely bug's test fails until it is fixed). Not bound to a phase by default: run it
 * as {@code mvn jtestgen:perf} after compiling, or bind it in an execution. Errors: see {@link
 * AbstractEngineMojo}.
 */
@Mojo(name = "perf", requiresDependencyResolution = ResolutionScope.TEST, threadSafe = true)
public class PerfMojo extends AbstractEngineMojo {
  @Parameter(
      property = "jtestgen.perfDirectory",
      defaultValue = "${project.build.directory}/jtestgen-perf")
  private File perfDirectory;

  @Override
  protected String command() {
    return "perf";
  }

  @Override
  protected void configure(EngineSettings s) {
    s.out = perfDirectory.toPath();
  }

  @Override
  protected Path summaryDirectory() {
    return perfDirectory.toPath();
  }
}
