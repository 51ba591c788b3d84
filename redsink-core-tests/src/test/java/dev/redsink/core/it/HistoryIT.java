package dev.redsink.core.it;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import dev.redsink.core.RedshiftSink;
import dev.redsink.core.ReplaceRun;
import dev.redsink.core.error.RecordVerdict;
import dev.redsink.core.record.Header;
import dev.redsink.core.record.Record;
import dev.redsink.emulator.RedshiftEmulator;
import dev.redsink.emulator.RedshiftEmulatorExtension;
import dev.redsink.emulator.fault.SqlFault;
import dev.redsink.testkit.Warehouse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * write_mode = history against the emulator: every change is a version, closed by its key's next
 * change, at the source's commit time, exactly once; the current-state view shows the active ones.
 */
@ExtendWith(RedshiftEmulatorExtension.class)
class HistoryIT {
  private static final String UNSENT = "__debezium_unavailable_value";
  private static final long T0 = 1_700_000_000L;

  /** Each version as cid|name|active|created|deleted, times in seconds after {@link #T0}. */
  private static final String VERSIONS =
      "SELECT cid, name, CASE WHEN _record_is_active THEN 'active' ELSE 'closed' END,"
          + " CAST(EXTRACT(EPOCH FROM _record_create_time) AS BIGINT) - "
          + T0
          + ", COALESCE(CAST(CAST(EXTRACT(EPOCH FROM _record_delete_time) AS BIGINT) - "
          + T0
          + " AS VARCHAR), '-') FROM ";

  /** The versions {@link #stream()} leaves, in the form of {@link #VERSIONS}. */
  private static final List<String> STREAM_VERSIONS =
      List.of(
          "1|a|closed|100|300",
          "1|a2|closed|300|900",
          "2|b|closed|100|400",
          "2|b-again|active|800|-",
          "3|c|closed|200|450",
          "3|c-between|closed|450|500",
          "3|c2|closed|500|950",
          "3|c3|active|950|-",
          "4|d|closed|600|700");

  private SinkFixture fx;
  private String table;

  @BeforeEach
  void setUp(RedshiftEmulator emulator) {
    emulator.sqlFaults().reset();
    fx = new SinkFixture(emulator);
    table = Warehouse.uniqueTable("history");
  }

  private Map<String, Object> history() {
    Map<String, Object> config = fx.config(table);
    config.put("table_layout", "typed");
    config.put("write_mode", "history");
    return config;
  }

  private static String image(int cid, String name) {
    return name == null
        ? "{\"cid\":" + cid + "}"
        : "{\"cid\":" + cid + ",\"name\":\"" + name + "\"}";
  }

  /** A schemaless Debezium change event committed at second {@code at} after T0, lsn {@code at}. */
  private static Record event(
      int partition, long offset, String op, String before, String after, long at, int cid) {
    return event(partition, offset, op, before, after, at, cid, List.of());
  }

  private static Record event(
      int partition,
      long offset,
      String op,
      String before,
      String after,
      long at,
      int cid,
      List<Header> headers) {
    String value =
        "{\"before\":"
            + before
            + ",\"after\":"
            + after
            + ",\"source\":{\"lsn\":"
            + at
            + ",\"ts_ms\":"
            + (T0 + at) * 1000
            + "},\"op\":\""
            + op
            + "\",\"ts_ms\":1}";
    return record(partition, offset, "{\"cid\":" + cid + "}", value, headers);
  }

  private static Record record(
      int partition, long offset, String key, String value, List<Header> headers) {
    return new Record(
        "db.public.customers",
        partition,
        offset,
        1_000L,
        key.getBytes(UTF_8),
        headers,
        value == null ? null : value.getBytes(UTF_8));
  }

