package names;

import java.util.ArrayList;
import java.util.List;

/** A top-level class with "$$" in its name (as Dagger's factories) and a member class. */
public class Dollar$$Holder {
  private final List<Outer.In$ner> items = new ArrayList<>();

  /** Member class of a class with "$$": binary name names.Dollar$$Holder$Entry. */
  public static class Entry {
    private final String key;

    public Entry(String key) {
      this.key = key;
    }

    public String key() {
      return key;
    }
  }

  public Dollar$$Holder add(Outer.In$ner item) {
    if (item == null) {
      throw new NullPointerException("item");
    }
    items.add(item);
    return this;
  }

  public Entry first() {
    return items.isEmpty() ? null : new Entry("level" + items.get(0).level());
  }

  public int deepest() {
    int max = -1;
    for (Outer.In$ner i : items) {
      if (i.level() > max) {
        max = i.level();
      }
    }
    return max;
  }
}
