package dev.jtestgen.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ProcessRunnerTest {
  @Test
  void tellsTheEnginesDebugLinesFromTheRest() {
    assertTrue(ProcessRunner.isDebugLine("[01:02:03.456] jtestgen debug: running javac"));
    assertFalse(ProcessRunner.isDebugLine("jtestgen suite: org.x.A"));
    assertFalse(ProcessRunner.isDebugLine("[INFO] jtestgen debug: not the engine's"));
    assertFalse(ProcessRunner.isDebugLine(""));
  }

  @Test
  void handsOverEveryLineAndTheExitStatus() throws Exception {
    List<String> lines = new ArrayList<>();
    int status =
        ProcessRunner.run(List.of("sh", "-c", "echo one; echo two >&2; exit 3"), null, lines::add);
    assertEquals(3, status);
    assertEquals(List.of("one", "two"), lines);
  }
}
