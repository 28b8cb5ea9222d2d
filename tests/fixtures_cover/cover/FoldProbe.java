package cover;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;

/**
 * Run under the coverage agent (e2e_cover): covers {@link #work}, waits until the agent has
 * set the fold flag ({@code static final boolean $jtgP<slot>}) of every slot covered so far,
 * clears this class's probe array, runs {@link #work} again, and prints how many of the slots
 * covered before were recorded again. In fold mode the flags skip every probe already covered (0 again); in
 * static mode there are no flags and the probes record again.
 */
public final class FoldProbe {
  private FoldProbe() {}

  static int work(int x) {
    int s = 0;
    for (int i = 0; i < x; i++) {
      s += (i % 3 == 0) ? i : -1;
    }
    return s;
  }

  public static void main(String[] args) throws Exception {
    int sum = work(10);
    Field arrayField = FoldProbe.class.getDeclaredField("$jtgProbes");
    arrayField.setAccessible(true);
    boolean[] probes = (boolean[]) arrayField.get(null);
    List<Field> flags = new ArrayList<>();
    for (Field f : FoldProbe.class.getDeclaredFields()) {
      if (f.getName().startsWith("$jtgP") && f.getType() == boolean.class
          && Modifier.isStatic(f.getModifiers())) {
        f.setAccessible(true);
        flags.add(f);
      }
    }
    int set = 0;
    if (!flags.isEmpty()) {
      long deadline = System.currentTimeMillis() + 10_000;
      while (true) {
        set = 0;
        boolean all = true;
        for (Field f : flags) {
          int slot = Integer.parseInt(f.getName().substring(5));
          boolean flag = f.getBoolean(null);
          if (flag) set++;
          if (probes[slot] && !flag) all = false;
        }
        if (all && set > 0) break;
        if (System.currentTimeMillis() > deadline) {
          System.out.println("flags not set in time: " + set + " of " + flags.size());
          System.exit(3);
        }
        Thread.sleep(20);
      }
    }
    boolean[] before = probes.clone();
    java.util.Arrays.fill(probes, false);
    sum += work(10);
    int again = 0;
    for (int k = 0; k < probes.length; k++) {
      if (before[k] && probes[k]) again++;
    }
    System.out.println("flags " + flags.size() + " set " + set + " recorded again " + again
        + " sum " + sum);
  }
}
