package jtestgen.rt;

/**
 * Recorder of the read probes of {@code jtestgen perf}'s redundancy oracle (Toddler: Nistor,
 * Song, Marinov, Lu, ICSE 2013; see src/instrument/read_probes.h and src/perf/read_oracle.h).
 *
 * <p>For one run, one loop of one method is rewritten so that
 * <ul>
 *   <li>every entry into its header calls {@link #head()};</li>
 *   <li>every back edge calls {@link #back()} just before it jumps to the header (and, for a
 *       conditional back edge, {@link #noBack()} on its fall-through, where it did not);</li>
 *   <li>every getfield, getstatic and array-element load in its body passes the value it read
 *       and its site id to {@link #i}, {@link #j}, {@link #f}, {@link #d} or {@link #a}.</li>
 * </ul>
 * The log is a flat list of (tag, value) pairs: tag -1 = a new execution of the loop (the
 * header reached without a back edge), -2 = a new iteration (reached over a back edge),
 * tag >= 0 = a read at that site, with the value as a long (float/double: raw bits;
 * references: System.identityHashCode, null = 0).
 *
 * <p>Only the thread of the current execution records ({@link Probes#owner}, set by
 * {@link Probes#begin}), only while armed, and {@link Probes#begin} clears the log, so with the
 * executor's window on the last statement only the call under test is recorded. Uses no
 * java.util class but Arrays (never instrumented), so a probe in java.util never re-enters.
 */
public final class Reads {
  private Reads() {}

  private static boolean armed;
  private static int limit;           // most longs kept (2 per event)
  private static long[] log = new long[0];
  private static int size;
  private static boolean overflow;
  private static boolean backPending;

  /** Starts recording, keeping at most {@code maxEvents} events (the rest set the overflow flag). */
  public static void arm(int maxEvents) {
    limit = maxEvents > (1 << 29) ? (1 << 30) : 2 * Math.max(1, maxEvents);
    log = new long[Math.min(limit, 1 << 12)];
    armed = true;
    clear();
  }

  /**
   * Stops recording and returns {overflow (1/0), tag, value, tag, value, ...}; frees the log.
   */
  public static long[] disarm() {
    armed = false;
    long[] out = new long[size + 1];
    out[0] = overflow ? 1 : 0;
    System.arraycopy(log, 0, out, 1, size);
    log = new long[0];
    size = 0;
    return out;
  }

  /** Called by Probes.begin: a new (window of an) execution starts with an empty log. */
  static void clear() {
    size = 0;
    overflow = false;
    backPending = false;
  }

  private static boolean mine() {
    return armed && Thread.currentThread() == Probes.owner;
  }

  private static void add(long tag, long value) {
    int n = size;
    if (n + 2 > log.length) {
      if (n + 2 > limit) {
        overflow = true;
        return;
      }
      log = java.util.Arrays.copyOf(log, (int) Math.min((long) limit, 2L * log.length + 2));
    }
    log[n] = tag;
    log[n + 1] = value;
    size = n + 2;
  }

  /** At the loop header: a new iteration after a back edge, else a new execution. */
  public static void head() {
    if (!mine()) return;
    add(backPending ? -2 : -1, 0);
    backPending = false;
  }

  /** Just before a back edge jumps to the header. */
  public static void back() {
    if (mine()) backPending = true;
  }

  /** On the fall-through of a conditional back edge: it did not jump. */
  public static void noBack() {
    if (mine()) backPending = false;
  }

  /** int, short, char, byte and boolean reads. */
  public static void i(int v, int site) {
    if (mine()) add(site, v);
  }

  public static void j(long v, int site) {
    if (mine()) add(site, v);
  }

  public static void f(float v, int site) {
    if (mine()) add(site, Float.floatToRawIntBits(v));
  }

  public static void d(double v, int site) {
    if (mine()) add(site, Double.doubleToRawLongBits(v));
  }

  /** Reference reads, by identity. */
  public static void a(Object v, int site) {
    if (mine()) add(site, v == null ? 0 : System.identityHashCode(v));
  }
}
