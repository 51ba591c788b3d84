package dev.redsink.core.sql;

import dev.redsink.core.table.Column;
import dev.redsink.core.table.ColumnType;
import dev.redsink.core.table.RowLayout;
import dev.redsink.core.table.TableName;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Applies a key-folded staging table to its target for write_mode = upsert and cdc, the staging
 * table pattern of the Redshift docs (DELETE … USING staging, then INSERT … SELECT; see
 * https://docs.aws.amazon.com/redshift/latest/dg/merge-replacing-existing-rows.html): every staged
 * key appears once, and the staging-only op column says what each row does ({@code u} replace,
 * {@code d} delete, {@code s} flag deleted).
 */
public final class UpsertSql {
  private UpsertSql() {}

  /**
   * Sets a column of the staged rows that did not carry its value (the keep column lists it) to the
   * value of the target row they replace; staged SUPER columns hold JSON text.
   */
  public static String keepExisting(
      TableName target, String staging, List<String> keyColumns, String keepColumn, Column column) {
    return keep(
        target,
        staging,
        match("existing", Identifiers.quote(staging), keyColumns),
        keepColumn,
        column);
  }

  /**
   * Like {@link #keepExisting}, for the staged rows of a primary-key change: they take the value of
   * the target row of their old key, which {@code previousKeyColumns} hold as text, one per key
   * column of {@code keys} (null in the other staged rows, which this leaves alone).
   */
  public static String keepFromPreviousKey(
      TableName target,
      String staging,
      List<Column> keys,
      List<String> previousKeyColumns,
      String keepColumn,
      Column column) {
    return keep(
        target,
        staging,
        KeyText.matches("existing", keys, Identifiers.quote(staging), previousKeyColumns),
        keepColumn,
        column);
  }

  static String keep(
      TableName target, String staging, String match, String keepColumn, Column column) {
    String existing = "existing." + Identifiers.quote(column.name());
    String value =
        column.type().equals(ColumnType.SUPER) ? "JSON_SERIALIZE(" + existing + ")" : existing;
    return "UPDATE "
        + Identifiers.quote(staging)
        + " SET "
        + Identifiers.quote(column.name())
        + " = "
        + value
        + " FROM "
        + Identifiers.table(target)
        + " existing WHERE "
        + match
        + " AND POSITION("
        + Identifiers.literal(Identifiers.quote(column.name()))
        + " IN "
        + Identifiers.quote(staging)
        + "."
        + Identifiers.quote(keepColumn)
        + ") > 0";
  }

  /** Deletes every row (a source truncate, inside the load transaction, unlike TRUNCATE). */
  public static String deleteAll(TableName target) {
    return "DELETE FROM " + Identifiers.table(target);
  }

  /** Flags every row deleted (a source truncate with soft deletes). */
  public static String flagAllDeleted(TableName target, String deletedColumn) {
    return "UPDATE "
        + Identifiers.table(target)
        + " SET "
        + Identifiers.quote(deletedColumn)
        + " = TRUE WHERE "
        + Identifiers.quote(deletedColumn)
        + " IS NOT TRUE";
  }

  /** Deletes the target rows whose key has a staged row with this op. */
  public static String deleteMatched(
      TableName target, String staging, List<String> keyColumns, String opColumn, String op) {
    return "DELETE FROM "
        + Identifiers.table(target)
        + " USING "
        + Identifiers.quote(staging)
        + " WHERE "
        + match(Identifiers.table(target), Identifiers.quote(staging), keyColumns)
        + " AND "
        + opIs(staging, opColumn, op);
  }

  /** Sets the soft-delete flag on the target rows whose key has a staged {@code s} row. */
  public static String flagDeleted(
      TableName target,
      String staging,
      List<String> keyColumns,
      String opColumn,
      String deletedColumn) {
    return "UPDATE "
        + Identifiers.table(target)
        + " SET "
        + Identifiers.quote(deletedColumn)
        + " = TRUE FROM "
        + Identifiers.quote(staging)
        + " WHERE "
        + match(Identifiers.table(target), Identifiers.quote(staging), keyColumns)
        + " AND "
        + opIs(staging, opColumn, "s");
  }

  /**
   * Inserts the staged {@code u} rows and, when {@code softDeletes}, the {@code s} rows whose key
   * has no target row yet (a delete of a row this table never saw keeps the before image).
   */
  public static String insertChanged(
      TableName target,
      String staging,
      RowLayout layout,
      List<String> keyColumns,
      String opColumn,
      SoftDeletes softDeletes) {
    String columns =
        layout.columns().stream()
            .map(c -> Identifiers.quote(c.name()))
            .collect(Collectors.joining(", "));
    String s = Identifiers.quote(staging);
    String where = opIs(staging, opColumn, "u");
    if (softDeletes == SoftDeletes.INSERT_UNMATCHED) {
      where =
          "("
              + where
              + " OR ("
              + opIs(staging, opColumn, "s")
              + " AND NOT EXISTS (SELECT 1 FROM "
              + Identifiers.table(target)
              + " existing WHERE "
              + match("existing", s, keyColumns)
              + ")))";
    }
    return "INSERT INTO "
        + Identifiers.table(target)
        + " ("
        + columns
        + ") SELECT "
        + values(s, layout.columns())
        + " FROM "
        + s
        + " WHERE "
        + where;
  }

  /** Whether {@link #insertChanged} also inserts unmatched soft deletes. */
  public enum SoftDeletes {
    NONE,
    INSERT_UNMATCHED
  }

  static String match(String left, String right, List<String> keyColumns) {
    return keyColumns.stream()
        .map(k -> left + "." + Identifiers.quote(k) + " = " + right + "." + Identifiers.quote(k))
        .collect(Collectors.joining(" AND "));
  }

  static String opIs(String staging, String opColumn, String op) {
    return Identifiers.quote(staging) + "." + Identifiers.quote(opColumn) + " = '" + op + "'";
  }

  static String values(String qualifier, List<Column> columns) {
    return columns.stream()
        .map(
            c -> {
              String value = qualifier + "." + Identifiers.quote(c.name());
              return c.type().equals(ColumnType.SUPER) ? "JSON_PARSE(" + value + ")" : value;
            })
        .collect(Collectors.joining(", "));
  }
}
