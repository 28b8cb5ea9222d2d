package jtestgen.rt;

/**
 * Receiver of the probes that jtestgen's instrumenter inserts into classes under test.
 *
 * <p>Goal ids are global ints assigned by the instrumenter (see src/instrument/plan.h): a
 * block probe records its block's id; a conditional jump records {@code id} when the jump
 * is taken and {@code id + 1} when it falls through; a switch records its id and the key so
 * that the engine maps the key to a case. Each goal id reached during an execution is logged
 * once; {@link #drain()} hands the log to the engine and resets it.
 *
 * <p>Budgets: every backward jump calls {@link #loop()}, which throws {@link BudgetExceeded}
 * past the iteration limit or the deadline, so runaway code under test stops.
 *
 * <p>This class is defined by the engine on the bootstrap class loader; it is not on the
 * user's classpath and generated tests never reference it.
 */
public final class Probes {
  private Probes() {}

  private static byte[] seen = new byte[1 << 16];
  private static int[] log = new int[1 << 12];
  private static int logSize;
  private static int[] switchLog = new int[1 << 12];
  private static int switchLogSize;

  /** Completed backward jumps in the current execution. */
  public static long iterations;
  /** Backward jumps allowed per execution. */
  public static long iterationLimit = Long.MAX_VALUE;
  /** System.nanoTime() after which loop() throws. */
  public static long deadlineNanos = Long.MAX_VALUE;

  public static void hit(int id) {
    byte[] s = seen;
    if (id >= s.length) {
      grow(id);
      s = seen;
    }
    if (s[id] == 0) {
      s[id] = 1;
      if (logSize == log.length) log = java.util.Arrays.copyOf(log, logSize * 2);
      log[logSize++] = id;
    }
  }

  private static synchronized void grow(int id) {
    int n = seen.length;
    while (n <= id) n *= 2;
    seen = java.util.Arrays.copyOf(seen, n);
  }

  /** ifeq..ifle: stack before the jump holds v; opcode is the jump's opcode. */
  public static void if1(int v, int opcode, int id) {
    boolean taken;
    switch (opcode) {
      case 0x99: taken = v == 0; break;
      case 0x9a: taken = v != 0; break;
      case 0x9b: taken = v < 0; break;
      case 0x9c: taken = v >= 0; break;
      case 0x9d: taken = v > 0; break;
      default: taken = v <= 0; break;
    }
    hit(taken ? id : id + 1);
  }

  /** if_icmpeq..if_icmple. */
  public static void if2(int a, int b, int opcode, int id) {
    boolean taken;
    switch (opcode) {
      case 0x9f: taken = a == b; break;
      case 0xa0: taken = a != b; break;
      case 0xa1: taken = a < b; break;
      case 0xa2: taken = a >= b; break;
      case 0xa3: taken = a > b; break;
      default: taken = a <= b; break;
    }
    hit(taken ? id : id + 1);
  }

  /** ifnull (0xc6) / ifnonnull (0xc7). */
  public static void ifNull(Object o, int opcode, int id) {
    boolean taken = (opcode == 0xc6) == (o == null);
    hit(taken ? id : id + 1);
  }

  /** if_acmpeq (0xa5) / if_acmpne (0xa6). */
  public static void ifAcmp(Object a, Object b, int opcode, int id) {
    boolean taken = (opcode == 0xa5) == (a == b);
    hit(taken ? id : id + 1);
  }

  /** tableswitch / lookupswitch with switch id `id` on key v. */
  public static void sw(int v, int id) {
    int n = switchLogSize;
    for (int i = 0; i < n; i += 2) {
      if (switchLog[i] == id && switchLog[i + 1] == v) return;
    }
    if (n + 2 > switchLog.length) {
      if (n >= (1 << 16)) return;
      switchLog = java.util.Arrays.copyOf(switchLog, n * 2);
    }
    switchLog[n] = id;
    switchLog[n + 1] = v;
    switchLogSize = n + 2;
  }

  /** Called before every backward jump. */
  public static void loop() {
    long i = ++iterations;
    if (i > iterationLimit) {
      throw new BudgetExceeded("loop iteration budget of " + iterationLimit + " exceeded");
    }
    if ((i & 1023) == 0 && System.nanoTime() > deadlineNanos) {
      throw new BudgetExceeded("time budget exceeded");
    }
  }

  /** Replaces System.exit(int) in instrumented code. */
  public static void exit(int status) {
    throw new ExitAttempt(status);
  }

  /** Replaces Runtime.exit(int) and Runtime.halt(int) in instrumented code. */
  public static void runtimeExit(Runtime r, int status) {
    throw new ExitAttempt(status);
  }

  /** Starts an execution: clears counters and sets its budgets. */
  public static void begin(long iterationLimit, long deadlineNanos) {
    iterations = 0;
    Probes.iterationLimit = iterationLimit;
    Probes.deadlineNanos = deadlineNanos;
  }

  /**
   * Ends an execution: returns the goal ids reached, then the switch records, as
   * {logSize, id..., switchPairs, (switchId, key)...}, and resets both logs.
   */
  public static int[] drain() {
    int n = logSize;
    int m = switchLogSize;
    int[] out = new int[2 + n + m];
    out[0] = n;
    for (int i = 0; i < n; i++) {
      out[1 + i] = log[i];
      seen[log[i]] = 0;
    }
    out[1 + n] = m / 2;
    System.arraycopy(switchLog, 0, out, 2 + n, m);
    logSize = 0;
    switchLogSize = 0;
    iterationLimit = Long.MAX_VALUE;
    deadlineNanos = Long.MAX_VALUE;
    Thread.interrupted();  // a watchdog interrupt must not leak into the next execution
    return out;
  }
}
