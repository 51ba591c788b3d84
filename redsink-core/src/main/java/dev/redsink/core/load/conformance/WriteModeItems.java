package dev.redsink.core.load.conformance;

import dev.redsink.core.record.Header;
import dev.redsink.core.record.Record;
import dev.redsink.core.sql.ConformanceSql;
import dev.redsink.core.sql.HistorySql;
import dev.redsink.core.sql.MovedRowsSql;
import dev.redsink.core.sql.PreflightSql;
import dev.redsink.core.sql.SchemaSql;
import dev.redsink.core.sql.SqlTypes;
import dev.redsink.core.sql.TableSql;
import dev.redsink.core.table.ColumnType;
import dev.redsink.core.table.HistoryColumns;
import dev.redsink.core.table.TableName;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The engine's statements of upsert, cdc (a primary-key change through the moved-rows table), the
 * type-widening rebuild and {@code --replace}, each run by the engine on a few rows, the table
 * compared with the rows the input must leave.
 */
final class WriteModeItems {
  private static final String ROW =
      "{\"type\":\"struct\",\"optional\":true,\"fields\":[{\"field\":\"cid\",\"type\":\"int32\"},"
          + "{\"field\":\"name\",\"type\":\"string\",\"optional\":true}]";

  private static final String CDC_FIELDS =
      ROW
          + ",\"field\":\"before\"},"
          + ROW
          + ",\"field\":\"after\"},"
          + "{\"type\":\"struct\",\"field\":\"source\",\"fields\":["
          + "{\"field\":\"lsn\",\"type\":\"int64\",\"optional\":true},"
          + "{\"field\":\"ts_ms\",\"type\":\"int64\"}]},"
          + "{\"field\":\"op\",\"type\":\"string\"},"
          + "{\"field\":\"ts_ms\",\"type\":\"int64\",\"optional\":true}";

  private final ScratchSchema scratch;
  private final Items items;

  WriteModeItems(ScratchSchema scratch, Items items) {
    this.scratch = scratch;
    this.items = items;
  }

  void run() throws SQLException {
    upsert();
    cdcMovedRows();
    history();
    widening();
    replace();
  }

  /**
   * Keys (the record key) repeated within and across loads, and a tombstone: the last value per
   * key, once, and the tombstone's key gone.
   */
  private void upsert() throws SQLException {
    String table = "mode_upsert";
    Map<String, Object> config = typed(table);
    config.put("write_mode", "upsert");
    config.put("primary_key", "record_key");
    config.put("delete_on_tombstone", true);
    List<Record> first = List.of(keyed(0, 1, "a"), keyed(1, 2, "b"), keyed(2, 3, "c"));
    List<Record> second =
        List.of(
            keyed(3, 2, "b2"),
            keyed(4, 4, "d"),
            keyed(5, 1, "a2"),
            keyed(6, 1, "a3"),
            ConnectRecords.record(7, "{\"customer\":3}", null));
    compare(
        "upsert: DELETE … USING staging, INSERT … SELECT (UpsertSql)",
        table,
        config,
        List.of(first, second),
        List.of("customer", "name"),
        "1|a3, 2|b2, 4|d");
  }

  /**
   * A primary-key change from 5 to 60 in two loads: the delete (with the new key) keeps the old row
   * in the moved-rows table, the create (its name TOASTed, not sent) takes it from there.
   */
  private void cdcMovedRows() throws SQLException {
    String table = "mode_cdc";
    Map<String, Object> config = typed(table);
    config.put("write_mode", "cdc");
    List<Record> first =
        List.of(
            event(0, "c", "null", image(5, "long text"), 100, 5),
            event(1, "c", "null", image(7, "other"), 100, 7));
    List<Record> second =
        List.of(
            event(
                2,
                "d",
                image(5, null),
                "null",
                200,
                5,
                ConnectRecords.header("__debezium.newkey", "{\"cid\":60}")),
            ConnectRecords.record(3, "{\"cid\":5}", null));
    List<Record> third =
        List.of(
            event(
                4,
                "c",
                "null",
                image(60, "__debezium_unavailable_value"),
                300,
                60,
                ConnectRecords.header("__debezium.oldkey", "{\"cid\":5}")));
    TableName target = scratch.table(table);
    TableName moved = MovedRowsSql.of(target);
    String name =
        "cdc: a primary-key change kept in the moved-rows table (MovedRowsSql, UpsertSql)";
    String read = ConformanceSql.rows(target, List.of("cid", "name"));
    String statement =
        "the engine's cdc loads of a create, a delete with __debezium.newkey and the new key's"
            + " create with __debezium.oldkey into "
            + target
            + "; then "
            + read
            + "; "
            + PreflightSql.TABLE_EXISTS;
    String expected = "7|other, 60|long text; " + moved.name() + " dropped";
    Optional<String> failure = EngineLoads.write(config, List.of(first, second, third));
    if (failure.isPresent()) {
      items.add(Outcome.failed(name, statement, expected, failure.get()));
      return;
    }
    String left = scratch.value(PreflightSql.TABLE_EXISTS, moved.folded(), scratch.name());
    items.add(
        Outcome.compared(
            name,
            statement,
            expected,
            String.join(", ", scratch.rows(read))
                + "; "
                + moved.name()
                + ("0".equals(left) ? " dropped" : " still there")));
  }

