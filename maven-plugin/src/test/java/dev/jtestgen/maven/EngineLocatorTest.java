package dev.jtestgen.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EngineLocatorTest {
  @TempDir Path tmp;

  private Path executable(Path p) throws Exception {
    Files.createDirectories(p.getParent());
    Files.writeString(p, "#!/bin/sh\n");
    Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
    return p;
  }

  @Test
  void homeFirstThenPathThenPrefixes() throws Exception {
    Path installed = executable(tmp.resolve("home/bin/jtestgen"));
    Path build = executable(tmp.resolve("build/jtestgen"));
    Path onPath = executable(tmp.resolve("path2/jtestgen"));
    Path prefix = executable(tmp.resolve("prefix/bin/jtestgen"));
    String path = tmp.resolve("path1") + ":" + tmp.resolve("path2");
    List<Path> prefixes = List.of(tmp.resolve("prefix"));
    assertEquals(installed, EngineLocator.locate(tmp.resolve("home").toString(), path, prefixes));
    assertEquals(build, EngineLocator.locate(tmp.resolve("build").toString(), path, prefixes));
    assertEquals(onPath, EngineLocator.locate(null, path, prefixes));
    assertEquals(onPath, EngineLocator.locate("${jtestgen.home}", path, prefixes));
    assertEquals(prefix, EngineLocator.locate("", tmp.resolve("path1").toString(), prefixes));
  }

  @Test
  void notFoundSaysWhatToDo() throws Exception {
    EngineException e =
        assertThrows(
            EngineException.class,
            () -> EngineLocator.locate(null, tmp.toString(), List.of(tmp.resolve("p"))));
    assertTrue(e.getMessage().startsWith("jtestgen not found: set jtestgen.home or put it on PATH"));
    assertTrue(e.getMessage().contains(tmp.resolve("p").toString()));
    Files.writeString(tmp.resolve("jtestgen"), "not executable");
    EngineException home =
        assertThrows(
            EngineException.class, () -> EngineLocator.locate(tmp.toString(), null, List.of()));
    assertTrue(home.getMessage().contains("jtestgen.home=" + tmp));
  }

  @Test
  void agentIsBesideTheRealExecutable() throws Exception {
    Path real = executable(tmp.resolve("lib/jtestgen/jtestgen"));
    Files.writeString(tmp.resolve("lib/jtestgen/libjtestgen_agent.so"), "");
    Files.createDirectories(tmp.resolve("bin"));
    Path link = Files.createSymbolicLink(tmp.resolve("bin/jtestgen"), real);
    assertEquals(
        real.resolveSibling("libjtestgen_agent.so").toRealPath(), EngineLocator.agentBeside(link));
    Files.delete(tmp.resolve("lib/jtestgen/libjtestgen_agent.so"));
    assertThrows(EngineException.class, () -> EngineLocator.agentBeside(link));
  }
}
