package cover;

// The program of tests/e2e/run_cover.sh: runs in phases with pauses, so that under
// `--mode ddst` the agent retransforms classes between phases (probes of code covered in
// phase 0 are gone when phase 1 runs the same methods again). Lines marked `// cov: X`
// must be reported with status X (covered, partly or missed) in every mode.
public final class Main {
  private Main() {}

  public static void main(String[] args) throws Exception {
    int phases = args.length > 0 ? Integer.parseInt(args[0]) : 3;
    long pause = args.length > 1 ? Long.parseLong(args[1]) : 500;
    long sum = 0;
    for (int phase = 0; phase < phases; phase++) {
      sum += Branchy.run(phase);
      sum += Shapes.area(phase);
      sum += Counter.count(phase * 1000 + 5000);
      sum += InitCycle.start();
      sum += Big.score(phase * 7 + 1) + Big.score(150 + phase);
      sum += Cleanup.run(phase);
      sum += Branchy.doWhileOnce(1);
      sum += Frames.run(phase);
      Thread.sleep(pause);  // cov: covered
    }
    if (sum == 42) {
      System.out.println("unlikely");  // cov: missed
    }
    System.out.println("sum " + sum);
  }
}
