package dev.redsink.core.sql;

import dev.redsink.core.table.Column;
import dev.redsink.core.table.ColumnType;
import dev.redsink.core.table.HistoryColumns;
import dev.redsink.core.table.StagingColumns;
import dev.redsink.core.table.TableName;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The statements of write_mode = history: a staging table of versions (op {@code u}) and of the
 * deletes that close a key ({@code d}) is applied by closing each staged key's active version in
 * one UPDATE, at the key's earliest staged time, and inserting the staged versions, each already
 * closed by the next change of its key in the load (see {@code VersionFold}).
 */
public final class HistorySql {
  private static final String ACTIVE = Identifiers.quote(HistoryColumns.IS_ACTIVE);
  private static final String CREATED = Identifiers.quote(HistoryColumns.CREATE_TIME);
  private static final String DELETED = Identifiers.quote(HistoryColumns.DELETE_TIME);
  private static final DateTimeFormatter LITERAL =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSSSSS");

  private HistorySql() {}

  /**
   * Sets the columns staged versions did not carry (the keep column lists them) to the values of
   * their key's active version, before any version closes; staged rows with an old key (a
   * primary-key change's) are left to {@link #keepFromNewestOfPreviousKey}.
   */
  public static String keepFromActive(
      TableName target,
      String staging,
      List<String> keyColumns,
      List<String> previousKeyColumns,
      String keepColumn,
      List<Column> columns) {
    String s = Identifiers.quote(staging);
    String match = UpsertSql.match("existing", s, keyColumns) + " AND existing." + ACTIVE;
    if (!previousKeyColumns.isEmpty()) {
      match += " AND " + s + "." + Identifiers.quote(previousKeyColumns.get(0)) + " IS NULL";
    }
    return UpsertSql.keep(target, staging, match, keepColumn, columns);
  }

  /**
   * Like {@link #keepFromActive}, for the versions of a primary-key change's new key: they take the
   * values of the newest version of the old key, which {@code previousKeyColumns} hold as text,
   * active or already closed by the old key's delete (history keeps it).
   */
  public static String keepFromNewestOfPreviousKey(
      TableName target,
      String staging,
      List<Column> keys,
      List<String> previousKeyColumns,
      String keepColumn,
      List<Column> columns) {
    String t = Identifiers.table(target);
    String keyList = keys.stream().map(k -> Identifiers.quote(k.name())).collect(joining());
    // The newest version: the latest created (a row from before history began, created at no
    // time, the oldest), and of versions created at one time (changes of one source transaction)
    // the one closed last, or still active.
    String newest =
        "(SELECT * FROM (SELECT v.*, ROW_NUMBER() OVER (PARTITION BY "
            + keyList
            + " ORDER BY "
            + CREATED
            + " DESC NULLS LAST, "
            + DELETED
            + " DESC NULLS FIRST) AS redsink_newest FROM "
            + t
            + " v) ranked WHERE redsink_newest = 1)";
    return UpsertSql.keep(
        newest,
        staging,
        KeyText.matches("existing", keys, Identifiers.quote(staging), previousKeyColumns),
        keepColumn,
        columns);
  }

  /**
   * Closes the active version of every staged key at the key's earliest staged time (its first
   * change in the load), or at {@code truncatedAt} when the load truncated the table before that:
   * one statement, however many keys.
   *
   * @param truncatedAt microseconds since the epoch, or null when the load has no truncate
   */
  public static String closeActive(
      TableName target, String staging, List<String> keyColumns, Long truncatedAt) {
    String t = Identifiers.table(target);
    String keyList = keyColumns.stream().map(Identifiers::quote).collect(joining());
    String closedAt =
        truncatedAt == null
            ? "staged_first.redsink_first"
            : "LEAST(staged_first.redsink_first, " + timestamp(truncatedAt) + ")";
    return "UPDATE "
        + t
        + " SET "
        + ACTIVE
        + " = FALSE, "
        + DELETED
        + " = "
        + closedAt
        + " FROM (SELECT "
        + keyList
        + ", MIN("
        + CREATED
        + ") AS redsink_first FROM "
        + Identifiers.quote(staging)
        + " GROUP BY "
        + keyList
        + ") staged_first WHERE "
        + UpsertSql.match(t, "staged_first", keyColumns)
        + " AND "
        + t
        + "."
        + ACTIVE;
  }

