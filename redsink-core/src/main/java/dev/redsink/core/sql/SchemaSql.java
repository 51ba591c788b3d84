package dev.redsink.core.sql;

import dev.redsink.core.table.Column;
import dev.redsink.core.table.TableName;

/**
 * Add-only schema evolution of a typed table: one ADD COLUMN per statement, and VARCHAR widening,
 * which Redshift refuses inside a transaction block; nothing drops, renames or narrows.
 *
 * @see <a href="https://docs.aws.amazon.com/redshift/latest/dg/r_ALTER_TABLE.html">ALTER TABLE</a>
 */
public final class SchemaSql {
  /** SQLSTATE of "column … already exists", when a concurrent writer added it first. */
  public static final String DUPLICATE_COLUMN = "42701";

  private SchemaSql() {}

  /** {@code ALTER TABLE t ADD COLUMN "c" type}: one column per statement, nullable. */
  public static String addColumn(TableName table, Column column) {
    return "ALTER TABLE "
        + Identifiers.table(table)
        + " ADD COLUMN "
        + Identifiers.quote(column.name())
        + " "
        + SqlTypes.ddl(column.type());
  }

  /** {@code ALTER TABLE t ALTER COLUMN "c" TYPE VARCHAR(n)}: outside a transaction block only. */
  public static String widenVarchar(TableName table, String column, int bytes) {
    return "ALTER TABLE "
        + Identifiers.table(table)
        + " ALTER COLUMN "
        + Identifiers.quote(column)
        + " TYPE VARCHAR("
        + bytes
        + ")";
  }
}
