package jtestgen.rt;

/**
 * Weak mutation (Howden 1982) for the relational operator replacement (ROR) operator, decided
 * at the mutated conditional jump by the conditional probes of {@link Probes}; as in EvoSuite
 * (Fraser and Arcuri, "Achieving scalable mutation-based generation of whole test suites",
 * EMSE 2015) a mutant is weakly killed (infected) when, at some execution of its jump, the
 * mutated condition's outcome differs from the original one.
 *
 * <p>Mutants of the jump with goal id {@code id} are numbered by the replacing operator, in
 * the order of the JVM's opcodes: 0 eq, 1 ne, 2 lt, 3 ge, 4 gt, 5 le. They mutate the
 * BYTECODE operator (javac usually jumps on the negation of the source operator; the set of
 * mutants is the same). if1 compares with 0 (for long/float/double, the -1/0/1 of the
 * replaced cmp); ifnull/ifnonnull and if_acmpeq/ne have one mutant, index 6, the negated
 * condition, infected whenever the jump runs.
 *
 * <p>Per execution and jump, the log holds once each: a "reached" marker {@code (id, -1 - op)}
 * with the original operator's index op (0..5, or 6 for reference compares), then
 * {@code (id, k)} for each infected mutant k. {@link Probes#drain()} appends it as its last
 * section {m, (id, k)...} and resets it. Dedupe: {@code bits[id]} holds bit k per mutant
 * logged and bit 7 for the marker; no allocation on the hot path except log growth.
 */
final class WeakMutation {
  private WeakMutation() {}

  // Operators (by index eq, ne, lt, ge, gt, le) that are true when the compared values have
  // sign -1, 0, 1 (a < b, a == b, a > b).
  private static final int[] TRUE_OPS = {0x26, 0x29, 0x1A};
  private static final int MARKER = 0x80;
  private static final int REF_MUTANT = 6;

  private static byte[] bits = new byte[1 << 14];
  private static int[] log = new int[1 << 10];
  private static int logSize;

  /** Relational jump with operator index op (0..5), outcome taken, operand sign s (-1/0/1). */
  static void relational(int id, int op, int sign, boolean taken) {
    int t = TRUE_OPS[sign + 1];
    int infected = taken ? ~t & 0x3F : t;
    record(id, op, infected);
  }

  /** ifnull/ifnonnull, if_acmpeq/ne: the negated condition always differs. */
  static void reference(int id) {
    record(id, REF_MUTANT, 1 << REF_MUTANT);
  }

  private static void record(int id, int op, int infected) {
    byte[] b = bits;
    if (id >= b.length) {
      grow(id);
      b = bits;
    }
    int have = b[id] & 0xFF;
    int add = (infected | MARKER) & ~have;
    if (add == 0) return;
    b[id] = (byte) (have | add);
    if ((add & MARKER) != 0) append(id, -1 - op);
    for (int k = 0; k <= REF_MUTANT; k++) {
      if ((add & (1 << k)) != 0) append(id, k);
    }
  }

  private static void append(int id, int k) {
    if (logSize + 2 > log.length) log = java.util.Arrays.copyOf(log, log.length * 2);
    log[logSize] = id;
    log[logSize + 1] = k;
    logSize += 2;
  }

  private static synchronized void grow(int id) {
    int n = bits.length;
    while (n <= id) n *= 2;
    bits = java.util.Arrays.copyOf(bits, n);
  }

  /** Number of ints {@link #drainTo} writes: 1 + 2 * pairs. */
  static int size() {
    return 1 + logSize;
  }

  /** Writes {m, (id, k)...} at out[at] (as much as fits) and resets the log. */
  static void drainTo(int[] out, int at) {
    int n = Math.min(logSize, out.length - at - 1) & ~1;
    out[at] = n / 2;
    System.arraycopy(log, 0, out, at + 1, n);
    for (int i = 0; i < logSize; i += 2) bits[log[i]] = 0;
    logSize = 0;
  }
}
