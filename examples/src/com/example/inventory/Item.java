package com.example.inventory;

/**
 * An immutable stock item: a SKU, a category and a unit price in cents.
 *
 * <p>Expected facts: the constructor rejects a null/blank SKU, a null category and a negative
 * price with IllegalArgumentException; {@link #withPrice} returns a new object.
 */
public final class Item {
  private final String sku;
  private final Category category;
  private final long priceCents;

  public Item(String sku, Category category, long priceCents) {
    if (sku == null || sku.trim().isEmpty()) {
      throw new IllegalArgumentException("sku must not be blank");
    }
    if (category == null) {
      throw new IllegalArgumentException("category must not be null");
    }
    if (priceCents < 0) {
      throw new IllegalArgumentException("negative price: " + priceCents);
    }
    this.sku = sku.trim().toUpperCase();
    this.category = category;
    this.priceCents = priceCents;
  }

  public String getSku() {
    return sku;
  }

  public Category getCategory() {
    return category;
  }

  public long getPriceCents() {
    return priceCents;
  }

  public Item withPrice(long newPriceCents) {
    return new Item(sku, category, newPriceCents);
  }

  /** True if this item is priced strictly above {@code thresholdCents}. */
  public boolean isExpensive(long thresholdCents) {
    return priceCents > thresholdCents;
  }

  @Override
  public boolean equals(Object o) {
    if (this == o) {
      return true;
    }
    if (!(o instanceof Item)) {
      return false;
    }
    Item other = (Item) o;
    return sku.equals(other.sku) && category == other.category && priceCents == other.priceCents;
  }

  @Override
  public int hashCode() {
    // Deterministic: depends only on field values (String.hashCode and enum ordinal).
    return (sku.hashCode() * 31 + category.ordinal()) * 31 + Long.hashCode(priceCents);
  }

  @Override
  public String toString() {
    return sku + "[" + category + "]@" + priceCents;
  }
}
