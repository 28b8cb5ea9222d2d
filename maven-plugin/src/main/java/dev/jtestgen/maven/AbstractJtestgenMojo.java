package dev.jtestgen.maven;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Component;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.project.MavenProject;
import org.eclipse.aether.RepositorySystem;
import org.eclipse.aether.RepositorySystemSession;
import org.eclipse.aether.artifact.DefaultArtifact;
import org.eclipse.aether.repository.RemoteRepository;
import org.eclipse.aether.resolution.ArtifactRequest;
import org.eclipse.aether.resolution.ArtifactResolutionException;

/**
 * What every goal shares: the project, {@code jtestgen.home}, {@code jtestgen.skip}, the
 * skipping of {@code pom} modules, and finding the engine: {@code jtestgen.home} when set; else
 * the artifact {@code dev.jtestgen:jtestgen-engine:<plugin version>:zip:<platform>} resolved from
 * the build's plugin repositories and unpacked beside it in the local repository ({@link
 * EngineArtifact}); else {@link EngineLocator} (PATH, the prefix the plugin was installed with
 * by {@code make install}, /usr/local). With no engine at all a goal warns and skips, so a
 * machine without one still builds; a {@code jtestgen.home} without an engine fails the build.
 */
public abstract class AbstractJtestgenMojo extends AbstractMojo {
  @Parameter(defaultValue = "${project}", readonly = true, required = true)
  protected MavenProject project;

  /** The jtestgen installation (DIR/bin/jtestgen) or build directory (DIR/jtestgen). */
  @Parameter(property = "jtestgen.home")
  protected String home;

  /** Skips the goal. */
  @Parameter(property = "jtestgen.skip", defaultValue = "false")
  protected boolean skip;

  @Component private RepositorySystem repositorySystem;

  @Parameter(defaultValue = "${repositorySystemSession}", readonly = true)
  private RepositorySystemSession repositorySession;

  @Parameter(defaultValue = "${project.remotePluginRepositories}", readonly = true)
  private List<RemoteRepository> pluginRepositories;

  @Parameter(defaultValue = "${plugin.version}", readonly = true)
  private String pluginVersion;

  private Path engine;

  @Override
  public final void execute() throws MojoExecutionException, MojoFailureException {
    if (skip) {
      getLog().info("jtestgen: skipped (jtestgen.skip)");
      return;
    }
    if ("pom".equals(project.getPackaging())) {
      getLog().info("jtestgen: skipped (packaging pom)");
      return;
    }
    try {
      run();
    } catch (EngineNotFound e) {
      getLog().warn("jtestgen: skipped: " + e.getMessage());
    } catch (EngineException e) {
      throw new MojoExecutionException(e.getMessage(), e);
    }
  }

  /** The goal's work, for a module that is not skipped. */
  protected abstract void run() throws EngineException, MojoFailureException;

  /**
   * The jtestgen executable, found as the class comment says (once per goal execution).
   *
   * @throws EngineNotFound when there is none (the goal is skipped)
   * @throws EngineException when {@code jtestgen.home} is set but holds none, or the engine
   *     artifact cannot be unpacked
   */
  protected Path engine() throws EngineException {
    if (engine != null) {
      return engine;
    }
    if (EngineLocator.isSet(home)) {
      engine = EngineLocator.locate(home, null, List.of());
    } else {
      engine = fromArtifact();
    }
    if (engine == null) {
      List<Path> prefixes = new ArrayList<>();
      String installed = installPrefix();
      if (EngineLocator.isSet(installed)) {
        prefixes.add(Path.of(installed));
      }
      prefixes.add(Path.of("/usr/local"));
      try {
        engine = EngineLocator.locate(null, System.getenv("PATH"), prefixes);
      } catch (EngineException e) {
        throw new EngineNotFound(e.getMessage() + "; no engine artifact " + coordinates() + " either");
      }
    }
    getLog().debug("jtestgen: using " + engine);
    return engine;
  }

  /** The module's directory, where the engine runs. */
  protected Path basedir() {
    return project.getBasedir().toPath();
  }

  private static String classifier() {
    return EngineArtifact.classifier(System.getProperty("os.name"), System.getProperty("os.arch"));
  }

  /** The engine artifact's coordinates for this machine. */
  private String coordinates() {
    String c = classifier();
    return EngineArtifact.GROUP_ID + ":" + EngineArtifact.ARTIFACT_ID + ":" + EngineArtifact.TYPE
        + ":" + (c == null ? "<none for this platform>" : c) + ":" + pluginVersion;
  }

  /** The engine artifact for this platform, resolved and unpacked; null when there is none. */
  private Path fromArtifact() throws EngineException {
    String c = classifier();
    if (c == null || repositorySystem == null || repositorySession == null
        || pluginVersion == null) {
      return null;
    }
    ArtifactRequest request = new ArtifactRequest();
    request.setArtifact(new DefaultArtifact(
        EngineArtifact.GROUP_ID, EngineArtifact.ARTIFACT_ID, c, EngineArtifact.TYPE, pluginVersion));
    request.setRepositories(pluginRepositories);
    File zip;
    try {
      zip = repositorySystem.resolveArtifact(repositorySession, request).getArtifact().getFile();
    } catch (ArtifactResolutionException e) {
      getLog().debug("jtestgen: no engine artifact: " + e.getMessage());
      return null;
    }
    return EngineArtifact.unpack(zip.toPath());
  }

  /** The prefix given to {@code make install} (resource install.properties), or null. */
  private static String installPrefix() {
    try (InputStream in = AbstractJtestgenMojo.class.getResourceAsStream("install.properties")) {
      if (in == null) {
        return null;
      }
      Properties p = new Properties();
      p.load(in);
      return p.getProperty("prefix");
    } catch (IOException e) {
      return null;
    }
  }
}
