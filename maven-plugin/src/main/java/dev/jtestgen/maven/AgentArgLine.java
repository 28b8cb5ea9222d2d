package dev.jtestgen.maven;

import java.nio.file.Path;

/**
 * The JVM option that loads jtestgen's coverage agent ({@code
 * -agentpath:LIB=mode=M,includes=P,excludes=Q,out=DIR}) and its addition to an existing {@code
 * argLine}. Pure; thread-safe.
 */
public final class AgentArgLine {
  private AgentArgLine() {}

  /**
   * Returns the {@code -agentpath} option, quoted when it holds a space.
   *
   * @param includes ':'-separated class patterns (required)
   * @param excludes ':'-separated class patterns, or empty
   * @throws EngineException when a value holds ',' (the agent's option separator), '=' in a
   *     path, or {@code includes} is empty
   */
  public static String option(Path agent, String mode, String includes, String excludes, Path out)
      throws EngineException {
    if (includes == null || includes.isEmpty()) {
      throw new EngineException("coverage agent: includes is empty");
    }
    String lib = agent.toAbsolutePath().toString();
    String dir = out.toAbsolutePath().toString();
    for (String[] v :
        new String[][] {
          {"agent path", lib}, {"mode", mode}, {"includes", includes}, {"excludes", excludes},
          {"out", dir}
        }) {
      if (v[1] != null && v[1].contains(",")) {
        throw new EngineException("coverage agent " + v[0] + " '" + v[1] + "' must not hold ','");
      }
    }
    if (lib.contains("=")) {
      throw new EngineException("coverage agent path '" + lib + "' must not hold '='");
    }
    StringBuilder s = new StringBuilder("-agentpath:").append(lib);
    s.append("=mode=").append(mode).append(",includes=").append(includes);
    if (excludes != null && !excludes.isEmpty()) {
      s.append(",excludes=").append(excludes);
    }
    s.append(",out=").append(dir);
    String option = s.toString();
    return option.contains(" ") ? '"' + option + '"' : option;
  }

  /** {@code existing} followed by {@code option}, or {@code option} alone when there is none. */
  public static String append(String existing, String option) {
    if (existing == null || existing.isBlank()) {
      return option;
    }
    return existing.trim() + " " + option;
  }
}
