package jtestgen.rt;

/**
 * Weak and strong mutation for PIT's default mutators beyond ROR and AOR (Coles et al., PIT,
 * https://pitest.org/quickstart/mutators/; the instrumenter's pit_mutators.h says where they
 * apply): mutants {@code k = 0x100 + n}, above every opcode and relational index of {@link
 * WeakMutation}, whose log they share: n = 0 TRUE_RETURNS, 1 FALSE_RETURNS, 2
 * PRIMITIVE_RETURNS, 3 EMPTY_RETURNS, 4 NULL_RETURNS, 5 INCREMENTS, 6 INVERT_NEGS, 7
 * VOID_METHOD_CALLS.
 *
 * <p>Each helper replaces one instruction and logs, once per execution, the marker {@code (id,
 * -1 - opcode)} of the replaced instruction (ireturn..areturn, iinc, ineg..dneg) and {@code (id,
 * 0x100 + n)} per infected mutant (dedupe bit n of WeakMutation's per-id byte), then returns
 * the original value, or the mutant's when {@link Probes#mutantSite} is the site and {@link
 * Probes#mutantIndex} the mutant (strong mutation). Returns: {@code zreturn(II)I}, {@code
 * boolReturn} (TRUE/FALSE_RETURNS, infected when the returned boolean is not already that
 * value), {@code ireturn(II)I}, {@code lreturn(JI)J}, {@code freturn(FI)F}, {@code
 * dreturn(DI)D} (PRIMITIVE_RETURNS, infected when the value is not 0; floating point by {@code
 * floatToIntBits}/{@code doubleToLongBits}, so -0.0 is not 0), {@code emptyReturn(Object, kind,
 * id)} (EMPTY_RETURNS, see {@link #empty}; infected unless the value is already empty, see
 * {@link #isEmpty}), {@code nullReturn} (NULL_RETURNS, infected when the value is not null);
 * the instrumented code casts a returned reference to the declared type. {@code iinc(value, c,
 * id)} (INCREMENTS: {@code value - c} instead of {@code value + c}, infected whenever c != 0);
 * {@code ineg(II)I}, {@code lneg(JI)J}, {@code fneg(FI)F}, {@code dneg(DI)D} (INVERT_NEGS: the
 * operand unchanged, infected when it differs from its negation, by raw bits for floating point).
 * {@code voidCall(id, opcode)} (VOID_METHOD_CALLS: called by the instrumenter's per-class helper before
 * the call of a void method, which runs only when it returns true; a removed call always counts
 * as infected).
 */
public final class PitMutation {
  private PitMutation() {}

  private static final int PIT = 0x100;
  private static final int TRUE_RETURNS = 0, FALSE_RETURNS = 1, PRIMITIVE_RETURNS = 2,
      EMPTY_RETURNS = 3, NULL_RETURNS = 4, INCREMENTS = 5, INVERT_NEGS = 6,
      VOID_METHOD_CALLS = 7;
  private static final int IRETURN = 0xac, LRETURN = 0xad, FRETURN = 0xae, DRETURN = 0xaf,
      ARETURN = 0xb0, IINC = 0x84, INEG = 0x74;

  /** Logs the marker of the replaced instruction {@code opcode} and the infected PIT mutants. */
  private static void pit(int id, int opcode, int infected) {
    WeakMutation.record(id, -1 - opcode, infected, PIT, 1);
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

  /**
   * VOID_METHOD_CALLS: whether the void call (instruction {@code opcode}, invokevirtual..
   * invokeinterface) at site id runs (false while its mutant is switched on). The site's one
   * mutant is logged as bit 0 of base 0x107, since a site's dedupe byte has bits 0..6 only.
   */
  public static boolean voidCall(int id, int opcode) {
    WeakMutation.record(id, -1 - opcode, 1, PIT + VOID_METHOD_CALLS, 1);
    return !on(id, VOID_METHOD_CALLS);
  }
}
