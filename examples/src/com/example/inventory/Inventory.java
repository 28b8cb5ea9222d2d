package com.example.inventory;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The main example class under test: a stock ledger keyed by SKU.
 *
 * <p>It takes a {@link PriceCalculator} as a constructor argument and {@link Item} objects and
 * {@link java.util.List}s as method arguments. Iteration order is insertion order
 * (LinkedHashMap), so every result is deterministic.
 *
 * <p>Expected facts: a fresh Inventory is empty (size() == 0, totalUnits() == 0);
 * add(item, 0) and add(null, 1) throw IllegalArgumentException; remove of more units than in
 * stock throws IllegalStateException; parseLine("ab-1,food,250,3") adds 3 units of AB-1.
 */
public class Inventory {
  private final PriceCalculator calculator;
  private final Map<String, Item> items = new LinkedHashMap<>();
  private final Map<String, Integer> stock = new LinkedHashMap<>();
  private final int capacity;

  public Inventory(PriceCalculator calculator, int capacity) {
    if (calculator == null) {
      throw new IllegalArgumentException("calculator is null");
    }
    if (capacity < 1 || capacity > 10_000) {
      throw new IllegalArgumentException("capacity out of range: " + capacity);
    }
    this.calculator = calculator;
    this.capacity = capacity;
  }

  public Inventory() {
    this(new PriceCalculator(), 100);
  }

  /** Adds {@code quantity} units; returns the new stock level of that SKU. */
  public int add(Item item, int quantity) {
    if (item == null) {
      throw new IllegalArgumentException("item is null");
    }
    if (quantity <= 0) {
      throw new IllegalArgumentException("quantity must be positive: " + quantity);
    }
    if (totalUnits() + quantity > capacity) {
      throw new IllegalStateException("capacity exceeded");
    }
    String sku = item.getSku();
    Item known = items.get(sku);
    if (known != null && !known.equals(item)) {
      // Same SKU, new price or category: the latest definition wins.
      items.put(sku, item);
    } else if (known == null) {
      items.put(sku, item);
    }
    int level = stock.getOrDefault(sku, 0) + quantity;
    stock.put(sku, level);
    return level;
  }

  /** Adds one unit of each item in the list; returns how many were added (nulls skipped). */
  public int addAll(List<Item> newItems) {
    if (newItems == null) {
      throw new IllegalArgumentException("list is null");
    }
    int added = 0;
    for (Item item : newItems) {
      if (item == null) {
        continue;
      }
      if (totalUnits() >= capacity) {
        break;
      }
      add(item, 1);
      added++;
    }
    return added;
  }

  /** Removes units; returns the remaining level. Unknown SKU or too many units: exception. */
  public int remove(String sku, int quantity) {
    if (sku == null) {
      throw new IllegalArgumentException("sku is null");
    }
    String key = sku.trim().toUpperCase();
    Integer level = stock.get(key);
    if (level == null) {
      throw new IllegalArgumentException("unknown sku: " + key);
    }
    if (quantity <= 0 || quantity > level) {
      throw new IllegalStateException("cannot remove " + quantity + " of " + level);
    }
    int left = level - quantity;
    if (left == 0) {
      stock.remove(key);
      items.remove(key);
    } else {
      stock.put(key, left);
    }
    return left;
  }

  public int quantityOf(String sku) {
    if (sku == null) {
      return 0;
    }
    return stock.getOrDefault(sku.trim().toUpperCase(), 0);
  }

  public int size() {
    return items.size();
  }

  public int totalUnits() {
    int total = 0;
    for (int q : stock.values()) {
      total += q;
    }
    return total;
  }

  /** Gross value of the whole stock, using the PriceCalculator. */
  public long valueCents() {
    long value = 0;
    for (Map.Entry<String, Integer> e : stock.entrySet()) {
      value += calculator.grossCents(items.get(e.getKey()), e.getValue());
    }
    return value;
  }

  /** SKUs whose stock is at or below {@code threshold}, in insertion order. */
  public List<String> lowStock(int threshold) {
    List<String> result = new ArrayList<>();
    for (Map.Entry<String, Integer> e : stock.entrySet()) {
      if (e.getValue() <= threshold) {
        result.add(e.getKey());
      }
    }
    return result;
  }

  /** Number of SKUs in a category. */
  public int countIn(Category category) {
    int n = 0;
    for (Item item : items.values()) {
      if (item.getCategory() == category) {
        n++;
      }
    }
    return n;
  }

  /**
   * Parses "sku,category,priceCents,quantity" (blank and '#' lines are ignored and return 0)
   * and adds the item; returns the quantity added.
   */
  public int parseLine(String line) {
    if (line == null) {
      throw new IllegalArgumentException("line is null");
    }
    String t = line.trim();
    if (t.isEmpty() || t.startsWith("#")) {
      return 0;
    }
    String[] parts = t.split(",");
    if (parts.length != 4) {
      throw new IllegalArgumentException("expected 4 fields, got " + parts.length);
    }
    long price;
    int quantity;
    try {
      price = Long.parseLong(parts[2].trim());
      quantity = Integer.parseInt(parts[3].trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("bad number in: " + t, e);
    }
    Item item = new Item(parts[0], Category.parse(parts[1]), price);
    add(item, quantity);
    return quantity;
  }

  /** A one-line report, e.g. "2 skus, 5 units, 12.34". */
  public String summary() {
    StringBuilder sb = new StringBuilder();
    sb.append(size()).append(size() == 1 ? " sku, " : " skus, ");
    int units = totalUnits();
    sb.append(units).append(units == 1 ? " unit, " : " units, ");
    sb.append(PriceCalculator.format(valueCents()));
    return sb.toString();
  }
}
