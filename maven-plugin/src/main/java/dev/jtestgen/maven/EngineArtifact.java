package dev.jtestgen.maven;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.Locale;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

/**
 * The engine as a Maven artifact: {@code dev.jtestgen:jtestgen-engine:<version>:zip:<platform>},
 * the archive {@code make dist} writes (docs/DISTRIBUTION.md), unpacked once into a folder
 * beside the artifact's file and run from there. Pure apart from the file system; the unpacking
 * writes a temporary folder and renames it, so concurrent builds at worst unpack twice.
 */
public final class EngineArtifact {
  public static final String GROUP_ID = "dev.jtestgen";
  public static final String ARTIFACT_ID = "jtestgen-engine";
  public static final String TYPE = "zip";

  private static final String MARKER = ".jtestgen-unpacked";

  private EngineArtifact() {}

  /**
   * The classifier of the engine for a platform, as {@code os.name} and {@code os.arch} give it,
   * or null when no engine is built for it (only Linux on x86_64 and aarch64 are planned).
   */
  public static String classifier(String osName, String osArch) {
    if (osName == null || osArch == null || !osName.toLowerCase(Locale.ROOT).startsWith("linux")) {
      return null;
    }
    switch (osArch.toLowerCase(Locale.ROOT)) {
      case "amd64":
      case "x86_64":
        return "linux-x86_64";
      case "aarch64":
      case "arm64":
        return "linux-aarch64";
      default:
        return null;
    }
  }

  /**
   * Unpacks the engine archive {@code zip} (when not done already for these very bytes: same
   * size and modification time) into {@code <zip without .zip>/} beside it and returns its
   * {@code jtestgen} executable.
   *
   * @throws EngineException when the archive cannot be read or unpacked, or holds no jtestgen
   */
  public static Path unpack(Path zip) throws EngineException {
    String name = zip.getFileName().toString().replaceFirst("\\.zip$", "");
    Path dir = zip.resolveSibling(name);
    String stamp;
    try {
      stamp = Files.size(zip) + " " + Files.getLastModifiedTime(zip).toMillis();
      Path marker = dir.resolve(MARKER);
      if (Files.isRegularFile(marker) && Files.readString(marker).equals(stamp)) {
        return executable(dir);
      }
      Path tmp = Files.createTempDirectory(zip.getParent(), name + ".tmp");
      try {
        extract(zip, tmp);
        Path engine = executable(tmp);
        engine.toFile().setExecutable(true, false);
        Files.writeString(tmp.resolve(MARKER), stamp);
        deleteTree(dir);
        Files.move(tmp, dir, StandardCopyOption.ATOMIC_MOVE);
      } finally {
        deleteTree(tmp);
      }
    } catch (IOException e) {
      throw new EngineException("engine archive " + zip + " cannot be unpacked: " + e);
    }
    return executable(dir);
  }

  /** The {@code jtestgen} of an unpacked archive: at its top, or in its one top folder. */
  private static Path executable(Path dir) throws EngineException {
    Path direct = dir.resolve("jtestgen");
    if (Files.isRegularFile(direct)) {
      return direct;
    }
    try (Stream<Path> top = Files.list(dir)) {
      for (Path p : top.toList()) {
        if (Files.isRegularFile(p.resolve("jtestgen"))) {
          return p.resolve("jtestgen");
        }
      }
    } catch (IOException e) {
      throw new EngineException("engine folder " + dir + " cannot be listed: " + e);
    }
    throw new EngineException("engine archive unpacked into " + dir + " holds no jtestgen");
  }

  private static void extract(Path zip, Path into) throws IOException {
    Path root = into.toAbsolutePath().normalize();
    try (InputStream in = Files.newInputStream(zip);
        ZipInputStream z = new ZipInputStream(in)) {
      for (ZipEntry e = z.getNextEntry(); e != null; e = z.getNextEntry()) {
        Path to = root.resolve(e.getName()).normalize();
        if (!to.startsWith(root)) {
          throw new IOException("entry " + e.getName() + " leaves the folder");
        }
        if (e.isDirectory()) {
          Files.createDirectories(to);
          continue;
        }
        Files.createDirectories(to.getParent());
        Files.copy(z, to, StandardCopyOption.REPLACE_EXISTING);
        String file = to.getFileName().toString();
        if (file.equals("jtestgen") || file.endsWith(".so") || file.contains(".so.")) {
          to.toFile().setExecutable(true, false);
        }
      }
    }
  }

  private static void deleteTree(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }
}
