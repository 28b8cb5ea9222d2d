package dev.jtestgen.maven;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Finds the native {@code jtestgen} executable and the coverage agent beside it.
 *
 * <p>The order is: the {@code jtestgen.home} directory ({@code HOME/bin/jtestgen}, or
 * {@code HOME/jtestgen} for a build directory), then each directory of {@code PATH}, then the
 * prefixes a {@code make install} left ({@code PREFIX/bin/jtestgen}). Pure apart from reading the
 * file system; thread-safe.
 */
public final class EngineLocator {
  /** The agent library's file name; the engine looks for it beside its own executable. */
  public static final String AGENT_LIBRARY = "libjtestgen_agent.so";

  private EngineLocator() {}

  /**
   * Returns the jtestgen executable.
   *
   * @param home the {@code jtestgen.home} setting, or null/blank when not set
   * @param pathEnv the {@code PATH} environment variable, or null
   * @param prefixes installation prefixes to try last
   * @throws EngineException "jtestgen not found: ..." naming where it looked, or when {@code home}
   *     is set but holds no executable jtestgen
   */
  public static Path locate(String home, String pathEnv, List<Path> prefixes)
      throws EngineException {
    if (isSet(home)) {
      Path dir = Path.of(home.trim());
      for (Path candidate : List.of(dir.resolve("bin/jtestgen"), dir.resolve("jtestgen"))) {
        if (isExecutable(candidate)) {
          return candidate.toAbsolutePath();
        }
      }
      throw new EngineException(
          "jtestgen not found: jtestgen.home=" + home + " has neither bin/jtestgen nor jtestgen");
    }
    List<String> looked = new ArrayList<>();
    if (pathEnv != null) {
      for (String entry : pathEnv.split(File.pathSeparator)) {
        if (entry.isEmpty()) {
          continue;
        }
        Path candidate = Path.of(entry, "jtestgen");
        if (isExecutable(candidate)) {
          return candidate.toAbsolutePath();
        }
      }
      looked.add("PATH");
    }
    for (Path prefix : prefixes) {
      Path candidate = prefix.resolve("bin/jtestgen");
      if (isExecutable(candidate)) {
        return candidate.toAbsolutePath();
      }
      looked.add(prefix.toString());
    }
    throw new EngineException(
        "jtestgen not found: set jtestgen.home or put it on PATH (looked in "
            + String.join(", ", looked)
            + ")");
  }

  /**
   * Returns the agent library the engine uses: beside the real file of {@code jtestgen} (its
   * symbolic links followed, as the engine does through /proc/self/exe).
   *
   * @throws EngineException when the library is not there
   */
  public static Path agentBeside(Path jtestgen) throws EngineException {
    Path real;
    try {
      real = jtestgen.toRealPath();
    } catch (java.io.IOException e) {
      throw new EngineException("jtestgen " + jtestgen + " cannot be resolved: " + e.getMessage());
    }
    Path agent = real.resolveSibling(AGENT_LIBRARY);
    if (!Files.isRegularFile(agent)) {
      throw new EngineException(
          "coverage agent not found: " + agent + " is missing (install jtestgen with make install)");
    }
    return agent;
  }

  /** Whether a Maven property value was given: not null, not blank, not an unresolved ${...}. */
  static boolean isSet(String value) {
    return value != null && !value.isBlank() && !value.trim().startsWith("${");
  }

  private static boolean isExecutable(Path p) {
    return Files.isRegularFile(p) && Files.isExecutable(p);
  }
}
