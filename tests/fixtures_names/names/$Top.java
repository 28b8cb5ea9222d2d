package names;

/** A top-level class whose name starts with '$' (as gson's $Gson$Types). */
public final class $Top {
  private $Top() {}

  public static Gen$Made make(int code) {
    if (code < 0) {
      throw new IllegalArgumentException("negative code " + code);
    }
    return new Gen$Made(code % 7 == 0 ? "seven" : "other", code);
  }

  public static String describe(Gen$Made made) {
    if (made == null) {
      return "none";
    }
    return made.label() + ":" + (made.code() > 100 ? "big" : "small");
  }

  public static Outer.In$ner wrap(Gen$Made made) {
    return new Outer.In$ner(made == null ? 0 : made.code());
  }
}
