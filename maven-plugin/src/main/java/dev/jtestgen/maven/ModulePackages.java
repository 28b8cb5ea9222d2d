package dev.jtestgen.maven;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * The packages and classes a module declares, read from its source roots (so it works before
 * compilation): a directory holding a {@code .java} file is a package. Used for the agent's
 * default includes (the module's own packages) and excludes (its test classes). Reads the file
 * system only; thread-safe.
 */
public final class ModulePackages {
  private ModulePackages() {}

  /**
   * Patterns {@code a.b.*}, one per package with a source file under {@code roots}, sorted; the
   * default package gives {@code *}. Missing roots are skipped.
   *
   * @throws EngineException when a root cannot be read
   */
  public static List<String> packagePatterns(List<Path> roots) throws EngineException {
    TreeSet<String> out = new TreeSet<>();
    for (String cls : classNames(roots)) {
      int dot = cls.lastIndexOf('.');
      out.add(dot < 0 ? "*" : cls.substring(0, dot) + ".*");
    }
    return List.copyOf(out);
  }

  /**
   * The binary names of the top-level classes whose source files are under {@code roots} (one
   * per {@code .java} file, named after it; {@code package-info} and {@code module-info} left
   * out), sorted.
   *
   * @throws EngineException when a root cannot be read
   */
  public static List<String> classNames(List<Path> roots) throws EngineException {
    TreeSet<String> out = new TreeSet<>();
    for (Path root : roots) {
      if (!Files.isDirectory(root)) {
        continue;
      }
      try (Stream<Path> files = Files.walk(root)) {
        files
            .filter(p -> p.toString().endsWith(".java") && Files.isRegularFile(p))
            .map(p -> root.relativize(p).toString())
            .map(rel -> rel.substring(0, rel.length() - ".java".length()))
            .filter(rel -> !rel.endsWith("package-info") && !rel.endsWith("module-info"))
            .map(rel -> rel.replace(java.io.File.separatorChar, '.'))
            .forEach(out::add);
      } catch (IOException | UncheckedIOException e) {
        throw new EngineException("source root " + root + " cannot be read: " + e.getMessage());
      }
    }
    return List.copyOf(out);
  }
}
