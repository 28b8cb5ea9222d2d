package sample.core;

/** Small string helpers (no I/O). */
public final class Words {
  private Words() {}

  public static String capitalize(String s) {
    if (s == null || s.isEmpty()) {
      return s;
    }
    return Character.toUpperCase(s.charAt(0)) + s.substring(1);
  }

  public static int vowels(String s) {
    int n = 0;
    for (int i = 0; i < s.length(); i++) {
      if ("aeiouAEIOU".indexOf(s.charAt(i)) >= 0) {
        n++;
      }
    }
    return n;
  }
}
