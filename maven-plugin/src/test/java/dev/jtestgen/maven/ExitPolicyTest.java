package dev.jtestgen.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jtestgen.maven.ExitPolicy.Verdict;
import org.junit.jupiter.api.Test;

class ExitPolicyTest {
  @Test
  void classFailuresWarnUnlessAsked() {
    assertEquals(Verdict.PASS, ExitPolicy.judge(0, true));
    assertEquals(Verdict.WARN, ExitPolicy.judge(1, false));
    assertEquals(Verdict.FAIL, ExitPolicy.judge(1, true));
    assertEquals(Verdict.FAIL, ExitPolicy.judge(2, false));
    assertEquals(Verdict.FAIL, ExitPolicy.judge(137, false));
  }

  @Test
  void messagesNameTheCause() {
    assertTrue(ExitPolicy.describe("suite", 2).contains("bad usage"));
    assertEquals(
        "jtestgen perf ended with exit status 143 (signal 15)", ExitPolicy.describe("perf", 143));
  }
}
