package dev.jtestgen.maven;

/**
 * What an exit status of {@code jtestgen suite}/{@code perf} means for the build: 0 (every class
 * generated, unchanged or skipped) passes; 1 (some classes failed; the summary is written) is a
 * warning unless {@code failOnClassFailure}; 2 (bad usage) and anything else (a crash, a
 * signal) fail the build. Pure; thread-safe.
 */
public final class ExitPolicy {
  /** How the build goes on. */
  public enum Verdict {
    PASS,
    WARN,
    FAIL
  }

  private ExitPolicy() {}

  /** The verdict for {@code status}. */
  public static Verdict judge(int status, boolean failOnClassFailure) {
    if (status == 0) {
      return Verdict.PASS;
    }
    if (status == 1) {
      return failOnClassFailure ? Verdict.FAIL : Verdict.WARN;
    }
    return Verdict.FAIL;
  }

  /** The one-line message for a status other than 0. */
  public static String describe(String command, int status) {
    switch (status) {
      case 1:
        return "jtestgen " + command + ": some classes failed (see the lines above and the summary)";
      case 2:
        return "jtestgen " + command + ": bad usage (exit status 2; see the message above)";
      default:
        String how = status > 128 ? " (signal " + (status - 128) + ")" : "";
        return "jtestgen " + command + " ended with exit status " + status + how;
    }
  }
}
