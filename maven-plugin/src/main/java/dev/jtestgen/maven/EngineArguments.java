package dev.jtestgen.maven;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Builds the command line of {@code jtestgen suite} and {@code jtestgen perf} (project mode:
 * {@code --target} and {@code --classes}) from {@link EngineSettings}. Pure; thread-safe.
 */
public final class EngineArguments {
  private static final Pattern BUDGET = Pattern.compile("[0-9]+(\\.[0-9]+)?(ms|s|m)?");
  private static final Pattern MEMORY = Pattern.compile("[0-9]+[mMgG]?");

  private EngineArguments() {}

  /**
   * Returns the argument list, the executable first.
   *
   * @throws EngineException for a setting the engine would refuse: an unknown command, an empty
   *     classpath or target list, a classpath entry holding ':', a budget not like {@code 60s},
   *     jobs, iterations or validation runs below their minimum, a JUnit version other than 4
   *     or 5, a bad class pattern, or no output directory
   */
  public static List<String> build(Path jtestgen, EngineSettings s) throws EngineException {
    if (!s.command.equals("suite") && !s.command.equals("perf")) {
      throw new EngineException("jtestgen command '" + s.command + "': only suite and perf");
    }
    if (s.targets.isEmpty()) {
      throw new EngineException("jtestgen " + s.command + ": no target directory or jar");
    }
    if (s.out == null) {
      throw new EngineException("jtestgen " + s.command + ": no output directory");
    }
    List<String> a = new ArrayList<>();
    a.add(jtestgen.toString());
    a.add(s.command);
    a.add("--classpath");
    a.add(pathList("classpath", s.classpath));
    a.add("--target");
    a.add(pathList("target", s.targets));
    if (!s.includes.isEmpty()) {
      a.add("--classes");
      a.add(ClassPatterns.join("includes", s.includes));
    }
    if (!s.excludes.isEmpty()) {
      a.add("--exclude");
      a.add(ClassPatterns.join("excludes", s.excludes));
    }
    if (s.jobs != null) {
      a.add("--jobs");
      a.add(String.valueOf(atLeast("jobs", s.jobs, 1)));
    }
    if (s.budgetPerClass != null && !s.budgetPerClass.isBlank()) {
      String b = s.budgetPerClass.trim();
      if (!BUDGET.matcher(b).matches()) {
        throw new EngineException("budgetPerClass '" + b + "': expected a duration like 60s or 2m");
      }
      a.add("--budget-per-class");
      a.add(b);
    }
    if (s.ray != null && !s.ray.isBlank()) {
      a.add("--ray");
      a.add(s.ray.trim());
      if (s.rayMemory != null && !s.rayMemory.isBlank()) {
        String m = s.rayMemory.trim();
        if (!MEMORY.matcher(m).matches()) {
          throw new EngineException("rayMemory '" + m + "': expected a size like 2g or 1536m");
        }
        a.add("--ray-memory");
        a.add(m);
      }
    } else if (s.rayMemory != null && !s.rayMemory.isBlank()) {
      throw new EngineException("rayMemory is set without ray");
    }
    if (s.command.equals("suite")) {
      addSuiteOnly(a, s);
    }
    a.add("--out");
    a.add(s.out.toString());
    if (s.reportDir != null && s.command.equals("suite")) {
      a.add("--report-dir");
      a.add(s.reportDir.toString());
    }
    if (s.quiet) {
      a.add("--quiet");
    }
    if (s.verbose) {
      a.add("--verbose");
    }
    if (s.retryFailed) {
      a.add("--retry-failed");
    }
    a.addAll(s.extraArguments);
    return a;
  }

  private static void addSuiteOnly(List<String> a, EngineSettings s) throws EngineException {
    if (s.iterations != null) {
      a.add("--iterations");
      a.add(String.valueOf(atLeast("iterations", s.iterations, 1)));
    }
    if (s.seed != null) {
      a.add("--seed");
      a.add(String.valueOf(s.seed));
    }
    if (s.junit != null) {
      if (s.junit != 4 && s.junit != 5) {
        throw new EngineException("junit " + s.junit + ": only 4 or 5");
      }
      a.add("--junit");
      a.add(String.valueOf(s.junit));
    }
    if (s.validationRuns != null) {
      a.add("--validation-runs");
      a.add(String.valueOf(atLeast("validationRuns", s.validationRuns, 1)));
    }
    if (s.timeBound != null && !s.timeBound.isBlank()) {
      String b = s.timeBound.trim();
      if (!BUDGET.matcher(b).matches()) {
        throw new EngineException("timeBound '" + b + "': expected a duration like 300s or 5m");
      }
      a.add("--time-bound");
      a.add(b);
    }
    if (s.overwrite) {
      a.add("--overwrite");
    }
  }

  /** Joins paths with ':' (the engine's separator), refusing entries that hold one. */
  static String pathList(String what, List<String> entries) throws EngineException {
    if (entries.isEmpty()) {
      throw new EngineException(what + ": empty");
    }
    for (String e : entries) {
      if (e.isEmpty() || e.contains(File.pathSeparator)) {
        throw new EngineException(what + " entry '" + e + "': empty or holding ':'");
      }
    }
    return String.join(File.pathSeparator, entries);
  }

  private static int atLeast(String what, int value, int min) throws EngineException {
    if (value < min) {
      throw new EngineException(what + " " + value + ": must be at least " + min);
    }
    return value;
  }
}
