package dev.jtestgen.maven;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The totals of a coverage report's JSON summary ({@code jtestgen report --json}, format
 * {@code jtestgen-report}: {@code "counters": {"line": {"missed": m, "covered": c}, "branch":
 * ...}}). Immutable; thread-safe.
 */
public record Coverage(long linesCovered, long linesMissed, long branchesCovered,
    long branchesMissed) {

  /** Covered lines over all lines; 1 when there are none. */
  public double lineRatio() {
    return ratio(linesCovered, linesMissed);
  }

  /** Covered branches over all branches; 1 when there are none. */
  public double branchRatio() {
    return ratio(branchesCovered, branchesMissed);
  }

  /**
   * Reads the summary.
   *
   * @throws EngineException "coverage summary FILE: REASON" when it is missing, not JSON, or lacks
   *     the line or branch counters
   */
  public static Coverage read(Path json) throws EngineException {
    String text;
    try {
      text = Files.readString(json, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new EngineException("coverage summary " + json + ": cannot be read (" + e + ")");
    }
    return parse(json.toString(), text);
  }

  /** Parses summary {@code text}; {@code name} is for messages. */
  static Coverage parse(String name, String text) throws EngineException {
    try {
      JsonElement root = JsonParser.parseString(text);
      if (!root.isJsonObject() || !root.getAsJsonObject().has("counters")) {
        throw new EngineException("coverage summary " + name + ": no \"counters\" object");
      }
      JsonObject counters = root.getAsJsonObject().getAsJsonObject("counters");
      JsonObject line = counter(name, counters, "line");
      JsonObject branch = counter(name, counters, "branch");
      return new Coverage(
          line.get("covered").getAsLong(),
          line.get("missed").getAsLong(),
          branch.get("covered").getAsLong(),
          branch.get("missed").getAsLong());
    } catch (JsonParseException | IllegalStateException | ClassCastException e) {
      throw new EngineException("coverage summary " + name + ": not a report summary (" + e + ")");
    }
  }

  private static JsonObject counter(String name, JsonObject counters, String key)
      throws EngineException {
    JsonElement c = counters.get(key);
    if (c == null
        || !c.isJsonObject()
        || !c.getAsJsonObject().has("covered")
        || !c.getAsJsonObject().has("missed")) {
      throw new EngineException("coverage summary " + name + ": no \"" + key + "\" counter");
    }
    return c.getAsJsonObject();
  }

  private static double ratio(long covered, long missed) {
    long total = covered + missed;
    return total == 0 ? 1.0 : (double) covered / total;
  }
}
