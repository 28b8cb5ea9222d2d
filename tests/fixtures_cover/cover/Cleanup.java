package cover;

// Code javac duplicates: a finally block copied after each exit of its try block and into
// a rethrowing handler, synchronized's monitorexit copied the same way, and
// try-with-resources' closing handler. JaCoCo counts
// each copied line once, covered when any copy ran, and ignores the handler; so must the
// report (report/javac_filters.h).
final class Cleanup {
  private static final Object LOCK = new Object();
  private static int closed;

  private Cleanup() {}

  static int run(int phase) {
    int r = withFinally(phase) + withCatchAndFinally(phase == 1 ? "x" : "7");
    synchronized (LOCK) {
      r += closed;  // cov: covered
    }
    return r + neverThrows(phase) + withResource(phase);
  }

  // try-with-resources: javac's handler that closes the resource and rethrows never runs;
  // it is not counted, so the try line is covered.
  static int withResource(int phase) {
    try (java.io.StringReader in = new java.io.StringReader("ab")) {  // cov: covered
      return in.read() + phase;
    } catch (java.io.IOException e) {
      return -1;  // cov: missed
    }
  }

  // Three copies of the finally block: after `return 1`, after the fall-through and in the
  // handler. Only the fall-through copy runs when phase > 10 is false.
  static int withFinally(int phase) {
    int r = 0;
    try {
      if (phase > 10) {
        return 1;  // cov: missed
      }
      r = phase * 2;
    } finally {
      closed++;  // cov: covered
      if (phase < 0) {
        closed--;  // cov: missed
      }
    }
    return r;
  }

  static int withCatchAndFinally(String s) {
    try {
      return Integer.parseInt(s);
    } catch (NumberFormatException e) {
      return -1;
    } finally {
      closed += 2;  // cov: covered
    }
  }

  // The finally block never runs through its exceptional copy; it is still covered.
  static int neverThrows(int phase) {
    try {
      return phase + 1;
    } finally {
      closed += 3;  // cov: covered
    }
  }
}
