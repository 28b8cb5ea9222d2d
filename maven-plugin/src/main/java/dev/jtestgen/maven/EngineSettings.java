package dev.jtestgen.maven;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What one run of {@code jtestgen suite} or {@code jtestgen perf} is asked to do, as the mojos
 * gather it from their parameters. A plain mutable holder; {@link EngineArguments} turns it into
 * the command line. Not thread-safe.
 */
public final class EngineSettings {
  /** {@code suite} or {@code perf}. */
  public String command = "suite";

  public List<String> classpath = new ArrayList<>();
  public List<String> targets = new ArrayList<>();
  public List<String> includes = new ArrayList<>();
  public List<String> excludes = new ArrayList<>();
  public Path out;
  public Path reportDir;

  /** Like {@code 60s}; null: the engine's default. */
  public String budgetPerClass;

  public Integer jobs;

  /** HOST:PORT of a Ray cluster's head; null: processes on this machine. */
  public String ray;

  /** Like {@code 3g}; only with {@code ray}. */
  public String rayMemory;

  public Integer iterations;
  public Long seed;
  public Integer junit;
  public Integer validationRuns;

  /** Hard wall-clock bound of one class's run, like {@code 5m}; null: the engine's default. */
  public String timeBound;
  public boolean quiet;

  /** The engine's debug log ({@code --verbose}); suite and perf only. */
  public boolean verbose;
  public boolean overwrite;
  public boolean retryFailed;

  /** Passed as they are, after the others. */
  public List<String> extraArguments = new ArrayList<>();
}