  /**
   * Closes every version active at a source truncate's time (a version created after it, by a
   * change loaded before a resent truncate, stays active).
   */
  public static String closeAll(TableName target, long truncatedAt) {
    return "UPDATE "
        + Identifiers.table(target)
        + " SET "
        + ACTIVE
        + " = FALSE, "
        + DELETED
        + " = "
        + timestamp(truncatedAt)
        + " WHERE "
        + ACTIVE
        + " AND "
        + CREATED
        + " <= "
        + timestamp(truncatedAt);
  }

  /** Marks active the rows a table held before its history columns were added. */
  public static String activateEarlierRows(TableName target) {
    return "UPDATE "
        + Identifiers.table(target)
        + " SET "
        + ACTIVE
        + " = TRUE WHERE "
        + ACTIVE
        + " IS NULL";
  }

  /**
   * The current-state view beside a history table, {@code <table>_current}: the active versions,
   * without the three history columns. A late-binding view, so the table can be widened, rebuilt or
   * replaced under it; every relation is schema-qualified, as such a view requires.
   */
  public static String createCurrentView(TableName table, String schema, List<String> dataColumns) {
    String columns = dataColumns.stream().map(Identifiers::quote).collect(joining());
    return "CREATE VIEW "
        + Identifiers.table(currentView(table, schema))
        + " AS SELECT "
        + columns
        + " FROM "
        + Identifiers.table(TableName.of(schema, table.name()))
        + " WHERE "
        + ACTIVE
        + " WITH NO SCHEMA BINDING";
  }

  /** Drops the current-state view, if there is one. */
  public static String dropCurrentView(TableName table, String schema) {
    return "DROP VIEW IF EXISTS " + Identifiers.table(currentView(table, schema));
  }

  /** The current-state view's name: the table's, with {@code _current}. */
  public static TableName currentView(TableName table, String schema) {
    return TableName.of(schema, table.name() + HistoryColumns.CURRENT_VIEW_SUFFIX);
  }

  /** The schema the connection creates unqualified tables in, for the view's qualified names. */
  public static String currentSchema() {
    return "SELECT CURRENT_SCHEMA()";
  }

  /**
   * Drops the staged changes the table already has or is already past, as a source connector's
   * resends after a restart are (Debezium delivers at least once, at offsets the ledger has not
   * seen): a change of a key with a version created after it, or closed after it — applied, it
   * would add a version in the past, close the active version before it began, or make a closed key
   * active again; the same holds for a change loading after a later change of its key (a
   * primary-key change read from another partition) — and a version the table has: the same key,
   * time and values in every {@code fields} column. Run after the kept columns are filled, so a
   * version that did not carry a value compares with the value it will have. A change at a
   * version's time with other values (a second change of the row in one source transaction) stays.
   */
  public static String dropKnown(
      TableName target, String staging, List<String> keyColumns, List<Column> fields) {
    String s = Identifiers.quote(staging);
    String at = s + "." + CREATED;
    StringBuilder same = new StringBuilder();
    for (Column c : fields) {
      String q = Identifiers.quote(c.name());
      same.append(" AND (COALESCE(")
          .append(comparable("known." + q, c))
          .append(" = ")
          .append(comparable(s + "." + q, c))
          .append(", FALSE) OR (known.")
          .append(q)
          .append(" IS NULL AND ")
          .append(s)
          .append('.')
          .append(q)
          .append(" IS NULL))");
    }
    return "DELETE FROM "
        + s
        + " USING "
        + Identifiers.table(target)
        + " known WHERE "
        + UpsertSql.match("known", s, keyColumns)
        + " AND (known."
        + CREATED
        + " > "
        + at
        + " OR known."
        + DELETED
        + " > "
        + at
        + " OR (known."
        + CREATED
        + " = "
        + at
        + " AND "
        + s
        + "."
        + Identifiers.quote(StagingColumns.OP)
        + " = 'u'"
        + same
        + "))";
  }

  /** SUPER compares by its JSON text; every other type by itself. */
  private static String comparable(String column, Column c) {
    return c.type() == ColumnType.SUPER ? "JSON_SERIALIZE(" + column + ")" : column;
  }

  private static String timestamp(long micros) {
    LocalDateTime at =
        LocalDateTime.ofEpochSecond(
            Math.floorDiv(micros, 1_000_000L),
            (int) Math.floorMod(micros, 1_000_000L) * 1000,
            ZoneOffset.UTC);
    return "TIMESTAMP '" + LITERAL.format(at) + "'";
  }

  private static java.util.stream.Collector<CharSequence, ?, String> joining() {
    return Collectors.joining(", ");
  }
}