  /**
   * Snapshot 1 and 2; insert 3, update 1, delete 2 (and its tombstone); then, in a second load,
   * update 3 twice, insert and delete 4, insert 2 again, delete 1, and on another partition an
   * update of 3 committed between the first load's and the second's.
   */
  private static List<List<Record>> stream() {
    return List.of(
        List.of(
            event(0, 0, "r", "null", image(1, "a"), 100, 1),
            event(0, 1, "r", "null", image(2, "b"), 100, 2),
            event(0, 2, "c", "null", image(3, "c"), 200, 3),
            event(0, 3, "u", image(1, "a"), image(1, "a2"), 300, 1),
            event(0, 4, "d", image(2, "b"), "null", 400, 2),
            record(0, 5, "{\"cid\":2}", null, List.of())),
        List.of(
            event(0, 6, "u", image(3, "c"), image(3, "c2"), 500, 3),
            event(0, 7, "c", "null", image(4, "d"), 600, 4),
            event(0, 8, "d", image(4, "d"), "null", 700, 4),
            event(0, 9, "c", "null", image(2, "b-again"), 800, 2),
            event(0, 10, "d", image(1, null), "null", 900, 1),
            event(0, 11, "u", image(3, "c2"), image(3, "c3"), 950, 3),
            event(1, 0, "u", image(3, "c"), image(3, "c-between"), 450, 3)));
  }

  private List<String> versions() throws Exception {
    return fx.rows(VERSIONS + table + " ORDER BY cid, _record_create_time");
  }

  /**
   * Debezium delivers at least once: after a restart it sends changes again, at new offsets the
   * ledger has not seen. A change the table's versions of its key are past — an update of a key
   * deleted since, a delete of a key created again, an update older than the key's newest version,
   * one that loads after a later change of its key — adds and closes nothing, nor does a copy of a
   * key's newest version (same time, same values); new changes in the same loads apply, a second
   * change of a row in one source transaction (same time, other values) included.
   */
  @Test
  void changesSentAgainOrLoadedLateAddAndCloseNothing() throws Exception {
    try (RedshiftSink sink = RedshiftSink.open(history())) {
      for (List<Record> load : stream()) {
        sink.write(load);
      }
      sink.write(
          List.of(
              event(0, 12, "u", image(1, "a"), image(1, "a2"), 300, 1),
              event(0, 13, "d", image(2, "b"), "null", 400, 2),
              event(0, 14, "u", image(3, "c"), image(3, "c2"), 500, 3),
              event(0, 15, "d", image(4, "d"), "null", 700, 4),
              event(0, 16, "c", "null", image(2, "b-again"), 800, 2),
              event(0, 17, "u", image(3, "c3"), image(3, "c4"), 1000, 3),
              event(1, 1, "c", "null", image(5, "e"), 1200, 5),
              event(1, 2, "c", "null", image(6, "f"), 1300, 6)));
      sink.write(
          List.of(
              event(2, 0, "u", image(5, "e0"), image(5, "e-late"), 1100, 5),
              // Sent again: key 3's newest version, at its time and with its values.
              event(0, 18, "u", image(3, "c3"), image(3, "c4"), 1000, 3),
              // Not sent again: a second update of 6 in the transaction that created it.
              event(1, 3, "u", image(6, "f"), image(6, "f2"), 1300, 6),
              // Changes of 9 and their copies, sent again within the load.
              event(1, 4, "c", "null", image(9, "g"), 1400, 9),
              event(1, 5, "u", image(9, "g"), image(9, "g2"), 1500, 9),
              event(1, 6, "c", "null", image(9, "g"), 1400, 9),
              event(1, 7, "u", image(9, "g"), image(9, "g2"), 1500, 9)));
    }
    List<String> expected = new java.util.ArrayList<>(STREAM_VERSIONS);
    expected.set(expected.indexOf("3|c3|active|950|-"), "3|c3|closed|950|1000");
    expected.add("3|c4|active|1000|-");
    expected.add("5|e|active|1200|-");
    expected.add("6|f|closed|1300|1300");
    expected.add("6|f2|active|1300|-");
    expected.add("9|g|closed|1400|1500");
    expected.add("9|g2|active|1500|-");
    assertThat(versions()).containsExactlyInAnyOrderElementsOf(expected);
  }