  /**
   * Changes of two keys in two loads, at distinct source times: every change a version, each closed
   * at its key's next change (within a load, and across the loads by the one closing UPDATE), a
   * delete closing its key's version and adding none; the {@code <table>_current} view (a
   * late-binding view) shows the active versions only.
   */
  private void history() throws SQLException {
    String table = "mode_history";
    Map<String, Object> config = typed(table);
    config.put("write_mode", "history");
    List<Record> first =
        List.of(
            event(0, "c", "null", image(5, "a"), 100, 5, 1),
            event(1, "c", "null", image(7, "x"), 110, 7, 2),
            event(2, "u", image(5, "a"), image(5, "b"), 120, 5, 3));
    List<Record> second =
        List.of(
            event(3, "u", image(5, "b"), image(5, "c"), 130, 5, 4),
            event(4, "d", image(7, "x"), "null", 140, 7, 5));
    TableName target = scratch.table(table);
    TableName view = HistorySql.currentView(target, scratch.name());
    String versions =
        ConformanceSql.rows(
            target, List.of(HistoryColumns.CREATE_TIME, "cid", "name", HistoryColumns.DELETE_TIME));
    String current = ConformanceSql.rows(view, List.of("cid", "name"));
    String name = "history: versions closed by one UPDATE, <table>_current view (HistorySql)";
    String statement =
        "the engine's history loads of 5 change events into "
            + target
            + " (HistorySql.closeActive, HistorySql.createCurrentView); then "
            + versions
            + "; "
            + current;
    String expected =
        "2023-11-14 22:13:21|5|a|2023-11-14 22:13:23, 2023-11-14 22:13:22|7|x|2023-11-14 22:13:25,"
            + " 2023-11-14 22:13:23|5|b|2023-11-14 22:13:24, 2023-11-14 22:13:24|5|c|null; 5|c";
    Optional<String> failure = EngineLoads.write(config, List.of(first, second));
    if (failure.isPresent()) {
      items.add(Outcome.failed(name, statement, expected, failure.get()));
      return;
    }
    items.add(
        Outcome.compared(
            name,
            statement,
            expected,
            String.join(", ", scratch.rows(versions))
                + "; "
                + String.join(", ", scratch.rows(current))));
  }

  /** An int32 field that later carries an int64: the column is rebuilt as BIGINT. */
  private void widening() throws SQLException {
    String table = "mode_widening";
    TableName target = scratch.table(table);
    String name = "type widening: INTEGER rebuilt as BIGINT (SchemaSql.changeType)";
    String statement =
        String.join("; ", SchemaSql.changeType(target, "n", ColumnType.BIGINT))
            + "; then "
            + TableSql.columns(target).text();
    List<Record> first = List.of(number(0, "int32", 1));
    List<Record> second = List.of(number(1, "int64", 5_000_000_000L));
    String expected = SqlTypes.ddl(ColumnType.BIGINT) + ": 1, 5000000000";
    Optional<String> failure = EngineLoads.write(typed(table), List.of(first, second));
    if (failure.isPresent()) {
      items.add(Outcome.failed(name, statement, expected, failure.get()));
      return;
    }
    String type = "no column n";
    var columns = TableSql.columns(target);
    for (String row : scratch.rows(columns.text(), columns.parameters().toArray())) {
      String[] parts = row.split("\\|", -1);
      if (parts[0].equals("n")) {
        type = ColumnType.ofCatalog(parts[1]).map(SqlTypes::ddl).orElse(parts[1]);
      }
    }
    List<String> values = scratch.rows(ConformanceSql.rows(target, List.of("n")));
    items.add(Outcome.compared(name, statement, expected, type + ": " + String.join(", ", values)));
  }

