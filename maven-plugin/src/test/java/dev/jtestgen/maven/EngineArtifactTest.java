package dev.jtestgen.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** EngineArtifact: platform classifiers, and unpacking the engine zip once per archive. */
class EngineArtifactTest {
  @TempDir Path tmp;

  private Path zip(String name, String... entries) throws Exception {
    Path z = tmp.resolve(name);
    try (ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(z))) {
      for (String e : entries) {
        out.putNextEntry(new ZipEntry(e));
        out.write(("content of " + e).getBytes());
        out.closeEntry();
      }
    }
    return z;
  }

  @Test
  void classifierPerPlatform() {
    assertEquals("linux-x86_64", EngineArtifact.classifier("Linux", "amd64"));
    assertEquals("linux-aarch64", EngineArtifact.classifier("Linux", "aarch64"));
    assertNull(EngineArtifact.classifier("Mac OS X", "aarch64"));
    assertNull(EngineArtifact.classifier("Windows 11", "amd64"));
    assertNull(EngineArtifact.classifier("Linux", "ppc64le"));
  }

  @Test
  void unpacksOnceAndAgainWhenTheArchiveChanges() throws Exception {
    Path z = zip("jtestgen-engine-1.0-linux-x86_64.zip", "jtestgen-1.0-linux-x86_64/jtestgen",
        "jtestgen-1.0-linux-x86_64/libjtestgen_agent.so", "jtestgen-1.0-linux-x86_64/lib/libz.so.1");
    Path engine = EngineArtifact.unpack(z);
    assertEquals(tmp.resolve("jtestgen-engine-1.0-linux-x86_64/jtestgen-1.0-linux-x86_64/jtestgen"),
        engine);
    assertTrue(Files.isExecutable(engine));
    assertTrue(Files.isRegularFile(engine.resolveSibling("lib/libz.so.1")));
    // Unchanged archive: the folder is reused as it is.
    Files.writeString(engine.resolveSibling("note"), "kept");
    assertEquals(engine, EngineArtifact.unpack(z));
    assertTrue(Files.exists(engine.resolveSibling("note")));
    // A new archive of the same name (make install again): unpacked afresh.
    zip("jtestgen-engine-1.0-linux-x86_64.zip", "jtestgen-1.0-linux-x86_64/jtestgen");
    Files.setLastModifiedTime(z, FileTime.fromMillis(Files.getLastModifiedTime(z).toMillis() + 5000));
    assertEquals(engine, EngineArtifact.unpack(z));
    assertTrue(Files.notExists(engine.resolveSibling("note")));
  }

  @Test
  void anArchiveWithoutTheEngineOrLeavingItsFolderIsRefused() throws Exception {
    EngineException none = assertThrows(EngineException.class,
        () -> EngineArtifact.unpack(zip("empty.zip", "x/readme")));
    assertTrue(none.getMessage().contains("holds no jtestgen"), none.getMessage());
    EngineException evil = assertThrows(EngineException.class,
        () -> EngineArtifact.unpack(zip("evil.zip", "../outside/jtestgen")));
    assertTrue(evil.getMessage().contains("leaves the folder"), evil.getMessage());
    assertTrue(Files.notExists(tmp.resolve("outside")));
  }
}
