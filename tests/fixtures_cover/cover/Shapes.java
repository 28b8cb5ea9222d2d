package cover;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntUnaryOperator;

// An interface with a default and a static method, nested classes, an enum and a lambda.
interface Shape {
  double area();

  default boolean big() {
    return area() > 10;  // cov: covered
  }

  static Shape unit() {
    return new Shapes.Square(1);
  }
}

final class Shapes {
  private Shapes() {}

  enum Kind {
    SQUARE,
    CIRCLE;

    boolean round() {
      return this == CIRCLE;
    }
  }

  static final class Square implements Shape {
    private final double side;

    Square(double side) {
      this.side = side;
    }

    @Override
    public double area() {
      return side * side;
    }
  }

  static final class Circle implements Shape {
    private final double r;

    Circle(double r) {
      this.r = r;
    }

    @Override
    public double area() {
      return Math.PI * r * r;
    }
  }

  static long area(int phase) {
    List<Shape> shapes = new ArrayList<>();
    shapes.add(Shape.unit());
    for (int i = 0; i < 50; i++) {
      shapes.add(i % 2 == 0 ? new Square(i) : new Circle(i));
    }
    IntUnaryOperator twice = x -> x * 2;
    long big = 0;
    for (Shape s : shapes) {
      if (s.big()) {
        big += twice.applyAsInt(1);
      }
    }
    if (phase == 1 && Kind.valueOf("CIRCLE").round()) {
      big += Kind.values().length;
    }
    return big;
  }
}
