// Measured truth for bench/perf-truth-dev/cases.tsv: for one case id, builds the input shape that
// exposes the case's loop at growing n, times the call (warm-up, then the minimum of several
// repeats, inputs built outside the timed region) and fits the log-log slope of time against n.
//
// usage: java -cp <jars>:<classes> Driver <id>     prints one TSV line:
//          id  slope  sizes(comma-separated)  times_ms(comma-separated)
//        java ... Driver --list                      prints the ids it knows
//
// Sizes: from the case's start size, doubled up to POINTS sizes, stopping early (at least three
// points) once a call takes more than STOP_MS, so that no call runs much longer than 2 s. A call
// that does not change its inputs is timed in batches of about MIN_MS (so that timer noise does
// not flatten the fit while the inputs stay small); a call that does is timed alone, its start
// size doubled first until one call takes MIN_MS.
import java.util.*;

@SuppressWarnings({"rawtypes", "unchecked"})
public class Driver {
  static final double MIN_MS = 1.0;
  static final double STOP_MS = 500;
  static final int POINTS = 5;
  static volatile Object sink;

  /** Builds the inputs for size n and returns the call to time. */
  interface Setup {
    Runnable at(int n);
  }

  static final class Case {
    final Setup setup;
    final int start;     // first size tried
    final int maxN;      // the input shape cannot go beyond this
    final boolean mutates; // the call changes its inputs: rebuild them before every repeat
    Case(Setup s, int start, int maxN, boolean mutates) {
      this.setup = s; this.start = start; this.maxN = maxN; this.mutates = mutates;
    }
  }

  // ---- input builders -------------------------------------------------------------------------
  static ArrayList range(int from, int to) {
    ArrayList l = new ArrayList(Math.max(0, to - from));
    for (int i = from; i < to; i++) l.add(Integer.valueOf(i));
    return l;
  }
  static ArrayList reversed(int from, int to) {
    ArrayList l = range(from, to);
    Collections.reverse(l);
    return l;
  }
  static int[] ints(int from, int to) {
    int[] a = new int[to - from];
    for (int i = 0; i < a.length; i++) a[i] = from + i;
    return a;
  }
  static Integer[] boxed(int from, int to) {
    Integer[] a = new Integer[to - from];
    for (int i = 0; i < a.length; i++) a[i] = Integer.valueOf(from + i);
    return a;
  }
  static String repeat(char c, int n) {
    char[] a = new char[n];
    Arrays.fill(a, c);
    return new String(a);
  }
  static String randomLetters(int n, long seed) {
    Random r = new Random(seed);
    char[] a = new char[n];
    for (int i = 0; i < n; i++) a[i] = (char) ('a' + r.nextInt(26));
    return new String(a);
  }

  static final Map<String, Case> CASES = new LinkedHashMap<>();
  static void add(String id, int start, boolean mutates, Setup s) {
    CASES.put(id, new Case(s, start, Integer.MAX_VALUE, mutates));
  }
  static void add(String id, int start, int maxN, boolean mutates, Setup s) {
    CASES.put(id, new Case(s, start, maxN, mutates));
  }

