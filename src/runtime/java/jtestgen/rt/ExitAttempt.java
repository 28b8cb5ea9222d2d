package jtestgen.rt;

/** Thrown instead of terminating the JVM when code under test calls System.exit or halt. */
public final class ExitAttempt extends Error {
  public final int status;

  public ExitAttempt(int status) {
    super("code under test called exit(" + status + ")", null, false, false);
    this.status = status;
  }
}
