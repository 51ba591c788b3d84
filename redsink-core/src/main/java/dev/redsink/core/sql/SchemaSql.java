package dev.redsink.core.sql;

import dev.redsink.core.table.Column;
import dev.redsink.core.table.ColumnType;
import dev.redsink.core.table.StagingColumns;
import dev.redsink.core.table.TableName;
import java.util.List;

/**
 * Schema evolution of a typed table: one ADD COLUMN per statement, VARCHAR widening, which Redshift
 * refuses inside a transaction block, and the wider numeric type of a column, which Redshift can
 * only make as a new column that takes the old one's place; nothing narrows.
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

  /**
   * Changes a column's type the way Redshift allows for types other than VARCHAR, in one
   * transaction block: a new column of the wider type at the end of the table, a copy of every
   * row's value, the old column dropped and the new one renamed. The first statement locks the
   * table, so loads of it wait and readers wait for the copy (a new version of every row).
   */
  public static List<String> changeType(TableName table, String column, ColumnType type) {
    String t = Identifiers.table(table);
    String c = Identifiers.quote(column);
    String w = Identifiers.quote(StagingColumns.WIDENING);
    return List.of(
        "LOCK " + t,
        "ALTER TABLE " + t + " ADD COLUMN " + w + " " + SqlTypes.ddl(type),
        "UPDATE " + t + " SET " + w + " = " + c,
        "ALTER TABLE " + t + " DROP COLUMN " + c,
        "ALTER TABLE " + t + " RENAME COLUMN " + w + " TO " + c);
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
