package dev.jtestgen.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class CoverageCheckTest {
  private static final String SUMMARY =
      "{\"format\":\"jtestgen-report\",\"counters\":{"
          + "\"instruction\":{\"missed\":1,\"covered\":9},"
          + "\"branch\":{\"missed\":3,\"covered\":1},"
          + "\"line\":{\"missed\":2,\"covered\":8}},\"packages\":[]}";

  @Test
  void readsTheReportsCounters() throws Exception {
    Coverage c = Coverage.parse("s.json", SUMMARY);
    assertEquals(new Coverage(8, 2, 1, 3), c);
    assertEquals(0.8, c.lineRatio(), 1e-9);
    assertEquals(0.25, c.branchRatio(), 1e-9);
    assertEquals(1.0, new Coverage(0, 0, 0, 0).branchRatio(), 1e-9);
  }

  @Test
  void reportsEachThresholdNotMet() throws Exception {
    Coverage c = Coverage.parse("s.json", SUMMARY);
    assertEquals(List.of(), CoverageCheck.violations(c, 0.8, 0.25));
    assertEquals(List.of(), CoverageCheck.violations(c, null, null));
    List<String> v = CoverageCheck.violations(c, 0.81, 0.5);
    assertEquals(2, v.size());
    assertEquals("line coverage 0.8000 (8 of 10) is below the minimum 0.8100", v.get(0));
    assertEquals("branch coverage 0.2500 (1 of 4) is below the minimum 0.5000", v.get(1));
    assertEquals(1, CoverageCheck.violations(c, null, 0.3).size());
  }

  @Test
  void refusesBadThresholdsAndSummaries() {
    Coverage c = new Coverage(1, 1, 1, 1);
    assertTrue(
        assertThrows(EngineException.class, () -> CoverageCheck.violations(c, 80.0, null))
            .getMessage()
            .startsWith("minLineRatio 80.0"));
    assertThrows(EngineException.class, () -> Coverage.parse("s.json", "{}"));
    assertThrows(EngineException.class, () -> Coverage.parse("s.json", "not json"));
    assertTrue(
        assertThrows(
                EngineException.class,
                () -> Coverage.parse("s.json", "{\"counters\":{\"line\":{\"covered\":1}}}"))
            .getMessage()
            .contains("\"line\""));
  }
}
