package dev.redsink.core.sql;

import dev.redsink.core.table.ColumnType;

/** The DDL spelling of each column type Redsink creates. */
public final class SqlTypes {
  private SqlTypes() {}

  /** E.g. {@code VARCHAR(512)}, {@code VARBYTE(16777216)}, {@code DECIMAL(10,2)}. */
  public static String ddl(ColumnType type) {
    return switch (type.family()) {
      case TEXT ->
          type.length() == 0
              ? "VARCHAR"
              : type.length() == RedshiftLimits.VARCHAR_MAX_BYTES
                  ? "VARCHAR(MAX)"
                  : "VARCHAR(" + type.length() + ")";
      case BINARY -> "VARBYTE(" + type.length() + ")";
      case SMALLINT -> "SMALLINT";
      case INTEGER -> "INTEGER";
      case BIGINT -> "BIGINT";
      case REAL -> "REAL";
      case DOUBLE -> "DOUBLE PRECISION";
      case BOOLEAN -> "BOOLEAN";
      case DECIMAL -> "DECIMAL(" + type.length() + "," + type.scale() + ")";
      case DATE -> "DATE";
      case TIME -> "TIME";
      case TIMESTAMP -> "TIMESTAMP";
      case TIMESTAMPTZ -> "TIMESTAMPTZ";
      case SUPER -> "SUPER";
      case OTHER -> throw new IllegalArgumentException("Cannot spell column type " + type);
    };
  }
}
