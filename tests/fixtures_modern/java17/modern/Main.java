package modern;

import java.lang.reflect.Method;
import java.util.List;

/**
 * The program `jtestgen cover` runs on each release of the modern fixtures
 * (tests/e2e/run_modern.sh): Shapes on every release, and Switches (Java 21) and Guarded
 * (Java 25) where the release has them, reached by reflection so that one source serves all
 * three. Some branches are left unrun on purpose, so that covered, partly covered and missed
 * lines all occur.
 */
public final class Main {
  private Main() {}

  public static void main(String[] args) throws Exception {
    Shapes shapes = new Shapes();
    System.out.println(shapes.describe(new Shapes.Circle(1.5)));
    System.out.println(shapes.describe(new Shapes.Rect(2, 3)));
    System.out.println(Shapes.area(new Shapes.Square(3)));
    System.out.println(shapes.new Counter().next());
    call("modern.Switches", "classify", Object.class, new Shapes.Circle(20));
    call("modern.Switches", "classify", Object.class, -4);
    call("modern.Switches", "classify", Object.class, "");
    call("modern.Switches", "sides", Shapes.Shape.class, new Shapes.Square(2));
    call("modern.Guarded", "count", List.class, List.of("a", "b"));
    call("modern.Guarded", "parseOr", String.class, "x7");
  }

  /** Calls the static method `cls.name(type)` with `arg` when the class exists. */
  private static void call(String cls, String name, Class<?> type, Object arg) throws Exception {
    Class<?> c;
    try {
      c = Class.forName(cls);
    } catch (ClassNotFoundException e) {
      return;
    }
    Method m =
        name.equals("parseOr") ? c.getMethod(name, type, int.class) : c.getMethod(name, type);
    Object result = name.equals("parseOr") ? m.invoke(null, arg, -1) : m.invoke(null, arg);
    System.out.println(cls + "." + name + " = " + result);
  }
}
