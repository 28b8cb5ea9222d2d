package dev.jtestgen.maven;

import java.util.List;
import java.util.regex.Pattern;

/**
 * Class-name patterns as jtestgen reads them: binary names where {@code *} is any run of
 * characters without a dot, {@code **} any run of characters and {@code ?} one character other
 * than a dot ({@code com.x.*} = the classes of package com.x, {@code com.x.**} = with its
 * subpackages). Joins lists into the engine's ':'-separated form. Thread-safe.
 */
public final class ClassPatterns {
  private static final Pattern VALID = Pattern.compile("[A-Za-z0-9_$.*?]+");

  private ClassPatterns() {}

  /**
   * Joins {@code patterns} with ':' after checking each.
   *
   * @param what the parameter's name, for the message
   * @throws EngineException when a pattern is empty or holds a character other than letters,
   *     digits, '_', '$', '.', '*' and '?' (e.g. ':' or ',', which the engine's lists use)
   */
  public static String join(String what, List<String> patterns) throws EngineException {
    StringBuilder out = new StringBuilder();
    for (String raw : patterns) {
      String p = raw == null ? "" : raw.trim();
      if (!VALID.matcher(p).matches()) {
        throw new EngineException(
            what + ": '" + raw + "' is not a class pattern (like com.x.* or com.x.**)");
      }
      if (out.length() > 0) {
        out.append(':');
      }
      out.append(p);
    }
    return out.toString();
  }
}
