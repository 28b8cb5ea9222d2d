package names;

/** Nested classes whose simple names hold '$', and one of an ordinary name. */
public class Outer {
  /** A static member class named In$ner: binary name names.Outer$In$ner. */
  public static final class In$ner {
    private final int level;

    public In$ner(int level) {
      this.level = level;
    }

    public int level() {
      return level;
    }

    public In$ner deeper() {
      if (level >= 3) {
        throw new IllegalStateException("too deep at " + level);
      }
      return new In$ner(level + 1);
    }

    public Outer.Plain$ plain() {
      return level % 2 == 0 ? Outer.Plain$.EVEN : Outer.Plain$.ODD;
    }
  }

  /** An enum whose name ends with '$'. */
  public enum Plain$ {
    EVEN,
    ODD
  }

  public static String name(In$ner inner, Plain$ plain) {
    if (inner == null) {
      return "null";
    }
    if (plain == Plain$.EVEN && inner.level() > 1) {
      return "even-deep";
    }
    return plain + "-" + inner.level();
  }
}
