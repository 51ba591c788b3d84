package dev.redsink.core.sql;

import dev.redsink.core.table.Column;
import dev.redsink.core.table.ColumnType;
import dev.redsink.core.table.RowLayout;
import dev.redsink.core.table.TableName;
import java.util.ArrayList;
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
   * Sets the columns of the staged rows that did not carry their values (the keep column lists
   * them) to the values of the target rows they replace, every such column in one statement, so the
   * target is joined once; staged SUPER columns hold JSON text. A staged row with an old key (in
   * {@code previousKeyColumns}, when staged) is a primary-key change's new row: its values come
   * from the old key's row ({@link #keepFromPreviousKey}), never from a row its own key had before
   * (in a swap of two keys, the other row).
   */
  public static String keepExisting(
      TableName target,
      String staging,
      List<String> keyColumns,
      List<String> previousKeyColumns,
      String keepColumn,
      List<Column> columns) {
    String s = Identifiers.quote(staging);
    String match = match("existing", s, keyColumns);
    if (!previousKeyColumns.isEmpty()) {
      match += " AND " + s + "." + Identifiers.quote(previousKeyColumns.get(0)) + " IS NULL";
    }
    return keep(target, staging, match, keepColumn, columns);
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
      List<Column> columns) {
    return keep(
        target,
        staging,
        KeyText.matches("existing", keys, Identifiers.quote(staging), previousKeyColumns),
        keepColumn,
        columns);
  }

  /**
   * The UPDATE of the staged rows matched by {@code match} that sets each of {@code columns} the
   * keep column lists to the matched row's value, and leaves the others as staged. Each matched
   * value's type must combine with its staged column's (same category: both text, both numbers).
   */
  static String keep(
      TableName target, String staging, String match, String keepColumn, List<Column> columns) {
    return keep(Identifiers.table(target), staging, match, keepColumn, columns);
  }

  /**
   * {@link #keep(TableName, String, String, String, List)} from the rows {@code from} gives (a
   * table or a subquery), which the match names {@code existing}.
   */
  static String keep(
      String from, String staging, String match, String keepColumn, List<Column> columns) {
    if (columns.isEmpty()) {
      throw new IllegalArgumentException("no column to keep in " + staging);
    }
    String s = Identifiers.quote(staging);
    boolean one = columns.size() == 1;
    List<String> set = new ArrayList<>(columns.size());
    List<String> listed = new ArrayList<>(columns.size());
    for (Column column : columns) {
      String name = Identifiers.quote(column.name());
      String existing = "existing." + name;
      String value =
          column.type().equals(ColumnType.SUPER) ? "JSON_SERIALIZE(" + existing + ")" : existing;
      String isListed =
          "POSITION("
              + Identifiers.literal(name)
              + " IN "
              + s
              + "."
              + Identifiers.quote(keepColumn)
              + ") > 0";
      listed.add(isListed);
      // With several columns a row may lack only some: the others keep their staged values.
      set.add(
          name
              + " = "
              + (one
                  ? value
                  : "CASE WHEN "
                      + isListed
                      + " THEN "
                      + value
                      + " ELSE "
                      + s
                      + "."
                      + name
                      + " END"));
    }
    return "UPDATE "
        + s
        + " SET "
        + String.join(", ", set)
        + " FROM "
        + from
        + " existing WHERE "
        + match
        + " AND ("
        + String.join(" OR ", listed)
        + ")";
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

  /**
   * Deletes the target rows whose key has a staged row with one of these ops: deleted keys and the
   * rows replacements replace, in one statement, so the target is joined once.
   */
  public static String deleteMatched(
      TableName target,
      String staging,
      List<String> keyColumns,
      String opColumn,
      List<String> ops) {
    return "DELETE FROM "
        + Identifiers.table(target)
        + " USING "
        + Identifiers.quote(staging)
        + " WHERE "
        + match(Identifiers.table(target), Identifiers.quote(staging), keyColumns)
        + " AND "
        + opIn(staging, opColumn, ops);
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

  static String opIn(String staging, String opColumn, List<String> ops) {
    if (ops.size() == 1) {
      return opIs(staging, opColumn, ops.get(0));
    }
    return Identifiers.quote(staging)
        + "."
        + Identifiers.quote(opColumn)
        + " IN ("
        + ops.stream().map(op -> "'" + op + "'").collect(Collectors.joining(", "))
        + ")";
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
