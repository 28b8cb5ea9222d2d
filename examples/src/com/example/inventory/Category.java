package com.example.inventory;

/** Item categories; each has a VAT rate in percent (used by PriceCalculator's switch). */
public enum Category {
  FOOD,
  BOOKS,
  ELECTRONICS,
  CLOTHING,
  OTHER;

  /**
   * Parses a category name case-insensitively; accepts a few aliases.
   * Expected: parse("food") == FOOD, parse("tech") == ELECTRONICS, parse("") throws IAE.
   */
  public static Category parse(String name) {
    if (name == null) {
      throw new IllegalArgumentException("category name is null");
    }
    String n = name.trim().toLowerCase();
    switch (n) {
      case "food":
      case "grocery":
        return FOOD;
      case "books":
      case "book":
        return BOOKS;
      case "electronics":
      case "tech":
        return ELECTRONICS;
      case "clothing":
        return CLOTHING;
      case "other":
        return OTHER;
      default:
        throw new IllegalArgumentException("unknown category: '" + name + "'");
    }
  }
}
