package sample.w;

/** A class whose test a person wrote under jtestgen's name. */
public class Keep {
  public int twice(int x) {
    return 2 * x;
  }
}
