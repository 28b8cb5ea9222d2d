package modern;

/**
 * Constructs of Java 16/17 (compiled with --release 17 and later): records (Record attribute),
 * a sealed hierarchy (PermittedSubclasses), nest mates (NestHost/NestMembers: the nested
 * class reads the host's private field directly), invokedynamic string concatenation
 * (StringConcatFactory), text blocks and instanceof patterns. Expectations:
 * tests/unit/modern_classes_test.cc and tests/e2e/run_modern.sh.
 */
public final class Shapes {
  public sealed interface Shape permits Circle, Square, Rect {}

  public record Circle(double radius) implements Shape {
    public Circle {
      if (radius < 0) throw new IllegalArgumentException("negative radius " + radius);
    }
  }

  public record Square(int side) implements Shape {}

  public record Rect(int width, int height) implements Shape {
    public boolean isSquare() {
      return width == height;
    }
  }

  private int described;

  /** A nest member: reads and writes the host's private field without accessors. */
  public final class Counter {
    public int next() {
      return ++described;
    }
  }

  public static double area(Shape s) {
    if (s instanceof Circle c) return Math.PI * c.radius() * c.radius();
    if (s instanceof Square q) return (double) q.side() * q.side();
    if (s instanceof Rect r && r.isSquare()) return (double) r.width() * r.width();
    if (s instanceof Rect r) return (double) r.width() * r.height();
    return 0;
  }

  public String describe(Shape s) {
    described++;
    String kind = s instanceof Circle ? "circle" : s instanceof Square ? "square" : "rect";
    return "#" + described + " " + kind + " of area " + (long) area(s);
  }

  public static String banner(String name) {
    String text = """
        Shapes of %s
          sealed, recorded
        """;
    return text.formatted(name == null ? "nobody" : name).strip();
  }

  public int described() {
    return described;
  }
}