  static {
    // ---- commons-collections 3.2.2 --------------------------------------------------------------
    add("cc-ListUtils-subtract", 500, false, n -> {
      List a = range(0, n), b = range(n, 2 * n);
      return () -> sink = org.apache.commons.collections.ListUtils.subtract(a, b);
    });
    add("cc-ListUtils-intersection", 500, false, n -> {
      List a = range(0, n), b = range(n, 2 * n);
      return () -> sink = org.apache.commons.collections.ListUtils.intersection(a, b);
    });
    add("cc-ListUtils-removeAll", 500, false, n -> {
      List a = range(0, n), b = range(n, 2 * n);
      return () -> sink = org.apache.commons.collections.ListUtils.removeAll(a, b);
    });
    add("cc-CollectionUtils-subtract", 500, false, n -> {
      List a = range(0, n), b = range(n, 2 * n);
      return () -> sink = org.apache.commons.collections.CollectionUtils.subtract(a, b);
    });
    add("cc-CollectionUtils-removeAll", 500, false, n -> {
      List a = range(0, n), b = range(n, 2 * n);
      return () -> sink = org.apache.commons.collections.CollectionUtils.removeAll(a, b);
    });
    add("cc-CollectionUtils-retainAll", 500, false, n -> {
      List a = range(0, n), b = range(n, 2 * n);
      return () -> sink = org.apache.commons.collections.CollectionUtils.retainAll(a, b);
    });
    add("cc-CollectionUtils-containsAny", 500, false, n -> {
      List a = range(0, n), b = range(n, 2 * n);
      return () -> sink = org.apache.commons.collections.CollectionUtils.containsAny(a, b);
    });
    add("cc-SetUniqueList-removeAll", 500, true, n -> {
      List l = org.apache.commons.collections.list.SetUniqueList.decorate(range(0, n));
      List arg = range(n, 2 * n);
      return () -> sink = l.removeAll(arg);
    });
    add("cc-SetUniqueList-retainAll", 500, true, n -> {
      List l = org.apache.commons.collections.list.SetUniqueList.decorate(range(0, n));
      List arg = reversed(0, n);
      return () -> sink = l.retainAll(arg);
    });
    add("cc-SetUniqueList-addAll", 1000, true, n -> {
      List l = org.apache.commons.collections.list.SetUniqueList.decorate(range(0, n));
      List arg = range(n, 2 * n);
      return () -> sink = l.addAll(arg);
    });
    add("cc-ListOrderedSet-removeAll", 500, true, n -> {
      Set s = new org.apache.commons.collections.set.ListOrderedSet();
      s.addAll(range(0, n));
      List arg = range(n, 2 * n);
      return () -> sink = s.removeAll(arg);
    });
    add("cc-ListOrderedSet-retainAll", 500, true, n -> {
      Set s = new org.apache.commons.collections.set.ListOrderedSet();
      s.addAll(range(0, n));
      List arg = new ArrayList();
      for (int i = 0; i < n; i += 2) arg.add(Integer.valueOf(i));
      return () -> sink = s.retainAll(arg);
    });
    add("cc-ListOrderedSet-addAll", 1000, true, n -> {
      Set s = new org.apache.commons.collections.set.ListOrderedSet();
      s.addAll(range(0, n));
      List arg = range(n, 2 * n);
      return () -> sink = s.addAll(arg);
    });
    add("cc-ListOrderedSet-remove", 1000, 1 << 22, false, n -> {
      Set s = new org.apache.commons.collections.set.ListOrderedSet();
      s.addAll(range(0, n));
      Integer absent = Integer.valueOf(-1);
      return () -> sink = s.remove(absent);
    });
    add("cc-ListOrderedMap-remove", 1000, 1 << 22, false, n -> {
      Map m = new org.apache.commons.collections.map.ListOrderedMap();
      for (int i = 0; i < n; i++) m.put(Integer.valueOf(i), Integer.valueOf(i));
      Integer absent = Integer.valueOf(-1);
      return () -> sink = m.remove(absent);
    });
    add("cc-NodeCachingLinkedList-removeAll", 500, true, n -> {
      List l = new org.apache.commons.collections.list.NodeCachingLinkedList(range(0, n));
      List arg = range(n, 2 * n);
      return () -> sink = l.removeAll(arg);
    });
    add("cc-CursorableLinkedList-retainAll", 500, true, n -> {
      List l = new org.apache.commons.collections.list.CursorableLinkedList(range(0, n));
      List arg = reversed(0, n);
      return () -> sink = l.retainAll(arg);
    });
    add("cc-TreeList-addAll", 1000, true, n -> {
      List l = new org.apache.commons.collections.list.TreeList();
      List arg = range(0, n);
      return () -> sink = l.addAll(arg);
    });
    add("cc-CollectionUtils-cardinality", 1000, false, n -> {
      List l = range(0, n);
      Integer absent = Integer.valueOf(-1);
      return () -> sink = org.apache.commons.collections.CollectionUtils.cardinality(absent, l);
    });
    add("cc-CollectionUtils-union", 1000, false, n -> {
      List a = range(0, n), b = range(n / 2, n + n / 2);
      return () -> sink = org.apache.commons.collections.CollectionUtils.union(a, b);
    });
    add("cc-CollectionUtils-intersection", 1000, false, n -> {
      List a = range(0, n), b = range(n / 2, n + n / 2);
      return () -> sink = org.apache.commons.collections.CollectionUtils.intersection(a, b);
    });
    add("cc-CollectionUtils-isProperSubCollection", 1000, false, n -> {
      List a = range(0, n), b = reversed(0, 2 * n);
      return () -> sink = org.apache.commons.collections.CollectionUtils.isProperSubCollection(a, b);
    });
    add("cc-CollectionUtils-disjunction", 1000, false, n -> {
      List a = range(0, n), b = range(n / 2, n + n / 2);
      return () -> sink = org.apache.commons.collections.CollectionUtils.disjunction(a, b);
    });
    add("cc-ListUtils-union", 1000, false, n -> {
      List a = range(0, n), b = range(n, 2 * n);
      return () -> sink = org.apache.commons.collections.ListUtils.union(a, b);
    });
    add("cc-ListUtils-isEqualList", 1000, false, n -> {
      List a = range(0, n), b = range(0, n);
      return () -> sink = org.apache.commons.collections.ListUtils.isEqualList(a, b);
    });

    // ---- commons-lang3 3.12.0 -------------------------------------------------------------------
    add("l3-ArrayUtils-removeElements-int", 1000, false, n -> {
      int[] a = ints(0, n), v = ints(n / 2, n / 2 + n);
      return () -> sink = org.apache.commons.lang3.ArrayUtils.removeElements(a, v);
    });
    add("l3-ArrayUtils-removeElements-obj", 1000, false, n -> {
      Integer[] a = boxed(0, n), v = boxed(n / 2, n / 2 + n);
      return () -> sink = org.apache.commons.lang3.ArrayUtils.removeElements(a, v);
    });
    // search chars 0x100.. stay below the surrogates (0xD800)
    add("l3-StringUtils-indexOfAny", 500, 0xD000, false, n -> {
      String s = repeat('a', n);
      char[] cs = new char[n];
      for (int i = 0; i < n; i++) cs[i] = (char) (0x100 + i);
      return () -> sink = org.apache.commons.lang3.StringUtils.indexOfAny(s, cs);
    });
    add("l3-StringUtils-getLevenshteinDistance", 200, false, n -> {
      String s = randomLetters(n, 1), t = randomLetters(n, 2);
      return () -> sink = org.apache.commons.lang3.StringUtils.getLevenshteinDistance(s, t);
    });
    add("l3-ArrayUtils-indexOf", 1000, false, n -> {
      Object[] a = boxed(0, n);
      Integer absent = Integer.valueOf(-1);
      return () -> sink = org.apache.commons.lang3.ArrayUtils.indexOf(a, absent);
    });
    add("l3-StringUtils-countMatches", 1000, false, n -> {
      String s = repeat('a', n);
      return () -> sink = org.apache.commons.lang3.StringUtils.countMatches(s, 'a');
    });
    add("l3-ArrayUtils-removeAll-indices", 1000, false, n -> {
      int[] a = ints(0, n);
      int[] idx = new int[n / 2];
      for (int i = 0; i < idx.length; i++) idx[i] = n - 1 - 2 * i; // descending, every other one
      return () -> sink = org.apache.commons.lang3.ArrayUtils.removeAll(a, idx);
    });
    add("l3-StringUtils-join", 1000, false, n -> {
      Object[] a = boxed(0, n);
      return () -> sink = org.apache.commons.lang3.StringUtils.join(a, ",");
    });

    // ---- guava 31.1 -----------------------------------------------------------------------------
    add("gu-Iterables-removeAll", 500, true, n -> {
      List a = range(0, n), b = range(n, 2 * n);
      return () -> sink = com.google.common.collect.Iterables.removeAll(a, b);
    });
    add("gu-Ints-indexOf-array", 500, false, n -> {
      int[] a = new int[n];
      int[] t = new int[n / 2 + 1];
      t[n / 2] = 1; // n/2 zeros then 1: every start position matches n/2 elements, then fails
      return () -> sink = com.google.common.primitives.Ints.indexOf(a, t);
    });
    add("gu-Ints-indexOf", 1000, false, n -> {
      int[] a = ints(0, n);
      return () -> sink = com.google.common.primitives.Ints.indexOf(a, -1);
    });
    add("gu-Ints-join", 1000, false, n -> {
      int[] a = ints(0, n);
      return () -> sink = com.google.common.primitives.Ints.join(",", a);
    });

    // ---- java.util (JDK 17) ---------------------------------------------------------------------
    add("jdk-AbstractSet-removeAll", 500, true, n -> {
      Set s = new HashSet(range(0, n));
      List arg = range(n, 3 * n); // 2n, not smaller than the set: the set is iterated
      return () -> sink = s.removeAll(arg);
    });
    add("jdk-AbstractCollection-containsAll", 500, false, n -> {
      List l = range(0, n), arg = reversed(0, n); // ArrayList inherits AbstractCollection.containsAll
      return () -> sink = l.containsAll(arg);
    });
    add("jdk-ArrayList-removeAll", 500, true, n -> {
      List l = range(0, n), arg = range(n, 2 * n);
      return () -> sink = l.removeAll(arg);
    });
    add("jdk-LinkedList-removeAll", 500, true, n -> {
      List l = new LinkedList(range(0, n));
      List arg = range(n, 2 * n);
      return () -> sink = l.removeAll(arg);
    });
    add("jdk-ArrayList-indexOf", 1000, false, n -> {
      List l = range(0, n);
      Integer absent = Integer.valueOf(-1);
      return () -> sink = l.indexOf(absent);
    });
    add("jdk-HashSet-containsAll", 1000, false, n -> {
      Set s = new HashSet(range(0, n));
      List arg = reversed(0, n);
      return () -> sink = s.containsAll(arg);
    });
  }

