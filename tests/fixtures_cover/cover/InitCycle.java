package cover;

// Class initialization that recurses: `new Derived()` first initializes Base (Derived's
// initialization is marked in progress on this thread), and Base's static initializer builds
// a Derived, whose constructor then runs before Derived's static initializer has started.
// The probes of that constructor must not depend on the static initializer having run, and
// what they record then must not be lost when the initializer creates the probe array
// (`made += 10` runs only in that first, early call).
final class InitCycle {
  private InitCycle() {}

  static int start() {
    return new Derived().value() + Derived.made;  // cov: covered
  }

  static class Base {
    static final Base FIRST = new Derived();

    int value() {
      return 1;  // cov: covered
    }
  }

  static final class Derived extends Base {
    static int made;
    static boolean ready = true;  // false until Derived's static initializer ran

    Derived() {
      if (!ready) {
        made += 10;  // cov: covered
      }
      made++;  // cov: covered
    }
  }
}
