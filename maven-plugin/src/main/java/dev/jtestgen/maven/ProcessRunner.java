package dev.jtestgen.maven;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

/**
 * Runs a command to its end, handing each line of its output (stderr merged into stdout) to a
 * consumer as it comes, so jtestgen's progress shows in the Maven log. Thread-safe (no state).
 */
public final class ProcessRunner {
  private ProcessRunner() {}

  /** A line of the engine's debug log ({@code --verbose}): "[12:34:56.789] jtestgen debug: ...". */
  public static boolean isDebugLine(String line) {
    return line.startsWith("[") && line.indexOf("] jtestgen debug: ") == 13;
  }

  /**
   * Runs {@code command} in {@code workDir} and returns its exit status.
   *
   * @throws EngineException when the command cannot be started, or the wait is interrupted (the
   *     process is then destroyed)
   */
  public static int run(List<String> command, Path workDir, Consumer<String> lines)
      throws EngineException {
    ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
    if (workDir != null) {
      pb.directory(workDir.toFile());
    }
    Process p;
    try {
      p = pb.start();
    } catch (IOException e) {
      throw new EngineException("cannot start " + command.get(0) + ": " + e.getMessage());
    }
    try (BufferedReader r =
        new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
      for (String line = r.readLine(); line != null; line = r.readLine()) {
        lines.accept(line);
      }
      return p.waitFor();
    } catch (IOException e) {
      p.destroy();
      throw new EngineException("reading the output of " + command.get(0) + ": " + e.getMessage());
    } catch (InterruptedException e) {
      p.destroy();
      Thread.currentThread().interrupt();
      throw new EngineException(command.get(0) + " interrupted");
    }
  }
}
