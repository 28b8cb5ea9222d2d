package jtestgen.rt;

/** Thrown by {@link Probes#loop()} when an execution passes its iteration or time budget. */
public final class BudgetExceeded extends Error {
  public BudgetExceeded(String message) {
    super(message, null, false, false);
  }
}
