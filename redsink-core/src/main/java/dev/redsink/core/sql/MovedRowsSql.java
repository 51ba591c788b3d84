package dev.redsink.core.sql;

import dev.redsink.core.table.Column;
import dev.redsink.core.table.ExistingColumn;
import dev.redsink.core.table.RowLayout;
import dev.redsink.core.table.TableName;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Statements on a target's moved rows, {@code _redsink_moved_<target>} next to it: the rows a
 * primary-key change deleted before its new key's change loaded (Debezium sends the two as a delete
 * and a create, which may reach different loads, partitions or tasks). Each holds the old row in
 * the target's columns and, in {@code redsink_next_key_1} and on, the new key as text; the new
 * key's change takes the values its event did not carry (unchanged TOASTed values) from it and
 * deletes it, in its load transaction. The table exists only while such a row waits.
 */
public final class MovedRowsSql {
  /** The prefix of a target's moved-rows table. */
  public static final String PREFIX = "_redsink_moved_";

  /** The prefix of a moved-rows table set aside while it is rebuilt ({@link #rebuildName}). */
  public static final String REBUILD_PREFIX = "_redsink_rebuild_";

  private static final String KEY_TEXT = "VARCHAR(65535)";

  private MovedRowsSql() {}

  /** The moved-rows table of a target, next to it, its name fitted as the ledger's is. */
  public static TableName of(TableName target) {
    return SideTable.of(PREFIX, target);
  }

  /**
   * Creates {@code table} with the target's columns and their defaults (then add the next-key
   * columns): LIKE copies NOT NULL, so a column a kept row does not carry takes its default.
   */
  public static String create(TableName table, TableName target) {
    return TableSql.createLike(table, target);
  }

  /** Drops the table if it exists (a source truncate: nothing before it is kept). */
  public static String dropIfExists(TableName table) {
    return TableSql.dropIfExists(table);
  }

  /**
   * One staged row that names a row to keep and whose new key is not loaded yet, if any: without
   * one a load creates nothing.
   */
  public static String anyToKeep(
      TableName target,
      String staging,
      List<Column> keyColumns,
      List<String> nextKeyColumns,
      String opColumn) {
    return "SELECT 1 FROM "
        + Identifiers.quote(staging)
        + " WHERE "
        + notLoaded(staging, nextKeyColumns)
        + " LIMIT 1";
  }

  /**
   * Deletes kept rows of the same old and new keys as rows this load keeps: a row left from an
   * earlier change of the same two keys is replaced, never taken instead.
   */
  public static String deleteReplaced(
      TableName table, String staging, List<String> keyColumns, List<String> nextKeyColumns) {
    String t = Identifiers.table(table);
    String s = Identifiers.quote(staging);
    StringBuilder where = new StringBuilder(UpsertSql.match(t, s, keyColumns));
    for (String next : nextKeyColumns) {
      where
          .append(" AND ")
          .append(t)
          .append('.')
          .append(Identifiers.quote(next))
          .append(" = ")
          .append(s)
          .append('.')
          .append(Identifiers.quote(next));
    }
    return "DELETE FROM " + t + " USING " + s + " WHERE " + where;
  }

  /** Adds a next-key column (Redshift adds one column per ALTER TABLE). */
  public static String addColumn(TableName table, String column) {
    return "ALTER TABLE "
        + Identifiers.table(table)
        + " ADD COLUMN "
        + Identifiers.quote(column)
        + " "
        + KEY_TEXT;
  }

  /**
   * Copies the rows of the columns both tables have from one moved-rows table to another (a
   * rebuild): a column of the same type as is, a widened one (a wider integer, DOUBLE PRECISION
   * from REAL, a DECIMAL with more digits, a longer VARCHAR) with an explicit CAST to its new type.
   * A column whose type changed otherwise (a user renamed the old column aside and a new one of
   * another type took its name) is left out: its waiting rows take the column's default rather than
   * a value converted into an unrelated type.
   *
   * @param columns the new table's columns that the old one has, with their new types
   * @param oldTypes the old table's type of each column, by name
   */
  public static String copyRows(
      TableName to, TableName from, List<ExistingColumn> columns, Map<String, String> oldTypes) {
    List<ExistingColumn> copied =
        columns.stream()
            .filter(
                c ->
                    c.type().equals(oldTypes.get(c.name()))
                        || widens(oldTypes.get(c.name()), c.type()))
            .toList();
    String list =
        copied.stream().map(c -> Identifiers.quote(c.name())).collect(Collectors.joining(", "));
    String select =
        copied.stream()
            .map(
                c ->
                    c.type().equals(oldTypes.get(c.name()))
                        ? Identifiers.quote(c.name())
                        : "CAST(" + Identifiers.quote(c.name()) + " AS " + c.type() + ")")
            .collect(Collectors.joining(", "));
    return "INSERT INTO "
        + Identifiers.table(to)
        + " ("
        + list
        + ") SELECT "
        + select
        + " FROM "
        + Identifiers.table(from);
  }

