package jtestgen.rt;

/**
 * Receiver of the probes that jtestgen's instrumenter inserts into classes under test.
 *
 * <p>Goal ids are global ints assigned by the instrumenter (see src/instrument/plan.h): a
 * block probe records its block's id; a conditional jump records {@code id} when the jump
 * is taken and {@code id + 1} when it falls through; a switch records its id and the key so
 * that the engine maps the key to a case. Each goal id reached during an execution is logged
 * once; {@link #drain()} hands the log to the engine and resets it. Conditional probes also
 * record the branch distance of the outcome not taken ({@link BranchDistance}); lcmp,
 * fcmpl/fcmpg and dcmpl/dcmpg are replaced by calls to the same-named methods here, which
 * return the instruction's result and let the following if1 measure the operands.
 * Conditional probes also log the weakly killed relational-operator mutants of the jump
 * ({@link WeakMutation}).
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
  // Executions of each goal id's probe in the current execution (aDynaMOSA's frequency
  // proxies); nonzero only for ids in the log, which counts() reads and resets.
  private static int[] counts = new int[1 << 16];
  private static int[] log = new int[1 << 12];
  private static int logSize;
  private static int[] switchLog = new int[1 << 12];
  private static int switchLogSize;
  // Operand difference stashed by the last lcmp/fcmp?/dcmp? replacement, for the next if1.
  private static boolean cmpPending;
  private static double cmpDiff;

  /**
   * The one mutant switched on (strong mutation, for assertion filtering): the goal id of its
   * mutation site and its index there; 0 / -1 when none. Set by the engine between
   * executions; mutation probes return the mutated result when their site and index match.
   */
  public static int mutantSite;
  public static int mutantIndex = -1;

  // The thread running the current execution (set by begin, cleared by drain): the only one
  // whose probes in shared JDK code count (hitOwner, and Reads). Other JVM threads use the
  // same classes.
  static Thread owner;

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
    counts[id]++;
    if (s[id] == 0) {
      s[id] = 1;
      if (logSize == log.length) log = java.util.Arrays.copyOf(log, logSize * 2);
      log[logSize++] = id;
    }
  }

  /**
   * Block probe of the JDK classes instrumented for iteration counting ({@code jtestgen perf}):
   * counts like {@link #hit} but only on the thread of the current execution, between
   * {@link #begin} and {@link #drain}. Must use no class it is called from (java.util
   * collections): Probes itself uses only arrays and java.util.Arrays.
   */
  public static void hitOwner(int id) {
    if (Thread.currentThread() == owner) hit(id);
  }

  private static synchronized void grow(int id) {
    int n = seen.length;
    while (n <= id) n *= 2;
    seen = java.util.Arrays.copyOf(seen, n);
    counts = java.util.Arrays.copyOf(counts, n);
  }

  /**
   * How often each goal id logged in the current execution was hit, in log order (the order
   * of the ids {@link #drain()} returns next); drain() resets them, so call this first.
   */
  public static int[] counts() {
    int n = logSize;
    int[] out = new int[n];
    for (int i = 0; i < n; i++) {
      int c = counts[log[i]];
      out[i] = c < 0 ? Integer.MAX_VALUE : c;  // an overflowed count
    }
    return out;
  }

  /**
   * ifeq..ifle: stack before the jump holds v; opcode is the jump's opcode. When v is the
   * result of a replaced lcmp/fcmp?/dcmp? (see {@link #lcmp}), the operand difference it
   * stashed stands in for v in the branch distance.
   */
  public static void if1(int v, int opcode, int id) {
    cond1(v, opcode, id);
  }

  /**
   * Strong-mutation form of {@link #if1} (instrumenter's mutation option): consumes v and
   * returns whether to jump (1/0), the relational mutant's outcome when the mutant switched
   * on ({@link #mutantSite}, {@link #mutantIndex}) is one of this jump's.
   */
  public static int if1m(int v, int opcode, int id) {
    boolean taken = cond1(v, opcode, id);
    if (id == mutantSite) taken = WeakMutation.mutatedOutcome(mutantIndex, Integer.signum(v), taken);
    return taken ? 1 : 0;
  }

  private static boolean cond1(int v, int opcode, int id) {
    double a = v;
    if (cmpPending) {
      cmpPending = false;
      double s = cmpDiff;
      // Use the stash only if it agrees with v (a cmp whose result was not jumped on at once
      // may have left it); NaN is an unordered compare (v = -1 or 1 by the l/g variant).
      if (v != 0 && ((v < 0 ? s < 0 : s > 0) || s != s)) a = s;
    }
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
    BranchDistance.record(opcode - 0x99, a, 0, taken, id);
    WeakMutation.relational(id, opcode - 0x99, v < 0 ? -1 : (v == 0 ? 0 : 1), taken);
    return taken;
  }

  /** if_icmpeq..if_icmple. */
  public static void if2(int a, int b, int opcode, int id) {
    cond2(a, b, opcode, id);
  }

  /** Strong-mutation form of {@link #if2}; see {@link #if1m}. */
  public static int if2m(int a, int b, int opcode, int id) {
    boolean taken = cond2(a, b, opcode, id);
    if (id == mutantSite) {
      taken = WeakMutation.mutatedOutcome(mutantIndex, Integer.compare(a, b), taken);
    }
    return taken ? 1 : 0;
  }

  private static boolean cond2(int a, int b, int opcode, int id) {
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
    BranchDistance.record(opcode - 0x9f, a, b, taken, id);
    WeakMutation.relational(id, opcode - 0x9f, a < b ? -1 : (a == b ? 0 : 1), taken);
    return taken;
  }

  /** ifnull (0xc6) / ifnonnull (0xc7). The outcome not taken has distance K. */
  public static void ifNull(Object o, int opcode, int id) {
    boolean taken = (opcode == 0xc6) == (o == null);
    hit(taken ? id : id + 1);
    BranchDistance.miss(taken ? id + 1 : id, BranchDistance.K);
    WeakMutation.reference(id, taken);
  }

  /** Strong-mutation form of {@link #ifNull}: under the reference mutant the jump is taken. */
  public static int ifNullM(Object o, int opcode, int id) {
    ifNull(o, opcode, id);
    boolean taken = (opcode == 0xc6) == (o == null);
    if (id == mutantSite) taken = WeakMutation.mutatedOutcome(mutantIndex, 0, taken);
    return taken ? 1 : 0;
  }

  /** if_acmpeq (0xa5) / if_acmpne (0xa6). The outcome not taken has distance K. */
  public static void ifAcmp(Object a, Object b, int opcode, int id) {
    boolean taken = (opcode == 0xa5) == (a == b);
    hit(taken ? id : id + 1);
    BranchDistance.miss(taken ? id + 1 : id, BranchDistance.K);
    WeakMutation.reference(id, taken);
  }

  /** Strong-mutation form of {@link #ifAcmp}; see {@link #ifNullM}. */
  public static int ifAcmpM(Object a, Object b, int opcode, int id) {
    ifAcmp(a, b, opcode, id);
    boolean taken = (opcode == 0xa5) == (a == b);
    if (id == mutantSite) taken = WeakMutation.mutatedOutcome(mutantIndex, 0, taken);
    return taken ? 1 : 0;
  }

  // Replacements of lcmp, fcmpl, fcmpg, dcmpl, dcmpg (JVMS §6.5): each returns exactly the
  // instruction's result and stashes a - b (as double; NaN if unordered) for the if1 that
  // follows, so that its branch distance measures the operands rather than -1/0/1.

  /** lcmp: Stack ..., long a, long b -> ..., int. */
  public static int lcmp(long a, long b) {
    long d = a - b;
    // Exact difference unless it overflows (then the double one, whose sign may round to 0).
    cmpDiff = ((a ^ b) & (a ^ d)) < 0 ? (double) a - (double) b : (double) d;
    cmpPending = true;
    return a < b ? -1 : (a == b ? 0 : 1);
  }

  /** fcmpl: NaN -> -1. */
  public static int fcmpl(float a, float b) {
    cmpDiff = (double) a - (double) b;
    cmpPending = true;
    return a > b ? 1 : (a == b ? 0 : -1);
  }

  /** fcmpg: NaN -> 1. */
  public static int fcmpg(float a, float b) {
    cmpDiff = (double) a - (double) b;
    cmpPending = true;
    return a < b ? -1 : (a == b ? 0 : 1);
  }

  /** dcmpl: NaN -> -1. */
  public static int dcmpl(double a, double b) {
    cmpDiff = a - b;
    cmpPending = true;
    return a > b ? 1 : (a == b ? 0 : -1);
  }

  /** dcmpg: NaN -> 1. */
  public static int dcmpg(double a, double b) {
    cmpDiff = a - b;
    cmpPending = true;
    return a < b ? -1 : (a == b ? 0 : 1);
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
    Sandbox.exit(status);  // records it for the current execution, whatever the thread
    throw new ExitAttempt(status);
  }

  /** Replaces Runtime.exit(int) and Runtime.halt(int) in instrumented code. */
  public static void runtimeExit(Runtime r, int status) {
    Sandbox.exit(status);
    throw new ExitAttempt(status);
  }

  /** Starts an execution: clears counters and sets its budgets. */
  public static void begin(long iterationLimit, long deadlineNanos) {
    owner = Thread.currentThread();
    Reads.clear();
    iterations = 0;
    cmpPending = false;
    Probes.iterationLimit = iterationLimit;
    Probes.deadlineNanos = deadlineNanos;
  }

  /**
   * Ends an execution: returns the goal ids reached, the switch records and the branch
   * distances of outcomes not reached (see {@link BranchDistance}) as
   * {logSize, id..., switchPairs, (switchId, key)..., d, (goalId, floatToIntBits(dist))...,
   * m, (conditional id, mutant index or -1 - original operator)...} (the last section from
   * {@link WeakMutation}), and resets all of them.
   */
  public static int[] drain() {
    owner = null;
    int n = logSize;
    int m = switchLogSize;
    int d = BranchDistance.keepUnreached(seen);
    int w = WeakMutation.size();
    int[] out = new int[3 + n + m + 2 * d + w];
    out[0] = n;
    for (int i = 0; i < n; i++) {
      out[1 + i] = log[i];
      seen[log[i]] = 0;
      counts[log[i]] = 0;
    }
    out[1 + n] = m / 2;
    System.arraycopy(switchLog, 0, out, 2 + n, m);
    out[2 + n + m] = d;
    BranchDistance.drainTo(out, 3 + n + m);
    WeakMutation.drainTo(out, 3 + n + m + 2 * d);
    logSize = 0;
    switchLogSize = 0;
    cmpPending = false;
    iterationLimit = Long.MAX_VALUE;
    deadlineNanos = Long.MAX_VALUE;
    Thread.interrupted();  // a watchdog interrupt must not leak into the next execution
    return out;
  }
}