  /** Three rows, then a replace run of two: the table holds exactly the two. */
  private void replace() throws SQLException {
    String table = "mode_replace";
    TableName target = scratch.table(table);
    String name = "--replace: run table promoted in one transaction (ReplaceSql.promote)";
    String read = ConformanceSql.rows(target, List.of("n"));
    String statement =
        "the engine's replace run of "
            + target
            + " (ReplaceSql.createRunTable, the load into it, ReplaceSql.promote); then "
            + read;
    String expected = "10, 11";
    Optional<String> failure =
        EngineLoads.write(
            typed(table),
            List.of(List.of(number(0, "int64", 1), number(1, "int64", 2), number(2, "int64", 3))));
    if (failure.isEmpty()) {
      failure =
          EngineLoads.replace(
              typed(table), List.of(number(0, "int64", 10), number(1, "int64", 11)));
    }
    if (failure.isPresent()) {
      items.add(Outcome.failed(name, statement, expected, failure.get()));
      return;
    }
    items.add(Outcome.compared(name, statement, expected, String.join(", ", scratch.rows(read))));
  }

  private void compare(
      String name,
      String table,
      Map<String, Object> config,
      List<List<Record>> loads,
      List<String> columns,
      String expected)
      throws SQLException {
    TableName target = scratch.table(table);
    String read = ConformanceSql.rows(target, columns);
    int records = loads.stream().mapToInt(List::size).sum();
    String statement =
        "the engine's "
            + loads.size()
            + " loads of "
            + records
            + " records into "
            + target
            + "; then "
            + read;
    Optional<String> failure = EngineLoads.write(config, loads);
    if (failure.isPresent()) {
      items.add(Outcome.failed(name, statement, expected, failure.get()));
      return;
    }
    items.add(Outcome.compared(name, statement, expected, String.join(", ", scratch.rows(read))));
  }

  private Map<String, Object> typed(String table) {
    Map<String, Object> config = scratch.sinkConfig(table);
    config.put("table_layout", "typed");
    return config;
  }

  private static Record keyed(long offset, int id, String name) {
    return ConnectRecords.record(
        offset, "{\"customer\":" + id + "}", "{\"name\":\"" + name + "\"}");
  }

  private static Record number(long offset, String type, long n) {
    return ConnectRecords.record(
        offset,
        null,
        ConnectRecords.envelope(
            "{\"field\":\"n\",\"type\":\"" + type + "\"}", "{\"n\":" + n + "}"));
  }

  private static String image(int cid, String name) {
    return name == null
        ? "{\"cid\":" + cid + "}"
        : "{\"cid\":" + cid + ",\"name\":\"" + name + "\"}";
  }

  /** A Debezium change event of customer {@code cid}, in a JsonConverter envelope. */
  private static Record event(
      long offset, String op, String before, String after, long lsn, int cid, Header... headers) {
    return event(offset, op, before, after, lsn, cid, 0, headers);
  }

  /**
   * A Debezium change event of customer {@code cid} committed {@code second} seconds after
   * 2023-11-14 22:13:20 UTC (its source.ts_ms).
   */
  private static Record event(
      long offset,
      String op,
      String before,
      String after,
      long lsn,
      int cid,
      int second,
      Header... headers) {
    String payload =
        "{\"before\":"
            + before
            + ",\"after\":"
            + after
            + ",\"source\":{\"lsn\":"
            + lsn
            + ",\"ts_ms\":"
            + (1_700_000_000_000L + second * 1000L)
            + "},\"op\":\""
            + op
            + "\",\"ts_ms\":1700000000001}";
    return ConnectRecords.record(
        offset, "{\"cid\":" + cid + "}", ConnectRecords.envelope(CDC_FIELDS, payload), headers);
  }
}