  private static final List<String> INTEGERS = List.of("smallint", "integer", "bigint");
  private static final Pattern SIZED =
      Pattern.compile("(character varying|numeric)\\((\\d+)(?:,(\\d+))?\\)");

  /** Whether a column of type {@code from} (as the catalog names it) widens to {@code to}. */
  public static boolean widens(String from, String to) {
    if (from == null) {
      return false;
    }
    if (INTEGERS.contains(from) && INTEGERS.contains(to)) {
      return INTEGERS.indexOf(from) < INTEGERS.indexOf(to);
    }
    if (from.equals("real") && to.equals("double precision")) {
      return true;
    }
    Matcher a = SIZED.matcher(from);
    Matcher b = SIZED.matcher(to);
    if (!a.matches() || !b.matches() || !a.group(1).equals(b.group(1))) {
      return false;
    }
    int scaleA = a.group(3) == null ? 0 : Integer.parseInt(a.group(3));
    int scaleB = b.group(3) == null ? 0 : Integer.parseInt(b.group(3));
    return Integer.parseInt(b.group(2)) - scaleB >= Integer.parseInt(a.group(2)) - scaleA
        && scaleB >= scaleA;
  }

  /**
   * The name a moved-rows table is renamed to while it is rebuilt around its rows, in the load
   * transaction: the prefix and 16 hex digits.
   */
  public static String rebuildName(String hex) {
    return REBUILD_PREFIX + hex;
  }

  /** Drops a moved-rows table (transactional in Redshift, unlike TRUNCATE). */
  public static String drop(TableName table) {
    return "DROP TABLE " + Identifiers.table(table);
  }

  /** Renames a moved-rows table, keeping its schema. */
  public static String rename(TableName table, String newName) {
    return "ALTER TABLE " + Identifiers.table(table) + " RENAME TO " + Identifiers.quote(newName);
  }

  /** One row, if the table has any. */
  public static String anyRow(TableName table) {
    return "SELECT 1 FROM " + Identifiers.table(table) + " LIMIT 1";
  }

  /**
   * Keeps the target's rows that staged rows say a primary-key change moved (their next-key columns
   * are set, and the row is not an {@code m} row), unless the new key's change is staged in this
   * load: run before the staged deletes remove them.
   */
  public static String keepFromTarget(
      TableName table,
      TableName target,
      String staging,
      List<String> targetColumns,
      List<Column> keyColumns,
      List<String> nextKeyColumns,
      String opColumn) {
    String s = Identifiers.quote(staging);
    return keep(
        table,
        targetColumns,
        nextKeyColumns,
        targetColumns.stream()
            .map(c -> "old." + Identifiers.quote(c))
            .collect(Collectors.joining(", ")),
        s,
        Identifiers.table(target) + " old, " + s,
        UpsertSql.match("old", s, KeyText.names(keyColumns))
            + " AND "
            + s
            + "."
            + Identifiers.quote(opColumn)
            + " <> 'm' AND "
            + notLoaded(staging, nextKeyColumns));
  }

  /**
   * Keeps the staged {@code m} rows: the rows this load's changes gave a key before a primary-key
   * change moved it, unless the new key's row is loaded already.
   */
  public static String keepFromStaging(
      TableName table,
      TableName target,
      String staging,
      RowLayout layout,
      List<Column> keyColumns,
      List<String> nextKeyColumns,
      String opColumn) {
    String s = Identifiers.quote(staging);
    return keep(
        table,
        layout.columns().stream().map(Column::name).toList(),
        nextKeyColumns,
        UpsertSql.values(s, layout.columns()),
        s,
        s,
        UpsertSql.opIs(staging, opColumn, "m") + " AND " + notLoaded(staging, nextKeyColumns));
  }

