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
 * <p>PIT's other default mutators (https://pitest.org/quickstart/mutators/; the instrumenter's
 * pit_mutators.h says where they apply) are mutants {@code k = 0x100 + n}, above every opcode
 * and relational index: n = 0 TRUE_RETURNS, 1 FALSE_RETURNS, 2 PRIMITIVE_RETURNS, 3
 * EMPTY_RETURNS, 4 NULL_RETURNS, 5 INCREMENTS, 6 INVERT_NEGS. Their helpers replace the
 * instruction and log the marker {@code (id, -1 - opcode)} of the replaced instruction
 * (ireturn..areturn, iinc, ineg..dneg) and {@code (id, 0x100 + n)} per infected mutant (dedupe
 * bit n). Returns: {@code zreturn(II)I}, {@code boolReturn} (TRUE/FALSE_RETURNS, infected when
 * the returned boolean is not already that value), {@code ireturn(II)I}, {@code lreturn(JI)J},
 * {@code freturn(FI)F}, {@code dreturn(DI)D} (PRIMITIVE_RETURNS, infected when the value is not
 * 0, floating point by raw bits as above), {@code emptyReturn(Object, kind, id)} (EMPTY_RETURNS,
 * see {@link #empty}; infected unless the value is already empty, see {@link #isEmpty}),
 * {@code nullReturn} (NULL_RETURNS, infected when the value is not null); each returns the value
 * to return, the instrumented code then casts a reference to the declared type. {@code
 * iinc(value, c, id)} (INCREMENTS: {@code value - c} instead of {@code value + c}, infected
 * whenever c != 0) and {@code ineg(II)I}, {@code lneg(JI)J}, {@code fneg(FI)F}, {@code
 * dneg(DI)D} (INVERT_NEGS: the operand unchanged, infected when it differs from its negation).
 */
public final class WeakMutation {
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

  /**
   * Strong mutation of a conditional jump: the outcome under relational mutant k (0..5: the
   * operator eq, ne, lt, ge, gt, le applied to operand sign s) or k = 6 (reference compares:
   * the negation); any other k leaves {@code taken} unchanged.
   */
  static boolean mutatedOutcome(int k, int sign, boolean taken) {
    if (k == REF_MUTANT) return !taken;
    if (k < 0 || k > 5) return taken;
    return ((TRUE_OPS[Integer.signum(sign) + 1] >> k) & 1) != 0;
  }

  /** ifnull/ifnonnull, if_acmpeq/ne: the negated condition always differs. */
  static void reference(int id) {
    record(id, REF_MUTANT, 1 << REF_MUTANT);
  }

  private static void record(int id, int op, int infected) {
    record(id, -1 - op, infected, 0, 1);
  }

  /**
   * Logs the marker {@code (id, marker)} and {@code (id, base + step * k)} for each bit k of
   * {@code infected} (k <= 6), each once per execution.
   */
  private static void record(int id, int marker, int infected, int base, int step) {
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
    for (int k = 0; k <= REF_MUTANT; k++) {
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

  // ---- PIT's mutators: mutant 0x100 + n ----------------------------------------------
  private static final int PIT = 0x100;
  private static final int TRUE_RETURNS = 0, FALSE_RETURNS = 1, PRIMITIVE_RETURNS = 2,
      EMPTY_RETURNS = 3, NULL_RETURNS = 4, INCREMENTS = 5, INVERT_NEGS = 6;
  private static final int IRETURN = 0xac, LRETURN = 0xad, FRETURN = 0xae, DRETURN = 0xaf,
      ARETURN = 0xb0, IINC = 0x84, INEG = 0x74;

  /** Logs the marker of the replaced instruction {@code opcode} and the infected PIT mutants. */
  private static void pit(int id, int opcode, int infected) {
    record(id, -1 - opcode, infected, PIT, 1);
  }

  /** Whether PIT mutant n of site id is switched on (strong mutation). */
  private static boolean on(int id, int n) {
    return id == Probes.mutantSite && Probes.mutantIndex == PIT + n;
  }

  private static int bit(boolean infected, int n) {
    return infected ? 1 << n : 0;
  }

  /**
   * The value EMPTY_RETURNS returns for a kind (the instrumenter's ReturnMutation::empty_kind):
   * 0 "", 1 Optional.empty(), 2 Collections.emptyList() (List, Collection, Iterable), 3
   * emptySet(), 4 emptyMap(), 5 Stream.empty(), 6..11 a boxed 0 (Integer, Short, Character,
   * Long, Float, Double).
   */
  static Object empty(int kind) {
    switch (kind) {
      case 0: return "";
      case 1: return java.util.Optional.empty();
      case 2: return java.util.Collections.emptyList();
      case 3: return java.util.Collections.emptySet();
      case 4: return java.util.Collections.emptyMap();
      case 5: return java.util.stream.Stream.empty();
      case 6: return Integer.valueOf(0);
      case 7: return Short.valueOf((short) 0);
      case 8: return Character.valueOf((char) 0);
      case 9: return Long.valueOf(0L);
      case 10: return Float.valueOf(0f);
      default: return Double.valueOf(0d);
    }
  }

  /**
   * Whether v already equals the empty value of its kind, so that EMPTY_RETURNS changes
   * nothing. Collections and maps count when empty and of a JDK class (bootstrap loader): the
   * isEmpty() of any other class is user code, which must not run (or show as covered) for the
   * log, so such a value counts as infected, as does one whose isEmpty() throws. A stream cannot
   * be inspected without consuming it: always infected. Null is never empty. Never throws.
   */
  static boolean isEmpty(Object v, int kind) {
    if (v == null) return false;
    try {
      switch (kind) {
        case 0: return v instanceof String && ((String) v).isEmpty();
        case 1: return v instanceof java.util.Optional && !((java.util.Optional<?>) v).isPresent();
        case 2:
        case 3:
          return v instanceof java.util.Collection && v.getClass().getClassLoader() == null
              && ((java.util.Collection<?>) v).isEmpty();
        case 4:
          return v instanceof java.util.Map && v.getClass().getClassLoader() == null
              && ((java.util.Map<?, ?>) v).isEmpty();
        case 5: return false;
        case 6: return v instanceof Integer && (Integer) v == 0;
        case 7: return v instanceof Short && (Short) v == 0;
        case 8: return v instanceof Character && (Character) v == 0;
        case 9: return v instanceof Long && (Long) v == 0L;
        case 10: return v instanceof Float && Float.floatToIntBits((Float) v) == 0;
        default: return v instanceof Double && Double.doubleToLongBits((Double) v) == 0L;
      }
    } catch (RuntimeException e) {
      return false;
    }
  }

  // Entry points called by instrumented code, replacing a return: Stack ..., v, id -> ..., v'.
  public static int zreturn(int v, int id) {
    boolean t = (v & 1) != 0;  // ireturn in a boolean method keeps the low bit (JVMS §6.5)
    pit(id, IRETURN, bit(!t, TRUE_RETURNS) | bit(t, FALSE_RETURNS));
    if (on(id, TRUE_RETURNS)) return 1;
    if (on(id, FALSE_RETURNS)) return 0;
    return v;
  }

  public static Object boolReturn(Object v, int id) {
    pit(id, ARETURN, bit(!Boolean.TRUE.equals(v), TRUE_RETURNS)
        | bit(!Boolean.FALSE.equals(v), FALSE_RETURNS));
    if (on(id, TRUE_RETURNS)) return Boolean.TRUE;
    if (on(id, FALSE_RETURNS)) return Boolean.FALSE;
    return v;
  }

  public static int ireturn(int v, int id) {
    pit(id, IRETURN, bit(v != 0, PRIMITIVE_RETURNS));
    return on(id, PRIMITIVE_RETURNS) ? 0 : v;
  }

  public static long lreturn(long v, int id) {
    pit(id, LRETURN, bit(v != 0L, PRIMITIVE_RETURNS));
    return on(id, PRIMITIVE_RETURNS) ? 0L : v;
  }

  public static float freturn(float v, int id) {
    pit(id, FRETURN, bit(Float.floatToIntBits(v) != 0, PRIMITIVE_RETURNS));
    return on(id, PRIMITIVE_RETURNS) ? 0f : v;
  }

  public static double dreturn(double v, int id) {
    pit(id, DRETURN, bit(Double.doubleToLongBits(v) != 0L, PRIMITIVE_RETURNS));
    return on(id, PRIMITIVE_RETURNS) ? 0d : v;
  }

  /** Stack ..., v, kind, id -> ..., v' (kind: see {@link #empty}). */
  public static Object emptyReturn(Object v, int kind, int id) {
    pit(id, ARETURN, bit(!isEmpty(v, kind), EMPTY_RETURNS));
    return on(id, EMPTY_RETURNS) ? empty(kind) : v;
  }

  public static Object nullReturn(Object v, int id) {
    pit(id, ARETURN, bit(v != null, NULL_RETURNS));
    return on(id, NULL_RETURNS) ? null : v;
  }

  /** Replaces {@code iinc var, c}: Stack ..., value, c, id -> ..., value + c (or value - c). */
  public static int iinc(int value, int c, int id) {
    pit(id, IINC, bit(c != 0, INCREMENTS));
    return on(id, INCREMENTS) ? value - c : value + c;
  }

  // Replace ineg..dneg: Stack ..., v, id -> ..., -v (or v).
  public static int ineg(int v, int id) {
    pit(id, INEG, bit(v != -v, INVERT_NEGS));
    return on(id, INVERT_NEGS) ? v : -v;
  }

  public static long lneg(long v, int id) {
    pit(id, INEG + 1, bit(v != -v, INVERT_NEGS));
    return on(id, INVERT_NEGS) ? v : -v;
  }

  public static float fneg(float v, int id) {
    pit(id, INEG + 2, bit(Float.floatToIntBits(v) != Float.floatToIntBits(-v), INVERT_NEGS));
    return on(id, INVERT_NEGS) ? v : -v;
  }

  public static double dneg(double v, int id) {
    pit(id, INEG + 3, bit(Double.doubleToLongBits(v) != Double.doubleToLongBits(-v), INVERT_NEGS));
    return on(id, INVERT_NEGS) ? v : -v;
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
