package jtestgen.rt;

import java.lang.reflect.Method;
import java.util.Arrays;

/**
 * Times the sized performance tests that {@code jtestgen perf} writes, in a plain JVM with no
 * agent and no instrumentation (issue 5, growth confirmation). Each test class has, per test
 * {@code t}, a method {@code public static Body t(int n)} that builds the inputs for size n
 * and returns the call under test; only that call is timed.
 *
 * <p>Usage: {@code java -cp ... jtestgen.rt.PerfTimer <test class> <cap ms> <method>
 * <size>...}. Per size (ascending): the median of at least 5 runs and at least 100 ms of runs,
 * after warm-up passes over all sizes (at least 3 and 300 ms). Prints one line per size, {@code size millis}; a
 * size whose single run passes the cap ends the series (later sizes are not run). A run that
 * throws prints {@code error <exception>} and stops.
 */
public final class PerfTimer {
  private PerfTimer() {}

  public static void main(String[] args) throws Exception {
    Class<?> cls = Class.forName(args[0]);
    double capMs = Double.parseDouble(args[1]);
    Method builder = cls.getMethod(args[2], int.class);
    int[] sizes = new int[args.length - 3];
    for (int i = 3; i < args.length; i++) sizes[i - 3] = Integer.parseInt(args[i]);
    try {
      // Warm-up: passes over every size until the JIT has compiled the code under test
      // (at least 3 passes and 300 ms; a pass stops at a size over the cap).
      long warmStart = System.nanoTime();
      for (int pass = 0; pass < 50 && (pass < 3 || System.nanoTime() - warmStart < 300_000_000L);
          pass++) {
        for (int size : sizes) {
          if (once(builder, size) > capMs) break;
        }
      }
      for (int size : sizes) {
        double[] runs = new double[64];
        int count = 0;
        double total = 0;
        while (count < runs.length && (count < 5 || total < 100)) {
          double ms = once(builder, size);
          runs[count++] = ms;
          total += ms;
          if (ms > capMs) break;
        }
        double[] done = Arrays.copyOf(runs, count);
        Arrays.sort(done);
        double median = done[count / 2];
        System.out.println(size + " " + median);
        if (done[0] > capMs) break;
      }
    } catch (Throwable t) {
      System.out.println("error " + t);
    }
  }

  private static double once(Method builder, int size) throws Throwable {
    Object body;
    try {
      body = builder.invoke(null, size);
    } catch (java.lang.reflect.InvocationTargetException e) {
      throw e.getCause();
    }
    Method run = body.getClass().getMethod("run");
    run.setAccessible(true);
    long t0 = System.nanoTime();
    try {
      run.invoke(body);
    } catch (java.lang.reflect.InvocationTargetException e) {
      throw e.getCause();
    }
    return (System.nanoTime() - t0) / 1e6;
  }
}
