package sample.app;

import sample.core.Counter;
import sample.core.Words;

/** Counts votes for a named option, up to a limit (uses the core module). */
public class Tally {
  private final String name;
  private final Counter counter;

  public Tally(String name, int limit) {
    this.name = Words.capitalize(name);
    this.counter = new Counter(limit);
  }

  public boolean vote() {
    return counter.increment();
  }

  public String describe() {
    int n = counter.value();
    if (n == 0) {
      return name + ": no votes";
    }
    return name + ": " + n + (n == 1 ? " vote" : " votes");
  }
}
