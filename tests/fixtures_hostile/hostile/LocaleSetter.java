package hostile;

import java.util.Locale;

/** Changes the JVM's default locale to Turkish, where "i".toUpperCase() is not "I". */
public class LocaleSetter {
  public static String setTurkish() {
    Locale.setDefault(new Locale("tr", "TR"));
    return Locale.getDefault().getLanguage();
  }

  public static int length(String s) {
    return s == null ? -1 : s.length();
  }
}