  /**
   * Inserts {@code values} and the staged next keys ({@code staging} is the staging table's
   * qualifier) of the rows {@code from … where} finds.
   */
  private static String keep(
      TableName table,
      List<String> columns,
      List<String> nextKeyColumns,
      String values,
      String staging,
      String from,
      String where) {
    return "INSERT INTO "
        + Identifiers.table(table)
        + " ("
        + columns(columns, nextKeyColumns)
        + ") SELECT "
        + values
        + ", "
        + qualified(staging, nextKeyColumns)
        + " FROM "
        + from
        + " WHERE "
        + where;
  }

  /**
   * Like {@link UpsertSql#keepExisting}, for the staged rows of a primary-key change: they take the
   * values of the moved row of their old key and their own key.
   */
  public static String keepMoved(
      TableName table,
      String staging,
      List<Column> keyColumns,
      StagedOrigin origin,
      List<String> nextKeyColumns,
      String keepColumn,
      List<Column> columns) {
    return UpsertSql.keep(
        table,
        staging,
        movedMatch("existing", staging, keyColumns, origin, nextKeyColumns),
        keepColumn,
        columns);
  }

  /** Deletes the moved rows that staged rows of a primary-key change took their values from. */
  public static String deleteTaken(
      TableName table,
      String staging,
      List<Column> keyColumns,
      StagedOrigin origin,
      List<String> nextKeyColumns) {
    return "DELETE FROM "
        + Identifiers.table(table)
        + " USING "
        + Identifiers.quote(staging)
        + " WHERE "
        + movedMatch(Identifiers.table(table), staging, keyColumns, origin, nextKeyColumns);
  }

  /**
   * The staging columns that say which moved row a staged row takes: its old key, and, for a row
   * whose key changed more than once, the new key the old key's row was kept under (empty when no
   * staged row has one; a row without one takes the row kept under its own key).
   */
  public record StagedOrigin(List<String> previousKeyColumns, List<String> nextKeyColumns) {}

  /**
   * A moved row's old key is a staged row's previous key, and its new key the staged row's previous
   * next key or else its own key.
   */
  static String movedMatch(
      String moved,
      String staging,
      List<Column> keyColumns,
      StagedOrigin origin,
      List<String> nextKeyColumns) {
    String s = Identifiers.quote(staging);
    StringBuilder match =
        new StringBuilder(KeyText.matches(moved, keyColumns, s, origin.previousKeyColumns()));
    for (int i = 0; i < keyColumns.size(); i++) {
      // The staged row's key, one value, is the one turned to text.
      String movedTo = KeyText.asText(s + "." + Identifiers.quote(keyColumns.get(i).name()));
      if (!origin.nextKeyColumns().isEmpty()) {
        movedTo =
            "COALESCE("
                + s
                + "."
                + Identifiers.quote(origin.nextKeyColumns().get(i))
                + ", "
                + movedTo
                + ")";
      }
      match
          .append(" AND ")
          .append(moved)
          .append('.')
          .append(Identifiers.quote(nextKeyColumns.get(i)))
          .append(" = ")
          .append(movedTo);
    }
    return match.toString();
  }

  /**
   * A staged row names a new key its old row moves to: the fold names one only when the new key's
   * create is not in this load. Whether that create loaded in an earlier load is not read from the
   * target (a row of the new key there may be another, older one: in a swap of two keys, the other
   * row); such a create left its trace in the awaited rows, which meet the kept row in this load
   * ({@link AwaitedRowsSql}).
   */
  private static String notLoaded(String staging, List<String> nextKeyColumns) {
    return Identifiers.quote(staging)
        + "."
        + Identifiers.quote(nextKeyColumns.get(0))
        + " IS NOT NULL";
  }

  private static String columns(List<String> columns, List<String> nextKeyColumns) {
    return columns.stream().map(Identifiers::quote).collect(Collectors.joining(", "))
        + ", "
        + nextKeyColumns.stream().map(Identifiers::quote).collect(Collectors.joining(", "));
  }

  private static String qualified(String qualifier, List<String> columns) {
    return columns.stream()
        .map(c -> qualifier + "." + Identifiers.quote(c))
        .collect(Collectors.joining(", "));
  }
}
