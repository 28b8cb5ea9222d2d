package dev.jtestgen.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** ModulePackages, EngineClasspath, OutputChoice and RunSummary: the module-facing helpers. */
class ModuleFilesTest {
  @TempDir Path tmp;

  private void touch(Path p) throws Exception {
    Files.createDirectories(p.getParent());
    Files.writeString(p, "");
  }

  @Test
  void packagesAndClassesComeFromSourceRoots() throws Exception {
    Path main = tmp.resolve("src/main/java");
    touch(main.resolve("a/b/C.java"));
    touch(main.resolve("a/b/D.java"));
    touch(main.resolve("a/b/package-info.java"));
    touch(main.resolve("a/e/F.java"));
    touch(main.resolve("a/notes.txt"));
    touch(main.resolve("Top.java"));
    List<Path> roots = List.of(main, tmp.resolve("missing"));
    assertEquals(List.of("*", "a.b.*", "a.e.*"), ModulePackages.packagePatterns(roots));
    assertEquals(List.of("Top", "a.b.C", "a.b.D", "a.e.F"), ModulePackages.classNames(roots));
    assertEquals(List.of(), ModulePackages.packagePatterns(List.of(tmp.resolve("none"))));
  }

  @Test
  void engineClasspathDropsTestClassesAndMissingEntries() throws Exception {
    Path classes = Files.createDirectories(tmp.resolve("target/classes"));
    Path tests = Files.createDirectories(tmp.resolve("target/test-classes"));
    Path jar = tmp.resolve("dep.jar");
    touch(jar);
    List<String> cp =
        List.of(tests.toString(), classes.toString(), jar.toString(), tmp + "/gone.jar");
    assertEquals(
        List.of(classes.toString(), jar.toString()), EngineClasspath.of(cp, tests + "/"));
    assertThrows(
        EngineException.class, () -> EngineClasspath.of(List.of(tests.toString()), tests.toString()));
    assertFalse(EngineClasspath.hasClasses(classes));
    touch(classes.resolve("a/B.class"));
    assertTrue(EngineClasspath.hasClasses(classes));
  }

  @Test
  void writeChoosesTheOutputDirectory() throws Exception {
    Path gen = Path.of("/t/gen");
    Path src = Path.of("/m/src/test/java");
    assertEquals(gen, OutputChoice.directory("generated", gen, src));
    assertEquals(gen, OutputChoice.directory(null, gen, src));
    assertEquals(src, OutputChoice.directory("src", gen, src));
    assertThrows(EngineException.class, () -> OutputChoice.directory("test", gen, src));
  }

  @Test
  void runSummaryGivesTotalsAndFailures() throws Exception {
    String json =
        "{\"command\":\"suite\",\"classes\":["
            + "{\"class\":\"a.B\",\"status\":\"generated\",\"tests\":3},"
            + "{\"class\":\"a.C\",\"status\":\"failed\",\"reason\":\"hand-written test file\"}],"
            + "\"not_testable\":[],\"totals\":{\"classes\":2,\"generated\":1,\"unchanged\":0,"
            + "\"failed\":1,\"tests\":3,\"branches\":{\"covered\":4,\"total\":6},"
            + "\"lines\":{\"covered\":9,\"total\":10}}}";
    RunSummary s = RunSummary.parse("x.json", json);
    assertEquals(
        "2 classes: 1 generated, 0 unchanged, 1 failed; 3 tests, branches 4/6, lines 9/10",
        s.totals());
    assertEquals(List.of("a.C: hand-written test file"), s.failures());
    assertThrows(EngineException.class, () -> RunSummary.parse("x.json", "{\"classes\":[]}"));
  }
}