  @Test
  void everyChangeIsAVersionClosedByTheNextAndAReplayChangesNothing() throws Exception {
    for (int replay = 0; replay < 2; replay++) {
      try (RedshiftSink sink = RedshiftSink.open(history())) {
        for (List<Record> load : stream()) {
          sink.write(load);
        }
      }
    }
    assertThat(versions()).containsExactlyElementsOf(STREAM_VERSIONS);
    assertThat(fx.rows("SELECT cid, name FROM " + table + "_current ORDER BY cid"))
        .as("the current-state view: the active versions, as write_mode = cdc leaves the table")
        .containsExactly("2|b-again", "3|c3");
    assertThat(
            fx.rows(
                "SELECT column_name FROM svv_columns WHERE table_name = '"
                    + table
                    + "_current' ORDER BY ordinal_position"))
        .as("the view leaves the history columns out")
        .doesNotContain("_record_is_active", "_record_create_time", "_record_delete_time")
        .contains("cid", "name");
    assertThat(
            fx.rows(
                "SELECT \"column\" FROM pg_table_def WHERE tablename = '"
                    + table
                    + "' AND sortkey > 0 ORDER BY sortkey"))
        .as("sorted by the key, then the version time")
        .containsExactly("cid", "_record_create_time");
  }

  /**
   * A cdc table switched to write_mode = history: its rows become the active versions of their
   * keys, created before history began (no create time), shown by the view and closed by their
   * keys' next changes.
   */
  @Test
  void aCdcTableSwitchedToHistoryKeepsItsRowsAsActiveVersions() throws Exception {
    Map<String, Object> cdc = history();
    cdc.put("write_mode", "cdc");
    try (RedshiftSink sink = RedshiftSink.open(cdc)) {
      sink.write(
          List.of(
              event(0, 0, "c", "null", image(1, "a"), 100, 1),
              event(0, 1, "c", "null", image(2, "b"), 100, 2)));
    }
    try (RedshiftSink sink = RedshiftSink.open(history())) {
      sink.write(
          List.of(
              event(0, 2, "u", image(1, "a"), image(1, "a2"), 300, 1),
              event(0, 3, "c", "null", image(3, "c"), 300, 3)));
    }
    assertThat(versions())
        .containsExactlyInAnyOrder(
            "1|a|closed|null|300", "1|a2|active|300|-", "2|b|active|null|-", "3|c|active|300|-");
    assertThat(fx.rows("SELECT cid, name FROM " + table + "_current ORDER BY cid"))
        .containsExactly("1|a2", "2|b", "3|c");
  }

  /**
   * A sort key and distribution key a user sets shape the history table Redsink creates, in place
   * of the default (the key, then the version time); the versions are the same.
   */
  @Test
  void aSortKeyAndDistKeySetByTheUserShapeTheCreatedTable() throws Exception {
    Map<String, Object> config = history();
    config.put("dist_key", "cid");
    config.put("sort_key", "_record_create_time");
    try (RedshiftSink sink = RedshiftSink.open(config)) {
      for (List<Record> load : stream()) {
        sink.write(load);
      }
    }
    assertThat(versions()).containsExactlyElementsOf(STREAM_VERSIONS);
    assertThat(
            fx.rows(
                "SELECT \"column\", distkey, sortkey FROM pg_table_def WHERE tablename = '"
                    + table
                    + "' AND (distkey OR sortkey <> 0) ORDER BY \"column\""))
        .containsExactly("_record_create_time|f|1", "cid|t|0");
  }

  /**
   * A replace run rebuilds a history table from the full log: the same versions, and the view still
   * answers (the run's table never gets a view of its own).
   */
  @Test
  void aReplaceRebuildsTheVersionsFromTheFullLog() throws Exception {
    try (RedshiftSink sink = RedshiftSink.open(history())) {
      sink.write(stream().get(0));
    }
    fx.execute("UPDATE " + table + " SET name = 'damaged'");
    try (RedshiftSink sink = RedshiftSink.open(history());
        ReplaceRun run = sink.replace("db.public.customers")) {
      for (List<Record> load : stream()) {
        run.write(load);
      }
      run.commit();
    }
    assertThat(versions()).containsExactlyElementsOf(STREAM_VERSIONS);
    assertThat(fx.rows("SELECT cid, name FROM " + table + "_current ORDER BY cid"))
        .containsExactly("2|b-again", "3|c3");
    assertThat(fx.rows("SELECT COUNT(*) FROM pg_views WHERE viewname LIKE '%\\_rsrun\\_%'"))
        .as("no view of a run table")
        .containsExactly("0");
  }

