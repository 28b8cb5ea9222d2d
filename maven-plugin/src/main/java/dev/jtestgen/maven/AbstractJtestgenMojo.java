package dev.jtestgen.maven;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.project.MavenProject;

/**
 * What every goal shares: the project, {@code jtestgen.home}, {@code jtestgen.skip}, the
 * skipping of {@code pom} modules, and finding the engine ({@link EngineLocator}: home, PATH,
 * the prefix the plugin was installed with by {@code make install}, /usr/local).
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
    } catch (EngineException e) {
      throw new MojoExecutionException(e.getMessage(), e);
    }
  }

  /** The goal's work, for a module that is not skipped. */
  protected abstract void run() throws EngineException, MojoFailureException;

  /** The jtestgen executable; see {@link EngineLocator#locate}. */
  protected Path engine() throws EngineException {
    List<Path> prefixes = new ArrayList<>();
    String installed = installPrefix();
    if (EngineLocator.isSet(installed)) {
      prefixes.add(Path.of(installed));
    }
    prefixes.add(Path.of("/usr/local"));
    Path jtestgen = EngineLocator.locate(home, System.getenv("PATH"), prefixes);
    getLog().debug("jtestgen: using " + jtestgen);
    return jtestgen;
  }

  /** The module's directory, where the engine runs. */
  protected Path basedir() {
    return project.getBasedir().toPath();
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
