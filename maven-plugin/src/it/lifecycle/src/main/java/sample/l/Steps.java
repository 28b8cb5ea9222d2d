package sample.l;

/** A package-private top-level class: tested too, from its own package. */
final class Steps {
  private Steps() {}

  static int count(int from, int to) {
    int n = 0;
    for (int i = from; i < to; i++) {
      n++;
    }
    return n;
  }
}
