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
 * replaced cmp). Every jump, ifnull/ifnonnull and if_acmpeq/ne included, also has mutant 6:
 * the jump always taken, PIT's REMOVE_CONDITIONALS_EQUAL_ELSE / _ORDER_ELSE (the condition
 * removed so that javac's "else" target always runs), infected whenever the jump is not taken.
 *
 * <p>Per execution and jump, the log holds once each: a "reached" marker {@code (id, -1 - op)}
 * with the original operator's index op (0..5, or 6 for reference compares), then
 * {@code (id, k)} for each infected mutant k. {@link Probes#drain()} appends it as its last
 * section {m, (id, k)...} and resets it. Dedupe: {@code bits[id]} holds bit k per mutant
 * logged and bit 7 for the marker; no allocation on the hot path except log growth.
 *
 * <p>Arithmetic (AOR), bitwise and shift operator replacement, as in EvoSuite: with the
 * instrumenter's mutation option, every iadd..drem, ishl..lushr and iand..lxor is replaced by
 * {@code push site id; invokestatic WeakMutation.<same mnemonic>}, e.g. {@code iadd(III)I},
 * {@code ladd(JJI)J}, {@code lshl(JII)J}, {@code fadd(FFI)F}, {@code dadd(DDI)D}. Each helper
 * returns exactly the instruction's result (int/long division and remainder by zero throw
 * ArithmeticException("/ by zero") as the JVM does) after logging, under the site's goal id, the
 * marker {@code (id, -1 - opcode)} with the original opcode and {@code (id, k)} for each
 * infected mutant, k = the replacing instruction's opcode (so k > 6 never collides with a
 * relational mutant index). The replacements are the other operators of the same group and
 * type: add/sub/mul/div/rem, and/or/xor, shl/shr/ushr. A mutant is infected when its result
 * differs from the original one (floating point: by {@code floatToIntBits} /
 * {@code doubleToLongBits}, so NaN equals NaN and 0.0 differs from -0.0), or when exactly one
 * of the two throws.
 *
 * <p>PIT's other default mutators (returns, increments, negations) are mutants {@code k = 0x100
 * + n}, n = 0..6, above every opcode and relational index; their helpers are in {@link
 * PitMutation} and log through {@link #record(int, int, int, int, int)} into this log.
 */
public final class WeakMutation {
  private WeakMutation() {}

  // Operators (by index eq, ne, lt, ge, gt, le) that are true when the compared values have
  // sign -1, 0, 1 (a < b, a == b, a > b).
  private static final int[] TRUE_OPS = {0x26, 0x29, 0x1A};
  private static final int MARKER = 0x80;
  /** The jump always taken; also the operator index of the marker of reference compares. */
  private static final int ALWAYS_JUMP = 6;

  private static byte[] bits = new byte[1 << 14];
  private static int[] log = new int[1 << 10];
  private static int logSize;

  /** Relational jump with operator index op (0..5), outcome taken, operand sign s (-1/0/1). */
  static void relational(int id, int op, int sign, boolean taken) {
    int t = TRUE_OPS[sign + 1];
    int infected = taken ? ~t & 0x3F : t | 1 << ALWAYS_JUMP;
    record(id, op, infected);
  }

  /**
   * Strong mutation of a conditional jump: the outcome under relational mutant k (0..5: the
   * operator eq, ne, lt, ge, gt, le applied to operand sign s; reference compares have none)
   * or k = 6 (the jump always taken); any other k leaves {@code taken} unchanged.
   */
  static boolean mutatedOutcome(int k, int sign, boolean taken) {
    if (k == ALWAYS_JUMP) return true;
    if (k < 0 || k > 5) return taken;
    return ((TRUE_OPS[Integer.signum(sign) + 1] >> k) & 1) != 0;
  }

  /** ifnull/ifnonnull, if_acmpeq/ne: only the jump always taken; infected when not taken. */
  static void reference(int id, boolean taken) {
    record(id, ALWAYS_JUMP, taken ? 0 : 1 << ALWAYS_JUMP);
  }

  private static void record(int id, int op, int infected) {
    record(id, -1 - op, infected, 0, 1);
  }

  /**
   * Logs the marker {@code (id, marker)} and {@code (id, base + step * k)} for each bit k of
   * {@code infected} (k <= 6), each once per execution.
   */
  static void record(int id, int marker, int infected, int base, int step) {
    byte[] b = bits;
    if (id >= b.length) {
      grow(id);
      b = bits;
    }
    int have = b[id] & 0xFF;
    int add = (infected | MARKER) & ~have;
    if (add == 0) return;
    b[id] = (byte) (have | add);
    if ((add & MARKER) != 0) append(id, marker);
    for (int k = 0; k <= ALWAYS_JUMP; k++) {
      if ((add & (1 << k)) != 0) append(id, base + step * k);
    }
  }

  // ---- Arithmetic, bitwise and shift operators ----------------------------------------
  // Operator k of a group, opcode = first + typeOffset + step * k (JVMS §6.5):
  //   arithmetic iadd 0x60, isub 0x64, imul 0x68, idiv 0x6c, irem 0x70 (step 4; i l f d)
  //   shift      ishl 0x78, ishr 0x7a, iushr 0x7c                 (step 2; i l)
  //   bitwise    iand 0x7e, ior 0x80, ixor 0x82                   (step 2; i l)
  private static final int ADD = 0x60, SHL = 0x78, AND = 0x7e;
  private static final int T_INT = 0, T_LONG = 1, T_FLOAT = 2, T_DOUBLE = 3;

  private static void arith(int id, int op, int type, int infected) {
    record(id, -1 - (ADD + type + 4 * op), infected, ADD + type, 4);
  }

  /**
   * Strong mutation: the operator index (0..n-1) of the mutant switched on at site id
   * ({@link Probes#mutantSite}, {@link Probes#mutantIndex} = base + step * index), else -1.
   */
  private static int active(int id, int base, int step, int n) {
    if (id != Probes.mutantSite) return -1;
    int d = Probes.mutantIndex - base;
    if (d < 0 || d % step != 0 || d / step >= n) return -1;
    return d / step;
  }

  // A new exception each time, with the JVM's message: the implicit one of `a / b` here
  // would become HotSpot's preallocated, message-less fast throw once this shared helper is
  // hot (OmitStackTraceInFastThrow), where the original instruction might not be.
  private static ArithmeticException divisionByZero() {
    return new ArithmeticException("/ by zero");
  }

  private static int ia(int a, int b, int k) {
    switch (k) {
      case 0: return a + b;
      case 1: return a - b;
      case 2: return a * b;
      case 3: return a / b;
      default: return a % b;
    }
  }

  private static int intArith(int a, int b, int id, int op) {
    boolean zero = b == 0;
    boolean origThrows = zero && op >= 3;
    int r = origThrows ? 0 : ia(a, b, op);
    int infected = 0;
    for (int k = 0; k < 5; k++) {
      if (k == op) continue;
      boolean t = zero && k >= 3;
      if (t != origThrows || (!t && ia(a, b, k) != r)) infected |= 1 << k;
    }
    arith(id, op, T_INT, infected);
    int m = active(id, ADD + T_INT, 4, 5);
    if (m >= 0 && m != op) {
      if (zero && m >= 3) throw divisionByZero();
      return ia(a, b, m);
    }
    if (origThrows) throw divisionByZero();
    return r;
  }

  private static long la(long a, long b, int k) {
    switch (k) {
      case 0: return a + b;
      case 1: return a - b;
      case 2: return a * b;
      case 3: return a / b;
      default: return a % b;
    }
  }

  private static long longArith(long a, long b, int id, int op) {
    boolean zero = b == 0;
    boolean origThrows = zero && op >= 3;
    long r = origThrows ? 0 : la(a, b, op);
    int infected = 0;
    for (int k = 0; k < 5; k++) {
      if (k == op) continue;
      boolean t = zero && k >= 3;
      if (t != origThrows || (!t && la(a, b, k) != r)) infected |= 1 << k;
    }
    arith(id, op, T_LONG, infected);
    int m = active(id, ADD + T_LONG, 4, 5);
    if (m >= 0 && m != op) {
      if (zero && m >= 3) throw divisionByZero();
      return la(a, b, m);
    }
    if (origThrows) throw divisionByZero();
    return r;
  }

  private static float fa(float a, float b, int k) {
    switch (k) {
      case 0: return a + b;
      case 1: return a - b;
      case 2: return a * b;
      case 3: return a / b;
      default: return a % b;
    }
  }

  private static float floatArith(float a, float b, int id, int op) {
    float r = fa(a, b, op);
    int bits = Float.floatToIntBits(r);
    int infected = 0;
    for (int k = 0; k < 5; k++) {
      if (k != op && Float.floatToIntBits(fa(a, b, k)) != bits) infected |= 1 << k;
    }
    arith(id, op, T_FLOAT, infected);
    int m = active(id, ADD + T_FLOAT, 4, 5);
    return m >= 0 ? fa(a, b, m) : r;
  }

  private static double da(double a, double b, int k) {
    switch (k) {
      case 0: return a + b;
      case 1: return a - b;
      case 2: return a * b;
      case 3: return a / b;
      default: return a % b;
    }
  }

  private static double doubleArith(double a, double b, int id, int op) {
    double r = da(a, b, op);
    long bits = Double.doubleToLongBits(r);
    int infected = 0;
    for (int k = 0; k < 5; k++) {
      if (k != op && Double.doubleToLongBits(da(a, b, k)) != bits) infected |= 1 << k;
    }
    arith(id, op, T_DOUBLE, infected);
    int m = active(id, ADD + T_DOUBLE, 4, 5);
    return m >= 0 ? da(a, b, m) : r;
  }

  private static int is(int a, int s, int k) {
    return k == 0 ? a << s : (k == 1 ? a >> s : a >>> s);
  }

  private static int intShift(int a, int s, int id, int op) {
    int r = is(a, s, op);
    int infected = 0;
    for (int k = 0; k < 3; k++) {
      if (k != op && is(a, s, k) != r) infected |= 1 << k;
    }
    record(id, -1 - (SHL + 2 * op), infected, SHL, 2);
    int m = active(id, SHL, 2, 3);
    return m >= 0 ? is(a, s, m) : r;
  }

  private static long ls(long a, int s, int k) {
    return k == 0 ? a << s : (k == 1 ? a >> s : a >>> s);
  }

  private static long longShift(long a, int s, int id, int op) {
    long r = ls(a, s, op);
    int infected = 0;
    for (int k = 0; k < 3; k++) {
      if (k != op && ls(a, s, k) != r) infected |= 1 << k;
    }
    record(id, -1 - (SHL + 1 + 2 * op), infected, SHL + 1, 2);
    int m = active(id, SHL + 1, 2, 3);
    return m >= 0 ? ls(a, s, m) : r;
  }

  private static int ib(int a, int b, int k) {
    return k == 0 ? a & b : (k == 1 ? a | b : a ^ b);
  }

  private static int intBitwise(int a, int b, int id, int op) {
    int r = ib(a, b, op);
    int infected = 0;
    for (int k = 0; k < 3; k++) {
      if (k != op && ib(a, b, k) != r) infected |= 1 << k;
    }
    record(id, -1 - (AND + 2 * op), infected, AND, 2);
    int m = active(id, AND, 2, 3);
    return m >= 0 ? ib(a, b, m) : r;
  }

  private static long lb(long a, long b, int k) {
    return k == 0 ? a & b : (k == 1 ? a | b : a ^ b);
  }

  private static long longBitwise(long a, long b, int id, int op) {
    long r = lb(a, b, op);
    int infected = 0;
    for (int k = 0; k < 3; k++) {
      if (k != op && lb(a, b, k) != r) infected |= 1 << k;
    }
    record(id, -1 - (AND + 1 + 2 * op), infected, AND + 1, 2);
    int m = active(id, AND + 1, 2, 3);
    return m >= 0 ? lb(a, b, m) : r;
  }

  // Entry points called by instrumented code: Stack ..., a, b, id -> ..., a OP b.
  public static int iadd(int a, int b, int id) { return intArith(a, b, id, 0); }
  public static int isub(int a, int b, int id) { return intArith(a, b, id, 1); }
  public static int imul(int a, int b, int id) { return intArith(a, b, id, 2); }
  public static int idiv(int a, int b, int id) { return intArith(a, b, id, 3); }
  public static int irem(int a, int b, int id) { return intArith(a, b, id, 4); }
  public static long ladd(long a, long b, int id) { return longArith(a, b, id, 0); }
  public static long lsub(long a, long b, int id) { return longArith(a, b, id, 1); }
  public static long lmul(long a, long b, int id) { return longArith(a, b, id, 2); }
  public static long ldiv(long a, long b, int id) { return longArith(a, b, id, 3); }
  public static long lrem(long a, long b, int id) { return longArith(a, b, id, 4); }
  public static float fadd(float a, float b, int id) { return floatArith(a, b, id, 0); }
  public static float fsub(float a, float b, int id) { return floatArith(a, b, id, 1); }
  public static float fmul(float a, float b, int id) { return floatArith(a, b, id, 2); }
  public static float fdiv(float a, float b, int id) { return floatArith(a, b, id, 3); }
  public static float frem(float a, float b, int id) { return floatArith(a, b, id, 4); }
  public static double dadd(double a, double b, int id) { return doubleArith(a, b, id, 0); }
  public static double dsub(double a, double b, int id) { return doubleArith(a, b, id, 1); }
  public static double dmul(double a, double b, int id) { return doubleArith(a, b, id, 2); }
  public static double ddiv(double a, double b, int id) { return doubleArith(a, b, id, 3); }
  public static double drem(double a, double b, int id) { return doubleArith(a, b, id, 4); }
  public static int ishl(int a, int s, int id) { return intShift(a, s, id, 0); }
  public static int ishr(int a, int s, int id) { return intShift(a, s, id, 1); }
  public static int iushr(int a, int s, int id) { return intShift(a, s, id, 2); }
  public static long lshl(long a, int s, int id) { return longShift(a, s, id, 0); }
  public static long lshr(long a, int s, int id) { return longShift(a, s, id, 1); }
  public static long lushr(long a, int s, int id) { return longShift(a, s, id, 2); }
  public static int iand(int a, int b, int id) { return intBitwise(a, b, id, 0); }
  public static int ior(int a, int b, int id) { return intBitwise(a, b, id, 1); }
  public static int ixor(int a, int b, int id) { return intBitwise(a, b, id, 2); }
  public static long land(long a, long b, int id) { return longBitwise(a, b, id, 0); }
  public static long lor(long a, long b, int id) { return longBitwise(a, b, id, 1); }
  public static long lxor(long a, long b, int id) { return longBitwise(a, b, id, 2); }

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
