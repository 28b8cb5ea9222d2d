package dev.jtestgen.maven;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The run summary {@code jtestgen-summary.json} of a project-mode run: the totals line and the
 * failed classes with their reasons, for the Maven log. Immutable; thread-safe.
 */
public record RunSummary(String totals, List<String> failures) {

  /**
   * Reads {@code json}.
   *
   * @throws EngineException "run summary FILE: REASON" when it cannot be read or parsed
   */
  public static RunSummary read(Path json) throws EngineException {
    try {
      return parse(json.toString(), Files.readString(json, StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new EngineException("run summary " + json + ": cannot be read (" + e + ")");
    }
  }

  /** Parses summary {@code text}; {@code name} is for messages. */
  static RunSummary parse(String name, String text) throws EngineException {
    try {
      JsonObject root = JsonParser.parseString(text).getAsJsonObject();
      JsonObject t = root.getAsJsonObject("totals");
      if (t == null) {
        throw new EngineException("run summary " + name + ": no \"totals\" object");
      }
      String totals =
          String.format(
              "%d classes: %d generated, %d unchanged, %d failed; %d tests%s%s",
              num(t, "classes"),
              num(t, "generated"),
              num(t, "unchanged"),
              num(t, "failed"),
              num(t, "tests"),
              fraction(t, "branches"),
              fraction(t, "lines"));
      List<String> failures = new ArrayList<>();
      JsonArray classes = root.getAsJsonArray("classes");
      if (classes != null) {
        for (JsonElement e : classes) {
          JsonObject c = e.getAsJsonObject();
          if ("failed".equals(str(c, "status"))) {
            failures.add(str(c, "class") + ": " + str(c, "reason"));
          }
        }
      }
      return new RunSummary(totals, List.copyOf(failures));
    } catch (JsonParseException | IllegalStateException | ClassCastException e) {
      throw new EngineException("run summary " + name + ": not a jtestgen summary (" + e + ")");
    }
  }

  private static long num(JsonObject o, String key) {
    JsonElement e = o.get(key);
    return e == null || !e.isJsonPrimitive() ? 0 : e.getAsLong();
  }

  private static String str(JsonObject o, String key) {
    JsonElement e = o.get(key);
    return e == null || e.isJsonNull() ? "" : e.getAsString();
  }

  private static String fraction(JsonObject t, String key) {
    JsonElement e = t.get(key);
    if (e == null || !e.isJsonObject()) {
      return "";
    }
    JsonObject f = e.getAsJsonObject();
    return String.format(", %s %d/%d", key, num(f, "covered"), num(f, "total"));
  }
}
