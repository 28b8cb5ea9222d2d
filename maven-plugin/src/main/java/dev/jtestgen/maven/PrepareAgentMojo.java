package dev.jtestgen.maven;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Goal {@code prepare-agent}: sets the property {@code argLine} (appending to a value it already
 * has) to the {@code -agentpath} option of jtestgen's coverage agent, so Surefire's test JVM
 * records coverage into {@code target/jtestgen-cov}. The includes default to the module's own
 * packages (from its main source roots; {@code **} when there are none), the excludes to its
 * test classes (from its test source roots: Surefire's name patterns where they match no main
 * class, the others by name) and jtestgen's generated tests. Unless {@code
 * append}, coverage of earlier builds is deleted first (a recompiled class would not match it).
 * Errors: the engine or the agent library not found, a ',' in a pattern or path, a coverage
 * directory that cannot be cleared.
 */
@Mojo(name = "prepare-agent", defaultPhase = LifecyclePhase.INITIALIZE, threadSafe = true)
public class PrepareAgentMojo extends AbstractJtestgenMojo {
  /** The property to set. */
  @Parameter(property = "jtestgen.propertyName", defaultValue = "argLine")
  private String propertyName;

  /** Where the agent writes its coverage files. */
  @Parameter(
      property = "jtestgen.coverageDirectory",
      defaultValue = "${project.build.directory}/jtestgen-cov")
  private File coverageDirectory;

  /** Classes to record, as patterns; default the module's packages. */
  @Parameter private List<String> includes;

  /** Classes not to record, as patterns; default the module's test classes. */
  @Parameter private List<String> excludes;

  /** The agent's mode: static, ddst, hst, tpc or fold (README, "cover"). */
  @Parameter(property = "jtestgen.agentMode", defaultValue = "static")
  private String mode;

  /** Keep the coverage files of earlier runs. */
  @Parameter(property = "jtestgen.append", defaultValue = "false")
  private boolean append;

  @Override
  protected void run() throws EngineException {
    Path agent = EngineLocator.agentBeside(engine());
    String in = ClassPatterns.join("includes", defaultIncludes());
    String out = ClassPatterns.join("excludes", defaultExcludes());
    Path dir = coverageDirectory.toPath();
    if (!append) {
      clear(dir);
    }
    String option = AgentArgLine.option(agent, mode, in, out, dir);
    String value = AgentArgLine.append(project.getProperties().getProperty(propertyName), option);
    project.getProperties().setProperty(propertyName, value);
    getLog().info("jtestgen: " + propertyName + " set to " + value);
  }

  private List<String> defaultIncludes() throws EngineException {
    if (includes != null && !includes.isEmpty()) {
      return includes;
    }
    List<String> own = ModulePackages.packagePatterns(paths(project.getCompileSourceRoots()));
    return own.isEmpty() ? List.of("**") : own;
  }

  private List<String> defaultExcludes() throws EngineException {
    if (excludes != null) {
      return excludes;
    }
    return testExcludes(
        ModulePackages.classNames(paths(project.getCompileSourceRoots())),
        ModulePackages.classNames(paths(project.getTestCompileSourceRoots())));
  }

  /** Surefire's test class names, as patterns: {@code *Test}, {@code *Tests}, ... */
  static final List<String> TEST_NAMES = List.of("**Test", "**Tests", "**TestCase", "**.Test*", "Test*");

  /**
   * The classes the agent leaves out by default: jtestgen's tests ({@code *JtgTest}) and the
   * module's test classes, as short patterns: Surefire's test name patterns that match no main
   * class, then by name each test class none of them matches (with its nested classes).
   */
  static List<String> testExcludes(List<String> mainClasses, List<String> testClasses) {
    List<String> out = new ArrayList<>(List.of("**JtgTest", "**JtgTest$*"));
    List<String> usable = new ArrayList<>();
    for (String p : TEST_NAMES) {
      if (mainClasses.stream().noneMatch(c -> ClassPatterns.matches(p, c))) {
        usable.add(p);
        out.add(p);
        if (!p.endsWith("*")) {
          out.add(p + "$*");
        }
      }
    }
    for (String test : testClasses) {
      if (usable.stream().noneMatch(p -> ClassPatterns.matches(p, test))) {
        out.add(test);
        out.add(test + "$*");
      }
    }
    return out;
  }

  private static List<Path> paths(List<String> roots) {
    List<Path> out = new ArrayList<>();
    for (String r : roots) {
      out.add(Path.of(r));
    }
    return out;
  }

  private static void clear(Path dir) throws EngineException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    } catch (IOException | java.io.UncheckedIOException e) {
      throw new EngineException("coverage directory " + dir + " cannot be cleared: " + e);
    }
  }
}
