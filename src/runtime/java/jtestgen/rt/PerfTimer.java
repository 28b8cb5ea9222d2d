package jtestgen.rt;

import java.lang.reflect.Method;

/**
 * Times the sized performance tests that {@code jtestgen perf} writes, in a plain JVM with no
 * agent and no instrumentation (issue 5, growth confirmation). Each test class has, per test
 * {@code t}, a method {@code public static Body t(int n)} that builds the inputs for size n
 * and returns the call under test; only that call is timed.
 *
 * <p>Usage: {@code java -cp ... jtestgen.rt.PerfTimer <test class> <cap ms> <method>
 * <size>...}. Prints one line per size (ascending), {@code size millis}, the time of one call.
 *
 * <p>Small sizes take microseconds, where one reading of the clock is mostly noise (timer
 * resolution, an interrupt, a descheduled vCPU), and that noise flattens the fitted growth
 * exponent. So a sample is a <em>batch</em>: B bodies are built first (not timed), then the
 * B calls are timed together, with B chosen so that a batch lasts about {@value #BATCH_MS} ms.
 * Per size, at least 5 batches and {@value #SIZE_MS} ms are taken and the <em>minimum</em>
 * batch mean is printed: noise from the machine only ever adds time, so the fastest batch is
 * the closest to the cost of the code. Warm-up passes over all sizes come first (at least 3
 * and 300 ms) so the JIT has compiled the code under test. A size whose single call passes the
 * cap ends the series (later sizes are not run). A call that throws prints {@code error
 * <exception>} and stops.
 */
public final class PerfTimer {
  private static final double BATCH_MS = 2.0;
  private static final double SIZE_MS = 100.0;
  private static final int MAX_BATCH = 1000;

  private PerfTimer() {}

  public static void main(String[] args) throws Exception {
    if (args.length == 3 && args[0].equals("--check")) {
      check(args[1], args[2]);
      return;
    }
    Class<?> cls = Class.forName(args[0]);
    double capMs = Double.parseDouble(args[1]);
    Method builder = cls.getMethod(args[2], int.class);
    int[] sizes = new int[args.length - 3];
    for (int i = 3; i < args.length; i++) sizes[i - 3] = Integer.parseInt(args[i]);
    try {
      // Warm-up: passes over every size until the JIT has compiled the code under test
      // (at least 3 passes and 300 ms; a pass stops at a size over the cap). The last pass
      // gives each size's single-call time, which sizes its batches.
      double[] single = new double[sizes.length];
      long warmStart = System.nanoTime();
      for (int pass = 0; pass < 50 && (pass < 3 || System.nanoTime() - warmStart < 300_000_000L);
          pass++) {
        for (int i = 0; i < sizes.length; i++) {
          single[i] = timeBatch(build(builder, sizes[i], 1));
          if (single[i] > capMs) break;
        }
      }
      for (int i = 0; i < sizes.length; i++) {
        // A size the warm-up never reached (a pass ended at the cap before it) runs alone.
        int batch = single[i] <= 0 ? 1
            : (int) Math.max(1, Math.min(MAX_BATCH, Math.ceil(BATCH_MS / Math.max(single[i], 1e-4))));
        double best = Double.MAX_VALUE;
        double total = 0;
        for (int count = 0; count < 64 && (count < 5 || total < SIZE_MS); count++) {
          Object[] bodies = build(builder, sizes[i], batch);
          double ms = timeBatch(bodies);
          total += ms;
          best = Math.min(best, ms / batch);
          if (ms / batch > capMs) break;
        }
        System.out.println(sizes[i] + " " + best);
        if (best > capMs) break;
      }
    } catch (Throwable t) {
      System.out.println("error " + t);
    }
  }

  /** Runs test method {@code method} of {@code className} on a new instance. */
  private static void check(String className, String method) throws Exception {
    Class<?> cls = Class.forName(className);
    Object test = cls.getDeclaredConstructor().newInstance();
    try {
      cls.getMethod(method).invoke(test);
      System.out.println("pass");
    } catch (java.lang.reflect.InvocationTargetException e) {
      Throwable t = e.getCause();
      System.out.println("fail " + (t instanceof AssertionError ? t.getMessage() : t.toString()));
    }
  }

  /** Builds {@code count} independent bodies for size {@code size}, untimed. */
  private static Object[] build(Method builder, int size, int count) throws Throwable {
    Object[] bodies = new Object[count];
    for (int k = 0; k < count; k++) {
      try {
        bodies[k] = builder.invoke(null, size);
      } catch (java.lang.reflect.InvocationTargetException e) {
        throw e.getCause();
      }
    }
    return bodies;
  }

  /** Runs every body once; returns the total wall time in ms. */
  private static double timeBatch(Object[] bodies) throws Throwable {
    Method[] runs = new Method[bodies.length];
    for (int k = 0; k < bodies.length; k++) {
      runs[k] = bodies[k].getClass().getMethod("run");
      runs[k].setAccessible(true);
    }
    long t0 = System.nanoTime();
    try {
      for (int k = 0; k < bodies.length; k++) runs[k].invoke(bodies[k]);
    } catch (java.lang.reflect.InvocationTargetException e) {
      throw e.getCause();
    }
    return (System.nanoTime() - t0) / 1e6;
  }
}
