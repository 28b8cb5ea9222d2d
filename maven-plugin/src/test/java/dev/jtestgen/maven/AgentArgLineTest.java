package dev.jtestgen.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
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
}
