package com.example.inventory;

import java.util.List;

/**
 * Price rules: VAT per category (a switch), volume discounts (branches) and a formatter.
 *
 * <p>Expected facts: vatPercent(FOOD) == 7, vatPercent(ELECTRONICS) == 19;
 * grossCents(item(1000, FOOD), 1) == 1070; format(123456) == "1,234.56";
 * discountPercent(0) throws IllegalArgumentException.
 */
public class PriceCalculator {
  private final int bulkThreshold;

  public PriceCalculator() {
    this(10);
  }

  public PriceCalculator(int bulkThreshold) {
    if (bulkThreshold <= 0) {
      throw new IllegalArgumentException("bulkThreshold must be positive: " + bulkThreshold);
    }
    this.bulkThreshold = bulkThreshold;
  }

  public int vatPercent(Category category) {
    switch (category) {
      case FOOD:
        return 7;
      case BOOKS:
        return 5;
      case ELECTRONICS:
      case CLOTHING:
        return 19;
      default:
        return 16;
    }
  }

  /** Discount in percent for a quantity: 0 below the bulk threshold, up to 15. */
  public int discountPercent(int quantity) {
    if (quantity <= 0) {
      throw new IllegalArgumentException("quantity must be positive: " + quantity);
    }
    if (quantity < bulkThreshold) {
      return 0;
    } else if (quantity < 2 * bulkThreshold) {
      return 5;
    } else if (quantity < 5 * bulkThreshold) {
      return 10;
    }
    return 15;
  }

  /** Gross price for {@code quantity} units of {@code item}, VAT included, discount applied. */
  public long grossCents(Item item, int quantity) {
    if (item == null) {
      throw new IllegalArgumentException("item is null");
    }
    long net = item.getPriceCents() * quantity;
    net = net - net * discountPercent(quantity) / 100;
    return net + net * vatPercent(item.getCategory()) / 100;
  }

  /** Sum of the net prices of the items (one unit each); nulls are skipped. */
  public long totalNetCents(List<Item> items) {
    long total = 0;
    for (Item item : items) {
      if (item != null) {
        total += item.getPriceCents();
      }
    }
    return total;
  }

  /** Formats cents as "1,234.56"; negative amounts get a leading '-'. */
  public static String format(long cents) {
    boolean negative = cents < 0;
    long abs = Math.abs(cents);
    String whole = Long.toString(abs / 100);
    StringBuilder sb = new StringBuilder();
    int count = 0;
    for (int i = whole.length() - 1; i >= 0; i--) {
      if (count > 0 && count % 3 == 0) {
        sb.append(',');
      }
      sb.append(whole.charAt(i));
      count++;
    }
    sb.reverse();
    long frac = abs % 100;
    sb.append('.').append(frac < 10 ? "0" : "").append(frac);
    return negative ? "-" + sb : sb.toString();
  }
}
