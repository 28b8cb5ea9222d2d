package dev.jtestgen.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * RunSummary and Coverage on files the engine wrote (src/test/resources: the write-src IT's
 * run summary, the check-threshold IT's coverage summary), so a change of their shape shows.
 */
class EngineOutputFilesTest {
  private static Path resource(String name) throws Exception {
    return Path.of(EngineOutputFilesTest.class.getResource(name).toURI());
  }

  @Test
  void readsAnEngineRunSummary() throws Exception {
    RunSummary s = RunSummary.read(resource("jtestgen-summary.json"));
    assertEquals(
        "2 classes: 0 generated, 1 unchanged, 1 failed; 3 tests, branches 2/2, lines 4/4",
        s.totals());
    assertEquals(1, s.failures().size());
    assertTrue(
        s.failures().get(0).startsWith("sample.w.Keep: not writing /m/src/test/java/sample/w/"),
        s.failures().get(0));
  }

  @Test
  void readsAnEngineCoverageSummary() throws Exception {
    Coverage c = Coverage.read(resource("report-summary.json"));
    assertEquals(new Coverage(2, 1, 1, 3), c);
    assertEquals(
        List.of("branch coverage 0.2500 (1 of 4) is below the minimum 0.9000"),
        CoverageCheck.violations(c, 0.5, 0.9));
  }
}
