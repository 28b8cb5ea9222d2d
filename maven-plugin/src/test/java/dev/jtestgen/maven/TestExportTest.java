package dev.jtestgen.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** TestExport: generated tests are copied; hand-written files are never replaced. */
class TestExportTest {
  @TempDir Path tmp;

  private Path write(Path p, String text) throws Exception {
    Files.createDirectories(p.getParent());
    return Files.writeString(p, text);
  }

  @Test
  void copiesGeneratedTestsAndLeavesHandWrittenFilesAlone() throws Exception {
    Path from = tmp.resolve(".jtestgen/tests");
    Path to = tmp.resolve("src/test/java");
    write(from.resolve("a/b/CJtgTest.java"), TestExport.MARKER + "\npackage a.b;\nclass CJtgTest {}\n");
    write(from.resolve("a/b/DJtgTest.java"), TestExport.MARKER + "\npackage a.b;\nclass DJtgTest {}\n");
    write(from.resolve("a/b/Notes.java"), "package a.b;\n");  // not the engine's: not exported
    write(to.resolve("a/b/DJtgTest.java"), "package a.b;\n// mine\nclass DJtgTest {}\n");

    TestExport.Result r = TestExport.copy(from, to, false);
    assertEquals(List.of(to.resolve("a/b/CJtgTest.java")), r.copied());
    assertEquals(List.of(to.resolve("a/b/DJtgTest.java")), r.skipped());
    assertTrue(Files.readString(to.resolve("a/b/CJtgTest.java")).contains("class CJtgTest"));
    assertTrue(Files.readString(to.resolve("a/b/DJtgTest.java")).contains("// mine"));
    assertFalse(Files.exists(to.resolve("a/b/Notes.java")));

    // Again: the exported file is the engine's now, so it is replaced; overwrite takes the other.
    TestExport.Result again = TestExport.copy(from, to, true);
    assertEquals(2, again.copied().size());
    assertTrue(TestExport.generated(to.resolve("a/b/DJtgTest.java")));
  }

  @Test
  void aMissingSourceCopiesNothing() throws Exception {
    TestExport.Result r = TestExport.copy(tmp.resolve("none"), tmp.resolve("out"), false);
    assertTrue(r.copied().isEmpty() && r.skipped().isEmpty());
  }
}
