package dev.jtestgen.maven;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Compares coverage with minimum line and branch ratios, as JaCoCo's {@code check} goal does
 * with a BUNDLE rule of COVEREDRATIO limits. Pure; thread-safe.
 */
public final class CoverageCheck {
  private CoverageCheck() {}

  /**
   * Returns one message per threshold not met (empty: all met). A null minimum is not checked.
   *
   * @throws EngineException when a minimum lies outside [0, 1]
   */
  public static List<String> violations(Coverage c, Double minLineRatio, Double minBranchRatio)
      throws EngineException {
    List<String> out = new ArrayList<>();
    check(out, "line", c.lineRatio(), c.linesCovered(), c.linesMissed(), minLineRatio);
    check(out, "branch", c.branchRatio(), c.branchesCovered(), c.branchesMissed(), minBranchRatio);
    return out;
  }

  private static void check(
      List<String> out, String what, double ratio, long covered, long missed, Double min)
      throws EngineException {
    if (min == null) {
      return;
    }
    if (min.isNaN() || min < 0 || min > 1) {
      throw new EngineException("min" + capital(what) + "Ratio " + min + ": must be in [0, 1]");
    }
    if (ratio < min) {
      out.add(
          String.format(
              Locale.ROOT,
              "%s coverage %.4f (%d of %d) is below the minimum %.4f",
              what,
              ratio,
              covered,
              covered + missed,
              min));
    }
  }

  private static String capital(String s) {
    return Character.toUpperCase(s.charAt(0)) + s.substring(1);
  }
}
