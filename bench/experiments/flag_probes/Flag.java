// The hot loop of bench/experiments/flag_probes/run.sh: p17 is a probe guarded by a static
// final flag (G.F17); round 4 sets the flag through Unsafe, round 8 deoptimizes p17's inliners.
import java.lang.reflect.*;
public class Flag {
  static native int deopt(Method m);
  static final boolean[] ARR = new boolean[64];
  static final class G { static final boolean F17 = Boolean.getBoolean("never"); }
  static void p17() { if (!G.F17) ARR[17] = true; }
  static int work(int n) { int s = 0; for (int i = 0; i < n; i++) { s += i ^ (s >>> 3); p17(); } return s; }
  public static void main(String[] a) throws Exception {
    System.loadLibrary("deopt");
    sun.misc.Unsafe u; { Field f = sun.misc.Unsafe.class.getDeclaredField("theUnsafe"); f.setAccessible(true); u = (sun.misc.Unsafe) f.get(null); }
    Field ff = G.class.getDeclaredField("F17");
    Object base = u.staticFieldBase(ff); long off = u.staticFieldOffset(ff);
    int s = 0;
    for (int r = 0; r < 12; r++) {
      long t0 = System.nanoTime(); s += work(200_000_000); long t1 = System.nanoTime();
      String ev = "";
      if (r == 4) { u.putBooleanVolatile(base, off, true); ARR[17] = false; ev = " [flag set]"; }
      if (r == 8) { long d0 = System.nanoTime(); int rc = deopt(Flag.class.getDeclaredMethod("p17")); ev = " [deopt p17 rc=" + rc + " " + (System.nanoTime() - d0) / 1000 + " us]"; ARR[17] = false; }
      System.out.println(r + ": " + (t1 - t0) / 1_000_000 + " ms, ARR[17]=" + ARR[17] + ev);
    }
    System.out.println(s);
  }
}
