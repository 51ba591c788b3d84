package dev.redsink.core.table;

import java.util.Locale;

/**
 * Whether a typed table may gain columns, wider VARCHARs and wider numeric types as new fields and
 * values arrive.
 */
public enum SchemaEvolution {
  /**
   * Add a column per new field, widen VARCHARs, and widen a numeric column whose field's type grew
   * (SMALLINT → INTEGER → BIGINT, REAL → DOUBLE PRECISION, DECIMAL with more digits); never drop,
   * rename or narrow.
   */
  ADD_COLUMNS,
  /** As add_columns, but never change a column's type: a wider numeric type fails the load. */
  ADD_COLUMNS_KEEP_TYPES,
  /** Never alter the table: a record that does not fit it fails the load. */
  NONE;

  /** The configuration spelling, {@code add_columns} or {@code none}. */
  public String keyword() {
    return name().toLowerCase(Locale.ROOT);
  }
}
