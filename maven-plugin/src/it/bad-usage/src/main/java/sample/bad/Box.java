package sample.bad;

/** A value holder. */
public class Box {
  private int value;

  public void set(int v) {
    value = v;
  }

  public int get() {
    return value;
  }
}
