package dev.jtestgen.maven;

import java.nio.file.Path;

/**
 * Where {@code generate} writes tests: {@code jtestgen.write=generated} (the default) picks the
 * generated-sources directory, {@code src} the module's test source directory. Pure.
 */
public final class OutputChoice {
  private OutputChoice() {}

  /**
   * The output directory for {@code write}.
   *
   * @throws EngineException for a value other than {@code generated} and {@code src}
   */
  public static Path directory(String write, Path generated, Path testSources)
      throws EngineException {
    String w = write == null ? "generated" : write.trim();
    switch (w) {
      case "generated":
        return generated;
      case "src":
        return testSources;
      default:
        throw new EngineException("jtestgen.write '" + write + "': expected generated or src");
    }
  }
}
