package names;

/** A top-level class with '$' inside its name, as generated code spells them. */
public final class Gen$Made {
  private final String label;
  private final int code;

  public Gen$Made(String label, int code) {
    this.label = label;
    this.code = code;
  }

  public String label() {
    return label;
  }

  public int code() {
    return code;
  }

  public boolean sameLabel(Gen$Made other) {
    return other != null && label.equals(other.label);
  }
}
