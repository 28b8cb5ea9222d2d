package com.example.shipping;

/** What can be shipped: a sealed hierarchy of records (Java 17+). */
public sealed interface Parcel permits Parcel.Letter, Parcel.Box, Parcel.Pallet {
  /** A letter of `grams`; express letters cost more. */
  record Letter(int grams, boolean express) implements Parcel {
    public Letter {
      if (grams <= 0) throw new IllegalArgumentException("a letter weighs something");
    }
  }

  /** A box of the given size in centimetres and weight in kilograms. */
  record Box(int width, int height, int depth, double kilos) implements Parcel {
    public int volume() {
      return width * height * depth;
    }
  }

  /** A pallet of `boxes` boxes; fragile pallets need handling. */
  record Pallet(int boxes, boolean fragile) implements Parcel {}
}
