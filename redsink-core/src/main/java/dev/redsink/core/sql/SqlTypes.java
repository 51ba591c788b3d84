package dev.redsink.core.sql;

import dev.redsink.core.table.ColumnType;

/** The DDL spelling of each column type Redsink creates. */
public final class SqlTypes {
  private SqlTypes() {}

  /** E.g. {@code VARCHAR(512)}, {@code VARBYTE(16777216)}. */
  public static String ddl(ColumnType type) {
    return switch (type) {
      case VARCHAR_512 -> "VARCHAR(512)";
      case VARCHAR_20 -> "VARCHAR(20)";
      case VARCHAR_DEFAULT -> "VARCHAR";
      case VARCHAR_MAX -> "VARCHAR(MAX)";
      case VARBYTE_MAX -> "VARBYTE(" + RedshiftLimits.VARBYTE_MAX_BYTES + ")";
      case BIGINT -> "BIGINT";
      case SUPER -> "SUPER";
    };
  }
}