  /**
   * A new field adds a column (NULL in the older versions) and a longer value widens one: the view
   * follows the table's columns, and versions keep closing.
   */
  @Test
  void theViewFollowsNewAndWidenedColumns() throws Exception {
    try (RedshiftSink sink = RedshiftSink.open(history())) {
      sink.write(List.of(event(0, 0, "c", "null", image(1, "a"), 100, 1)));
      String longName = "n".repeat(300);
      sink.write(
          List.of(
              event(
                  0,
                  1,
                  "u",
                  image(1, "a"),
                  "{\"cid\":1,\"name\":\"" + longName + "\",\"email\":\"a@x\"}",
                  200,
                  1)));
    }
    assertThat(
            fx.rows(
                "SELECT cid, LEN(name), email, _record_is_active FROM "
                    + table
                    + " ORDER BY _record_create_time"))
        .containsExactly("1|1|null|f", "1|300|a@x|t");
    assertThat(fx.rows("SELECT cid, LEN(name), email FROM " + table + "_current"))
        .containsExactly("1|300|a@x");
  }

  /** Two writers of one history table on an empty warehouse, as a connector's tasks start. */
  @Test
  void twoWritersRaceOnAnEmptyWarehouse() throws Exception {
    List<RedshiftSink> sinks = List.of(RedshiftSink.open(history()), RedshiftSink.open(history()));
    try {
      SinkFixture.writeSideBySide(
          sinks,
          5,
          (partition, batch) ->
              List.of(
                  event(
                      partition,
                      batch,
                      batch == 0 ? "c" : "u",
                      "null",
                      image(10 + partition, "v" + batch),
                      100 + batch * 10 + partition,
                      10 + partition)));
    } finally {
      for (RedshiftSink sink : sinks) {
        sink.close();
      }
    }
    assertThat(
            fx.rows(
                "SELECT cid, COUNT(*), SUM(CASE WHEN _record_is_active THEN 1 ELSE 0 END)"
                    + " FROM "
                    + table
                    + " GROUP BY cid ORDER BY cid"))
        .containsExactly("10|5|1", "11|5|1");
    assertThat(fx.rows("SELECT cid, name FROM " + table + "_current ORDER BY cid"))
        .containsExactly("10|v4", "11|v4");
  }

  /** Closing versions costs one UPDATE per load, however many keys change. */
  @Test
  void aLoadClosesItsKeysVersionsInOneUpdate() throws Exception {
    try (RedshiftSink sink = RedshiftSink.open(history())) {
      sink.write(stream().get(0));
      fx.emulator()
          .sqlFaults()
          .failNext("^UPDATE (\\S+\\.)?\"?" + table + "\"? ", 100, SqlFault.delay(Duration.ZERO));
      long loaded = sink.write(stream().get(1)).loaded();
      assertThat(loaded).as("versions inserted and keys deleted").isEqualTo(7);
    }
    assertThat(fx.emulator().sqlFaults().firedFaults()).hasSize(1);
  }

  @Test
  void aTruncateClosesEveryActiveVersionAtItsTime() throws Exception {
    try (RedshiftSink sink = RedshiftSink.open(history())) {
      sink.write(stream().get(0));
      sink.write(
          List.of(
              event(0, 6, "u", image(3, "c"), image(3, "c2"), 500, 3),
              record(
                  0,
                  7,
                  "{\"cid\":0}",
                  "{\"before\":null,\"after\":null,\"source\":{\"lsn\":600,\"ts_ms\":"
                      + (T0 + 600) * 1000
                      + "},\"op\":\"t\"}",
                  List.of()),
              event(0, 8, "c", "null", image(5, "e"), 700, 5)));
    }
    assertThat(versions())
        .containsExactly(
            "1|a|closed|100|300",
            "1|a2|closed|300|600",
            "2|b|closed|100|400",
            "3|c|closed|200|500",
            "3|c2|closed|500|600",
            "5|e|active|700|-");
  }

