package dev.jtestgen.maven;

/**
 * No jtestgen engine for this machine: neither {@code jtestgen.home}, nor the engine artifact
 * for its platform, nor an installed one. The goals warn and skip on it instead of failing the
 * build (a teammate or CI runner without the engine still builds).
 */
public final class EngineNotFound extends EngineException {
  private static final long serialVersionUID = 1L;

  /** @param message one line naming where the engine was looked for */
  public EngineNotFound(String message) {
    super(message);
  }
}
