package dev.jtestgen.maven;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Goal {@code report}: runs {@code jtestgen report} on the coverage the agent recorded ({@link
 * PrepareAgentMojo}) against the module's classes, writing {@code jtestgen.xml} (JaCoCo's XML
 * format), {@code jtestgen.json} (the summary {@code check} reads) and the HTML pages
 * ({@code index.html}, source lines from the main source roots) to {@code target/site/jtestgen}.
 * A module without coverage files is skipped with a message. Errors: the engine not found, or
 * {@code jtestgen report} failing (e.g. coverage recorded for other class bytes).
 */
@Mojo(name = "report", defaultPhase = LifecyclePhase.VERIFY, threadSafe = true)
public class ReportMojo extends AbstractJtestgenMojo {
  @Parameter(
      property = "jtestgen.coverageDirectory",
      defaultValue = "${project.build.directory}/jtestgen-cov")
  private File coverageDirectory;

  @Parameter(
      property = "jtestgen.reportOutputDirectory",
      defaultValue = "${project.reporting.outputDirectory}/jtestgen")
  private File outputDirectory;

  @Override
  protected void run() throws EngineException {
    Path cov = coverageDirectory.toPath();
    if (!hasCoverageFiles(cov)) {
      getLog().info("jtestgen report: no coverage files in " + cov + ", skipped");
      return;
    }
    Path out = outputDirectory.toPath();
    try {
      Files.createDirectories(out);
    } catch (IOException e) {
      throw new EngineException("report directory " + out + " cannot be created: " + e);
    }
    List<String> argv = new ArrayList<>();
    argv.add(engine().toString());
    argv.add("report");
    argv.add(cov.toString());
    argv.add("--classpath");
    argv.add(
        EngineArguments.pathList("classpath", List.of(project.getBuild().getOutputDirectory())));
    argv.addAll(List.of("--xml", out.resolve("jtestgen.xml").toString()));
    argv.addAll(List.of("--json", out.resolve("jtestgen.json").toString()));
    argv.addAll(List.of("--html", out.toString()));
    List<String> sources = new ArrayList<>();
    for (String root : project.getCompileSourceRoots()) {
      if (Files.isDirectory(Path.of(root))) {
        sources.add(root);
      }
    }
    if (!sources.isEmpty()) {
      argv.add("--sources");
      argv.add(EngineArguments.pathList("sources", sources));
    }
    getLog().debug("jtestgen: " + String.join(" ", argv));
    int status = ProcessRunner.run(argv, basedir(), line -> getLog().info(line));
    if (status != 0) {
      throw new EngineException("jtestgen report ended with exit status " + status);
    }
  }

  private static boolean hasCoverageFiles(Path dir) throws EngineException {
    if (!Files.isDirectory(dir)) {
      return false;
    }
    try (Stream<Path> files = Files.list(dir)) {
      return files.anyMatch(p -> p.getFileName().toString().startsWith("jtestgen-cov-"));
    } catch (IOException e) {
      throw new EngineException("coverage directory " + dir + " cannot be read: " + e);
    }
  }
}
