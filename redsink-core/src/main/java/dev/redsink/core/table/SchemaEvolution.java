package dev.redsink.core.table;

import java.util.Locale;

/** Whether a typed table may gain columns and wider VARCHARs as new fields and values arrive. */
public enum SchemaEvolution {
  /** Add a column per new field and widen VARCHARs; never drop, rename or narrow. */
  ADD_COLUMNS,
  /** Never alter the table: a record that does not fit it fails the load. */
  NONE;

  /** The configuration spelling, {@code add_columns} or {@code none}. */
  public String keyword() {
    return name().toLowerCase(Locale.ROOT);
  }
}
