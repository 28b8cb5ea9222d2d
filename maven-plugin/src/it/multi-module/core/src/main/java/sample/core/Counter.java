package sample.core;

/** A bounded counter. */
public class Counter {
  private final int limit;
  private int value;

  public Counter(int limit) {
    if (limit <= 0) {
      throw new IllegalArgumentException("limit must be positive");
    }
    this.limit = limit;
  }

  public boolean increment() {
    if (value >= limit) {
      return false;
    }
    value++;
    return true;
  }

  public int value() {
    return value;
  }

  public void reset() {
    value = 0;
  }
}
