package cover;

/**
 * Probe sites with unusual verifier states, for the fold guards' stack map frames
 * (src/instrument/fold_guards.h): a guard's skip label gets a frame equal to the state
 * before the probe, so each method here puts probes where that state has an uninitialized
 * object on the stack, uninitializedThis in local 0, values on the operand stack, long and
 * double locals (and a local overwriting half of one), array components, or a handler range.
 * Verified under -Xverify:all by the unit tests; {@link #run} runs every method (cover.Main).
 */
public final class Frames {
  private final int first;
  private final String second;
  private long total;

  Frames(int first, String second) {
    this.first = first;
    this.second = second;
  }

  /** uninitializedThis in local 0 and conditional arguments before this(...). */
  Frames(int x) {
    this(x > 0 ? x : -x, x % 2 == 0 ? "even" : "odd");
  }

  /** Two uninitialized objects on the stack while the arguments branch. */
  static Frames pair(boolean flag, int x) {
    return new Frames(flag ? x : x + 1, new StringBuilder(x > 3 ? "big" : "small").append(flag ? 1 : 2).toString());
  }

  /** `this` and this.total on the stack across a conditional. */
  long accumulate(int n) {
    for (int i = 0; i < n; i++) {
      total += (i % 3 == 0) ? i : -1L;
    }
    return total;
  }

  /** A long local, then an int stored into its second slot's neighbour, then a double. */
  static double wide(long a, int k) {
    long b = a * 2;
    if (k > 0) {
      b += k;
    }
    int c = (int) b;
    double d = c > 10 ? 1.5 : 2.5;
    if (d > 2) {
      c++;
    }
    {
      long t = b + 1;
      d += t;
    }
    int x;  // the slot of t's first half
    int y = k;  // t's second half: t's first half becomes Top
    x = y > 0 ? 1 : 2;
    return d + c + b + x;
  }

  /** Array components: aaload of a String[][] and of an Object[]. */
  static int grid(String[][] g, Object[] objects) {
    int n = 0;
    for (String[] row : g) {
      for (String s : row) {
        n += s == null ? 0 : s.length();
      }
    }
    Object o = objects.length > 0 ? objects[0] : null;
    return o == null ? n : n + 1;
  }

  /** A switch on a value computed while an int stays on the stack (base + ...). */
  static int switched(int base, int k) {
    return base + pick(k > 2 ? k - 2 : k, base);
  }

  private static int pick(int k, int base) {
    switch (k) {
      case 0: return 10;
      case 1: return base > 0 ? 20 : 21;
      case 2: return 30;
      default: return k < 0 ? -1 : 40;
    }
  }

  /** Probes inside a try block and its handler. */
  static int guarded(String s) {
    try {
      int v = Integer.parseInt(s);
      return v > 0 ? v : -v;
    } catch (NumberFormatException e) {
      return s.isEmpty() ? 0 : -1;
    }
  }

  /** Runs every method once (cover.Main, each phase); `phase` varies the branches taken. */
  static long run(int phase) {
    Frames f = new Frames(phase - 1);
    Frames p = pair(phase % 2 == 0, phase + 2);
    long sum = f.accumulate(phase + 4) + p.first + f.second.length() + p.second.length();
    sum += (long) wide(4, phase - 1) + grid(new String[][] {{"a", null}, {"bc"}}, new Object[phase]);
    sum += switched(phase, phase) + guarded(phase == 1 ? "x" : "12");
    return sum;
  }

  public static void main(String[] args) {
    System.out.println("frames " + (run(0) + run(1) + run(2)));
  }
}
