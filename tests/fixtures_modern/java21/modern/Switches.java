package modern;

/**
 * Constructs of Java 21 (compiled with --release 21 and later): pattern-matching switch
 * (SwitchBootstraps.typeSwitch) with guards and record patterns, and a switch over an enum
 * with patterns (SwitchBootstraps.enumSwitch), and qualified enum constants as the labels of
 * a switch over a sealed interface (typeSwitch with EnumDesc labels made by ConstantDynamic).
 * Uses Shapes (java17). Expectations:
 * tests/unit/modern_classes_test.cc and tests/e2e/run_modern.sh.
 */
public final class Switches {
  public sealed interface Paint permits Color, Custom {}

  public enum Color implements Paint { RED, GREEN, BLUE }

  public record Custom(int rgb) implements Paint {}

  private Switches() {}

  public static String classify(Object o) {
    return switch (o) {
      case null -> "null";
      case Shapes.Circle c when c.radius() > 10 -> "big circle";
      case Shapes.Circle c -> "circle";
      case Shapes.Square(int side) when side == 0 -> "empty square";
      case Shapes.Square s -> "square";
      case Shapes.Rect(int w, int h) when w == h -> "square rect";
      case Shapes.Rect r -> "rect";
      case Integer i when i < 0 -> "negative";
      case Integer i -> "int";
      case String s when s.isEmpty() -> "empty string";
      case String s -> "string of " + s.length();
      default -> "other";
    };
  }

  public static int sides(Shapes.Shape s) {
    return switch (s) {
      case Shapes.Circle c -> 0;
      case Shapes.Square q -> 4;
      case Shapes.Rect r -> r.isSquare() ? 4 : -4;
    };
  }

  public static int brightness(Paint p) {
    return switch (p) {
      case Color.RED -> 1;
      case Color.GREEN -> 2;
      case Color c -> 3;
      case Custom(int rgb) when rgb > 0xFFFF -> 4;
      case Custom k -> 5;
    };
  }

  public static int warmth(Color c) {
    return switch (c) {
      case RED -> 3;
      case Color k when k.ordinal() == 1 -> 2;
      case Color k -> 1;
    };
  }
}
