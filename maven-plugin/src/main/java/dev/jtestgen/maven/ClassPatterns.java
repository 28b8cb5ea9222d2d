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

  /** Whether binary name {@code name} matches {@code pattern} (the engine's rules, above). */
  public static boolean matches(String pattern, String name) {
    StringBuilder re = new StringBuilder();
    for (int i = 0; i < pattern.length(); ++i) {
      char c = pattern.charAt(i);
      if (c == '*' && i + 1 < pattern.length() && pattern.charAt(i + 1) == '*') {
        re.append(".*");
        ++i;
      } else if (c == '*') {
        re.append("[^.]*");
      } else if (c == '?') {
        re.append("[^.]");
      } else {
        re.append(Pattern.quote(String.valueOf(c)));
      }
    }
    return Pattern.matches(re.toString(), name);
  }

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
