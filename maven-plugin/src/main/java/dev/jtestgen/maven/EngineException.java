package dev.jtestgen.maven;

/**
 * A one-line error about running jtestgen: the thing concerned and the reason. The mojos turn
 * it into a {@code MojoExecutionException} (configuration and engine errors) or a {@code
 * MojoFailureException} (a failed check).
 */
public class EngineException extends Exception {
  private static final long serialVersionUID = 1L;

  /** @param message one line naming the thing and the reason */
  public EngineException(String message) {
    super(message);
  }
}