  /**
   * Time in ms of one call at size n: the minimum over repeats of a batch of k calls on the same
   * inputs, divided by k (k = 1 for a call that changes its inputs, which are rebuilt before every
   * repeat).
   */
  static double time(Case c, int n, int k) {
    Runnable r = c.mutates ? null : c.setup.at(n);
    if (c.mutates) k = 1;
    double best = Double.MAX_VALUE;
    long spent = 0;
    for (int rep = 0; rep < 15; rep++) {
      if (c.mutates) r = c.setup.at(n);
      long t0 = System.nanoTime();
      for (int i = 0; i < k; i++) r.run();
      long dt = System.nanoTime() - t0;
      spent += dt;
      best = Math.min(best, dt / 1e6 / k);
      // enough repeats: at least 3, and stop once about 1.5 s went into this size
      if (rep >= 2 && spent > 1_500_000_000L) break;
    }
    return best;
  }

  /** Calls per timed batch so that a batch takes about MIN_MS, given the time of one call. */
  static int batch(double perCallMs) {
    return (int) Math.max(1, Math.min(100_000, Math.ceil(MIN_MS / Math.max(perCallMs, 1e-5))));
  }

  public static void main(String[] args) {
    if (args.length == 1 && args[0].equals("--list")) {
      for (String id : CASES.keySet()) System.out.println(id);
      return;
    }
    if (args.length != 1 || !CASES.containsKey(args[0])) {
      System.err.println("usage: Driver <id> | --list");
      System.exit(2);
    }
    String id = args[0];
    Case c = CASES.get(id);
    // warm-up: JIT the call path on small inputs for about 300 ms
    int wn = Math.max(16, c.start / 4);
    long until = System.nanoTime() + 300_000_000L;
    while (System.nanoTime() < until) c.setup.at(wn).run();

    // A call that changes its inputs is timed alone: grow n until one call takes MIN_MS. Any other
    // call is timed in batches from the start size on, so its inputs stay small (in cache).
    int n = c.start;
    double t = time(c, n, batch(time(c, n, 1)));
    while (c.mutates && t < MIN_MS && 2L * n <= c.maxN) {
      n *= 2;
      t = time(c, n, 1);
    }
    List<Integer> sizes = new ArrayList<>();
    List<Double> times = new ArrayList<>();
    while (true) {
      System.gc();
      // the first size again too: the search above was also its warm-up
      t = time(c, n, batch(t));
      sizes.add(n);
      times.add(t);
      if (sizes.size() >= POINTS || 2L * n > c.maxN || t > STOP_MS) break;
      n *= 2;
    }
    // least-squares slope of log(time) against log(n)
    int k = sizes.size();
    double sx = 0, sy = 0, sxx = 0, sxy = 0;
    for (int i = 0; i < k; i++) {
      double x = Math.log(sizes.get(i)), y = Math.log(Math.max(times.get(i), 1e-6));
      sx += x; sy += y; sxx += x * x; sxy += x * y;
    }
    double slope = k < 2 ? Double.NaN : (k * sxy - sx * sy) / (k * sxx - sx * sx);
    StringBuilder sb = new StringBuilder();
    sb.append(id).append('\t').append(String.format(Locale.ROOT, "%.2f", slope)).append('\t');
    for (int i = 0; i < k; i++) sb.append(i > 0 ? "," : "").append(sizes.get(i));
    sb.append('\t');
    for (int i = 0; i < k; i++)
      sb.append(i > 0 ? "," : "").append(String.format(Locale.ROOT, "%.4g", times.get(i)));
    System.out.println(sb);
  }
}