  /**
   * A truncate alone in its load (Debezium's truncate event between two flushes, or beside records
   * that stage nothing, as heartbeats) closes every active version all the same.
   */
  @Test
  void aTruncateAloneInItsLoadClosesEveryActiveVersion() throws Exception {
    try (RedshiftSink sink = RedshiftSink.open(history())) {
      sink.write(stream().get(0));
      sink.write(List.of(truncate(6, 600)));
      sink.write(List.of(event(0, 7, "c", "null", image(5, "e"), 700, 5)));
    }
    assertThat(versions())
        .containsExactly(
            "1|a|closed|100|300",
            "1|a2|closed|300|600",
            "2|b|closed|100|400",
            "3|c|closed|200|600",
            "5|e|active|700|-");
  }

  /**
   * A replace run's truncates close the versions of its run table, alone in a load or beside
   * changes, and delete none: the rebuilt table keeps every version, as the loads made it.
   */
  @Test
  void aReplaceKeepsTheVersionsItsTruncatesClose() throws Exception {
    List<List<Record>> log =
        List.of(
            stream().get(0),
            List.of(truncate(6, 600)),
            List.of(
                event(0, 7, "c", "null", image(5, "e"), 700, 5),
                truncate(8, 800),
                event(0, 9, "c", "null", image(6, "f"), 900, 6)));
    try (RedshiftSink sink = RedshiftSink.open(history())) {
      for (List<Record> load : log) {
        sink.write(load);
      }
    }
    List<String> loaded = versions();
    try (RedshiftSink sink = RedshiftSink.open(history());
        ReplaceRun run = sink.replace("db.public.customers")) {
      for (List<Record> load : log) {
        run.write(load);
      }
      run.commit();
    }
    assertThat(versions())
        .containsExactly(
            "1|a|closed|100|300",
            "1|a2|closed|300|600",
            "2|b|closed|100|400",
            "3|c|closed|200|600",
            "5|e|closed|700|800",
            "6|f|active|900|-")
        .containsExactlyElementsOf(loaded);
  }

  /** Debezium's truncate event committed at second {@code at} after T0, lsn {@code at}. */
  private static Record truncate(long offset, long at) {
    return record(
        0,
        offset,
        "{\"cid\":0}",
        "{\"before\":null,\"after\":null,\"source\":{\"lsn\":"
            + at
            + ",\"ts_ms\":"
            + (T0 + at) * 1000
            + "},\"op\":\"t\"}",
        List.of());
  }

  /**
   * A change without a column's value (Debezium's unchanged TOASTed value) takes it from its key's
   * previous version, in the same load or in the table; a primary-key change's new key takes it
   * from the old key's newest version.
   */
  @Test
  void unsentValuesComeFromThePreviousVersionAndAcrossAPrimaryKeyChange() throws Exception {
    try (RedshiftSink sink = RedshiftSink.open(history())) {
      sink.write(List.of(event(0, 0, "c", "null", image(1, "long text"), 100, 1)));
      sink.write(
          List.of(
              event(0, 1, "u", image(1, UNSENT), image(1, UNSENT), 200, 1),
              event(0, 2, "u", image(1, UNSENT), image(1, UNSENT), 300, 1)));
      sink.write(
          List.of(
              event(
                  0,
                  3,
                  "d",
                  image(1, UNSENT),
                  "null",
                  400,
                  1,
                  List.of(new Header("__debezium.newkey", "{\"cid\":7}".getBytes(UTF_8))))));
      sink.write(
          List.of(
              event(
                  0,
                  4,
                  "c",
                  "null",
                  image(7, UNSENT),
                  400,
                  7,
                  List.of(new Header("__debezium.oldkey", "{\"cid\":1}".getBytes(UTF_8))))));
    }
    assertThat(versions())
        .containsExactly(
            "1|long text|closed|100|200",
            "1|long text|closed|200|300",
            "1|long text|closed|300|400",
            "7|long text|active|400|-");
  }

