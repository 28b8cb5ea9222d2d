package dev.jtestgen.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class EngineArgumentsTest {
  private static EngineSettings settings() {
    EngineSettings s = new EngineSettings();
    s.classpath = List.of("/m/target/classes", "/repo/dep.jar");
    s.targets = List.of("/m/target/classes");
    s.out = Path.of("/m/target/generated-test-sources/jtestgen");
    return s;
  }

  @Test
  void suiteWithEverySetting() throws Exception {
    EngineSettings s = settings();
    s.includes = List.of("com.x.**", " com.y.* ");
    s.excludes = List.of("com.x.internal.**");
    s.jobs = 2;
    s.budgetPerClass = "5s";
    s.iterations = 300;
    s.seed = 7L;
    s.junit = 5;
    s.validationRuns = 1;
    s.timeBound = "5m";
    s.overwrite = true;
    s.reportDir = Path.of("/m/target/jtestgen");
    s.quiet = true;
    s.extraArguments = List.of("--mocks");
    assertEquals(
        List.of(
            "/bin/jtestgen", "suite",
            "--classpath", "/m/target/classes:/repo/dep.jar",
            "--target", "/m/target/classes",
            "--classes", "com.x.**:com.y.*",
            "--exclude", "com.x.internal.**",
            "--jobs", "2",
            "--budget-per-class", "5s",
            "--iterations", "300",
            "--seed", "7",
            "--junit", "5",
            "--validation-runs", "1",
            "--time-bound", "5m",
            "--overwrite",
            "--out", "/m/target/generated-test-sources/jtestgen",
            "--report-dir", "/m/target/jtestgen",
            "--quiet",
            "--mocks"),
        EngineArguments.build(Path.of("/bin/jtestgen"), s));
  }

  @Test
  void perfLeavesOutTheSuiteOnlyOptions() throws Exception {
    EngineSettings s = settings();
    s.command = "perf";
    s.iterations = 300;
    s.seed = 1L;
    s.reportDir = Path.of("/r");
    List<String> argv = EngineArguments.build(Path.of("jtestgen"), s);
    assertEquals(
        List.of(
            "jtestgen", "perf",
            "--classpath", "/m/target/classes:/repo/dep.jar",
            "--target", "/m/target/classes",
            "--out", "/m/target/generated-test-sources/jtestgen"),
        argv);
  }

  @Test
  void refusesWhatTheEngineWouldRefuse() {
    EngineSettings budget = settings();
    budget.budgetPerClass = "five seconds";
    assertEquals(
        "budgetPerClass 'five seconds': expected a duration like 60s or 2m",
        assertThrows(EngineException.class, () -> EngineArguments.build(Path.of("j"), budget))
            .getMessage());
    EngineSettings bound = settings();
    bound.timeBound = "1 hour";
    assertEquals(
        "timeBound '1 hour': expected a duration like 300s or 5m",
        assertThrows(EngineException.class, () -> EngineArguments.build(Path.of("j"), bound))
            .getMessage());
    EngineSettings junit = settings();
    junit.junit = 3;
    assertThrows(EngineException.class, () -> EngineArguments.build(Path.of("j"), junit));
    EngineSettings jobs = settings();
    jobs.jobs = 0;
    assertThrows(EngineException.class, () -> EngineArguments.build(Path.of("j"), jobs));
    EngineSettings colon = settings();
    colon.classpath = List.of("/a:b");
    assertTrue(
        assertThrows(EngineException.class, () -> EngineArguments.build(Path.of("j"), colon))
            .getMessage()
            .contains("'/a:b'"));
    EngineSettings pattern = settings();
    pattern.includes = List.of("com.x,com.y");
    assertThrows(EngineException.class, () -> EngineArguments.build(Path.of("j"), pattern));
    EngineSettings command = settings();
    command.command = "cover";
    assertThrows(EngineException.class, () -> EngineArguments.build(Path.of("j"), command));
    EngineSettings noTarget = settings();
    noTarget.targets = List.of();
    assertThrows(EngineException.class, () -> EngineArguments.build(Path.of("j"), noTarget));
  }

  @Test
  void rayClusterAndItsMemoryRequest() throws Exception {
    EngineSettings s = settings();
    s.ray = " 10.0.0.1:6379 ";
    s.rayMemory = "3g";
    List<String> argv = EngineArguments.build(Path.of("j"), s);
    int at = argv.indexOf("--ray");
    assertEquals(List.of("--ray", "10.0.0.1:6379", "--ray-memory", "3g"), argv.subList(at, at + 4));
    s.rayMemory = "3 gigabytes";
    assertThrows(EngineException.class, () -> EngineArguments.build(Path.of("j"), s));
    EngineSettings alone = settings();
    alone.rayMemory = "3g";
    assertEquals(
        "rayMemory is set without ray",
        assertThrows(EngineException.class, () -> EngineArguments.build(Path.of("j"), alone))
            .getMessage());
  }

  @Test
  void acceptsTheEnginesBudgetForms() throws Exception {
    for (String b : List.of("60", "60s", "2m", "1.5m", "500ms")) {
      EngineSettings s = settings();
      s.budgetPerClass = b;
      assertTrue(EngineArguments.build(Path.of("j"), s).contains(b), b);
    }
  }
}
