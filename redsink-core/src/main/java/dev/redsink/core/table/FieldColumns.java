package dev.redsink.core.table;

import java.util.HashMap;
import java.util.Map;

/**
 * The field columns of a layout, found by the name of a field and its position in its row: rows of
 * one table mostly carry the same fields in the same order, so a row like the last one finds its
 * columns without folding a name or looking in a map. Safe to share between threads (a remembered
 * position is replaced whole, and a stale one is only a miss).
 */
public final class FieldColumns {
  /** A field's name as its row carries it, and its column (null when it has none). */
  private record Slot(String field, Column column) {}

  /** Positions remembered: fields past this many are looked up by name each time. */
  private static final int POSITIONS = 64;

  private final Map<String, Column> byFoldedName = new HashMap<>();
  private final Slot[] slots = new Slot[POSITIONS];

  public FieldColumns(RowLayout layout) {
    layout.fields().forEach(c -> byFoldedName.putIfAbsent(TableName.fold(c.name()), c));
  }

  /** The column of the field {@code name} found at {@code position} of its row, or null. */
  public Column column(int position, String name) {
    Slot slot = position < POSITIONS ? slots[position] : null;
    if (slot != null && slot.field().equals(name)) {
      return slot.column();
    }
    Column column = byFoldedName.get(TableName.fold(name));
    if (position < POSITIONS) {
      slots[position] = new Slot(name, column);
    }
    return column;
  }
}
