package dev.jtestgen.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class AgentArgLineTest {
  @Test
  void buildsTheAgentOption() throws Exception {
    assertEquals(
        "-agentpath:/p/lib.so=mode=static,includes=a.*:b.**,excludes=a.XTest,out=/m/target/cov",
        AgentArgLine.option(
            Path.of("/p/lib.so"), "static", "a.*:b.**", "a.XTest", Path.of("/m/target/cov")));
    assertEquals(
        "\"-agentpath:/my dir/lib.so=mode=ddst,includes=**,out=/o\"",
        AgentArgLine.option(Path.of("/my dir/lib.so"), "ddst", "**", "", Path.of("/o")));
  }

  @Test
  void refusesCommasAndEmptyIncludes() {
    assertThrows(
        EngineException.class,
        () -> AgentArgLine.option(Path.of("/p.so"), "static", "a.*", "", Path.of("/a,b")));
    assertThrows(
        EngineException.class,
        () -> AgentArgLine.option(Path.of("/p.so"), "static", "", "", Path.of("/o")));
  }

  @Test
  void appendsToAnExistingArgLine() {
    assertEquals("-agentpath:x", AgentArgLine.append(null, "-agentpath:x"));
    assertEquals("-agentpath:x", AgentArgLine.append("  ", "-agentpath:x"));
    assertEquals("-Xmx1g -agentpath:x", AgentArgLine.append("-Xmx1g ", "-agentpath:x"));
  }

  @Test
  void classPatternsFollowTheEngine() {
    assertTrue(ClassPatterns.matches("a.*", "a.B"));
    assertFalse(ClassPatterns.matches("a.*", "a.b.C"));
    assertTrue(ClassPatterns.matches("a.**", "a.b.C"));
    assertTrue(ClassPatterns.matches("**Test", "a.b.CTest"));
    assertTrue(ClassPatterns.matches("**.Test*", "a.TestUtil$1"));
    assertFalse(ClassPatterns.matches("**.Test*", "a.b.CTest"));
    assertTrue(ClassPatterns.matches("a.?", "a.B"));
    assertFalse(ClassPatterns.matches("a$b", "aXb"));  // '$' is literal
  }

  @Test
  void testClassesAreExcludedByShortPatterns() {
    // Surefire's patterns where no main class matches them; other test classes by name.
    assertEquals(
        List.of("**JtgTest", "**JtgTest$*", "**Test", "**Test$*", "**Tests", "**Tests$*",
            "**TestCase", "**TestCase$*", "**.Test*", "Test*", "a.Helpers", "a.Helpers$*"),
        PrepareAgentMojo.testExcludes(List.of("a.Parser"), List.of("a.ParserTest", "a.Helpers")));
    // A main class named like a test (a.ContractTest): that pattern is left out, and the test
    // classes it would have matched are named.
    assertEquals(
        List.of("**JtgTest", "**JtgTest$*", "**Tests", "**Tests$*", "**TestCase", "**TestCase$*",
            "**.Test*", "Test*", "a.ParserTest", "a.ParserTest$*"),
        PrepareAgentMojo.testExcludes(
            List.of("a.Parser", "a.ContractTest"), List.of("a.ParserTest", "a.TestKit")));
  }
}
