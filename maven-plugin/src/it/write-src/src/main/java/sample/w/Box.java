package sample.w;

/** A value holder. */
public class Box {
  private int value;

  public void set(int v) {
    value = v < 0 ? 0 : v;
  }

  public int get() {
    return value;
  }
}