  /**
   * Two changes of a row in one source transaction share its time: the primary-key change that
   * follows takes the unsent value from the later of the two (the one closed last), not either.
   */
  @Test
  void aPrimaryKeyChangeTakesUnsentValuesFromTheLastOfVersionsCreatedAtOneTime() throws Exception {
    try (RedshiftSink sink = RedshiftSink.open(history())) {
      sink.write(List.of(event(0, 0, "c", "null", image(2, "x"), 100, 2)));
      sink.write(List.of(event(0, 1, "u", image(2, "x"), image(2, "y"), 100, 2)));
      sink.write(
          List.of(
              event(
                  0,
                  2,
                  "d",
                  image(2, UNSENT),
                  "null",
                  200,
                  2,
                  List.of(new Header("__debezium.newkey", "{\"cid\":8}".getBytes(UTF_8))))));
      sink.write(
          List.of(
              event(
                  0,
                  3,
                  "c",
                  "null",
                  image(8, UNSENT),
                  200,
                  8,
                  List.of(new Header("__debezium.oldkey", "{\"cid\":2}".getBytes(UTF_8))))));
    }
    assertThat(versions())
        .containsExactlyInAnyOrder("2|x|closed|100|100", "2|y|closed|100|200", "8|y|active|200|-");
  }

  /**
   * Keyed records that are not change events: each is a new version of its key at the record's
   * timestamp (or history_time_field), and a tombstone closes the key with delete_on_tombstone.
   */
  @Test
  void keyedRecordsAreVersionsAtTheirTimeAndATombstoneClosesTheKey() throws Exception {
    Map<String, Object> config = history();
    config.put("primary_key", "record_key");
    config.put("delete_on_tombstone", true);
    config.put("history_time_field", "changed_at");
    try (RedshiftSink sink = RedshiftSink.open(config)) {
      sink.write(
          List.of(
              keyed(0, 1, "{\"cid\":1,\"name\":\"a\",\"changed_at\":\"2023-11-14T22:15:00Z\"}"),
              keyed(1, 1, "{\"cid\":1,\"name\":\"a2\",\"changed_at\":\"2023-11-14T22:16:40Z\"}"),
              keyed(2, 2, "{\"cid\":2,\"name\":\"b\",\"changed_at\":\"2023-11-14T22:15:00Z\"}")));
      RecordVerdict refused = sink.judge(keyed(3, 3, "{\"cid\":3,\"name\":\"c\"}"));
      assertThat(refused.refusal())
          .as("a record without history_time_field is refused, naming the key")
          .hasValueSatisfying(r -> assertThat(r.getMessage()).contains("history_time_field"));
    }
    // A tombstone carries no history_time_field: it closes its key at the record's timestamp.
    try (RedshiftSink sink = RedshiftSink.open(config)) {
      sink.write(
          List.of(
              new Record(
                  "db.public.customers",
                  0,
                  3,
                  (T0 + 300) * 1000,
                  "{\"cid\":2}".getBytes(UTF_8),
                  List.of(),
                  null)));
    }
    assertThat(
            fx.rows(
                "SELECT cid, name, _record_is_active, _record_create_time, _record_delete_time"
                    + " FROM "
                    + table
                    + " ORDER BY cid, _record_create_time"))
        .hasSize(3)
        .first()
        .asString()
        .startsWith("1|a|");
    assertThat(versions())
        .startsWith("1|a|closed|100|200", "1|a2|active|200|-")
        .element(2)
        .isEqualTo("2|b|closed|100|300");
  }

  private static Record keyed(long offset, int cid, String value) {
    return record(0, offset, "{\"cid\":" + cid + "}", value, List.of());
  }
}
