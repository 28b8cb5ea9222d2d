package dev.jtestgen.maven;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The classpath jtestgen gets from a module's resolved test classpath: its classes and every
 * dependency, without the module's test classes (earlier generated tests must not become code
 * under test) and without entries that do not exist (a dependency-free module has no test
 * classes directory yet). Pure apart from checking existence; thread-safe.
 */
public final class EngineClasspath {
  private EngineClasspath() {}

  /**
   * Returns {@code testClasspath} less {@code testOutputDirectory} and missing entries, in order.
   *
   * @throws EngineException when nothing is left
   */
  public static List<String> of(List<String> testClasspath, String testOutputDirectory)
      throws EngineException {
    Path tests = testOutputDirectory == null ? null : Path.of(testOutputDirectory).normalize();
    List<String> out = new ArrayList<>();
    for (String e : testClasspath) {
      Path p = Path.of(e).normalize();
      if (p.equals(tests) || !Files.exists(p) || out.contains(e)) {
        continue;
      }
      out.add(e);
    }
    if (out.isEmpty()) {
      throw new EngineException("classpath: no existing entry in " + testClasspath);
    }
    return out;
  }

  /** Whether {@code dir} holds at least one {@code .class} file, at any depth. */
  public static boolean hasClasses(Path dir) throws EngineException {
    if (!Files.isDirectory(dir)) {
      return false;
    }
    try (var files = Files.walk(dir)) {
      return files.anyMatch(p -> p.toString().endsWith(".class"));
    } catch (java.io.IOException | java.io.UncheckedIOException e) {
      throw new EngineException("classes directory " + dir + " cannot be read: " + e.getMessage());
    }
  }
}
