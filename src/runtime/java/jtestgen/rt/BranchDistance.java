package jtestgen.rt;

/**
 * Branch distances of the outcomes that conditional jumps did NOT take, for the search's
 * fitness (DynaMOSA: approach level + d / (d + 1)).
 *
 * <p>Distances follow the standard table (Korel 1990; Tracey et al.; McMinn 2004, "Search-based
 * software test data generation: a survey", §3.2; EvoSuite's BranchDistance) with K = 1: the
 * distance for {@code a REL b} to become true is
 * <pre>
 *   a == b : |a - b|        a != b : K
 *   a &lt;  b : a - b + K     a &lt;= b : a - b
 *   a &gt;  b : b - a + K     a &gt;= b : b - a
 * </pre>
 * The outcome that was taken has distance 0 and is reported as reached by {@link Probes#hit}.
 *
 * <p>Per goal id (jump taken = {@code id}, falls through = {@code id + 1}) the minimum distance
 * seen in the current execution is kept in {@code min}, with a touched-log so that
 * {@link #drainTo} costs O(goals touched). Recorded values are clamped to
 * [Float.MIN_VALUE, Float.MAX_VALUE] (NaN, i.e. an unordered float/double comparison, counts as
 * Float.MAX_VALUE) because the engine receives them as floats and 0 marks "not recorded".
 *
 * <p>Not thread-safe, like the rest of Probes: executions run one at a time.
 */
final class BranchDistance {
  private BranchDistance() {}

  static final double K = 1.0;
  private static final double MIN = Float.MIN_VALUE;
  private static final double MAX = Float.MAX_VALUE;

  private static double[] min = new double[1 << 16];  // 0 = nothing recorded this execution
  private static int[] log = new int[1 << 12];
  private static int logSize;

  /**
   * Records the distance of the outcome not taken by a jump whose condition is {@code a REL b}.
   * rel 0..5 = ==, !=, &lt;, &gt;=, &gt;, &lt;= (the JVM's if&lt;cond&gt; order); {@code taken}
   * says whether the condition held (the jump was taken).
   */
  static void record(int rel, double a, double b, boolean taken, int id) {
    double d;
    switch (rel) {
      case 0: d = taken ? K : Math.abs(a - b); break;      // ==  (not taken: needs ==)
      case 1: d = taken ? Math.abs(a - b) : K; break;      // !=
      case 2: d = taken ? b - a : a - b + K; break;        // <   (taken: needs >=)
      case 3: d = taken ? a - b + K : b - a; break;        // >=
      case 4: d = taken ? a - b : b - a + K; break;        // >
      default: d = taken ? b - a + K : a - b; break;       // <=
    }
    miss(taken ? id + 1 : id, d);
  }

  /** Records distance d > 0 for goal {@code goal}, keeping the minimum. */
  static void miss(int goal, double d) {
    if (!(d >= MIN)) {
      d = d != d ? MAX : MIN;  // NaN: unordered; <= 0 only from rounding
    } else if (d > MAX) {
      d = MAX;
    }
    double[] m = min;
    if (goal >= m.length) {
      grow(goal);
      m = min;
    }
    double old = m[goal];
    if (old == 0) {
      m[goal] = d;
      if (logSize == log.length) log = java.util.Arrays.copyOf(log, logSize * 2);
      log[logSize++] = goal;
    } else if (d < old) {
      m[goal] = d;
    }
  }

  private static synchronized void grow(int goal) {
    int n = min.length;
    while (n <= goal) n *= 2;
    min = java.util.Arrays.copyOf(min, n);
  }

  /**
   * Drops the goals that were reached ({@code seen[goal] != 0}) from the log and returns how
   * many remain. Call before {@link #drainTo}, while {@code seen} still holds this execution.
   */
  static int keepUnreached(byte[] seen) {
    int kept = 0;
    for (int i = 0; i < logSize; i++) {
      int g = log[i];
      if (g < seen.length && seen[g] != 0) {
        min[g] = 0;
      } else {
        log[kept++] = g;
      }
    }
    logSize = kept;
    return kept;
  }

  /** Writes (goal, Float.floatToIntBits(distance)) pairs at out[at...] and resets. */
  static void drainTo(int[] out, int at) {
    for (int i = 0; i < logSize; i++) {
      int g = log[i];
      out[at++] = g;
      out[at++] = Float.floatToIntBits((float) min[g]);
      min[g] = 0;
    }
    logSize = 0;
  }
}
