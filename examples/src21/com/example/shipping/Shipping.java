package com.example.shipping;

import java.util.List;

/**
 * Shipping costs by pattern-matching switch over a sealed hierarchy (Java 21): record
 * patterns, guards, and exhaustiveness without a default. The bundled example of issue 22,
 * compiled with --release 21 when the machine has a JDK 21 or later (make demo).
 */
public final class Shipping {
  private Shipping() {}

  /** Cost in cents. */
  public static long cost(Parcel p) {
    return switch (p) {
      case Parcel.Letter(int grams, boolean express) when express -> 500 + grams;
      case Parcel.Letter(int grams, boolean express) when grams > 500 -> 300;
      case Parcel.Letter l -> 120;
      case Parcel.Box b when b.volume() > 100_000 -> 2_000 + (long) (b.kilos() * 100);
      case Parcel.Box b when b.kilos() > 20 -> 1_500;
      case Parcel.Box b -> 900;
      case Parcel.Pallet(int boxes, boolean fragile) when boxes <= 0 ->
          throw new IllegalArgumentException("an empty pallet");
      case Parcel.Pallet(int boxes, boolean fragile) -> boxes * 800L + (fragile ? 2_500 : 0);
    };
  }

  /** Total cost in cents of a consignment; null parcels are refused. */
  public static long total(List<Parcel> parcels) {
    long sum = 0;
    for (Parcel p : parcels) {
      if (p == null) throw new NullPointerException("a null parcel");
      sum += cost(p);
    }
    return sum;
  }

  /** A label as a text block. */
  public static String label(Parcel p, String to) {
    String kind = switch (p) {
      case Parcel.Letter l -> "letter";
      case Parcel.Box b -> "box";
      case Parcel.Pallet q -> "pallet";
    };
    return """
        TO: %s
        %s, %d cents""".formatted(to == null || to.isBlank() ? "(unknown)" : to, kind, cost(p));
  }
}
