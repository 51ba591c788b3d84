package dev.redsink.core.it;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redsink.core.RedshiftSink;
import dev.redsink.core.ReplaceRun;
import dev.redsink.core.error.BadRecordException;
import dev.redsink.core.error.RecordVerdict;
import dev.redsink.core.record.Header;
import dev.redsink.core.record.Record;
import dev.redsink.emulator.RedshiftEmulator;
import dev.redsink.emulator.RedshiftEmulatorExtension;
import dev.redsink.emulator.fault.SqlFault;
import dev.redsink.testkit.Warehouse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * write_mode = cdc against the emulator: Debezium change events (snapshot read, insert, update,
 * delete, the tombstone after a delete) leave the source table's final state, hard and soft.
 */
@ExtendWith(RedshiftEmulatorExtension.class)
class CdcIT {
  private static final String ROW =
      "{\"type\":\"struct\",\"optional\":true,\"fields\":[{\"field\":\"cid\",\"type\":\"int32\"},"
          + "{\"field\":\"name\",\"type\":\"string\",\"optional\":true}]";
  private static final String SCHEMA =
      "{\"type\":\"struct\",\"fields\":["
          + ROW
          + ",\"field\":\"before\"},"
          + ROW
          + ",\"field\":\"after\"},"
          + "{\"type\":\"struct\",\"field\":\"source\",\"fields\":["
          + "{\"field\":\"lsn\",\"type\":\"int64\",\"optional\":true},"
          + "{\"field\":\"ts_ms\",\"type\":\"int64\"}]},"
          + "{\"field\":\"op\",\"type\":\"string\"},"
          + "{\"field\":\"ts_ms\",\"type\":\"int64\",\"optional\":true}]}";

  private SinkFixture fx;
  private String table;

  @BeforeEach
  void setUp(RedshiftEmulator emulator) {
    emulator.sqlFaults().reset();
    fx = new SinkFixture(emulator);
    table = Warehouse.uniqueTable("cdc");
  }

  private Map<String, Object> cdc(String deleteMode) {
    Map<String, Object> config = fx.config(table);
    config.put("table_layout", "typed");
    config.put("write_mode", "cdc");
    config.put("cdc_delete_mode", deleteMode);
    return config;
  }

  private static String image(int cid, String name) {
    return name == null
        ? "{\"cid\":" + cid + "}"
        : "{\"cid\":" + cid + ",\"name\":\"" + name + "\"}";
  }

  /** A Debezium change event for customer {@code cid}, optionally in a JsonConverter envelope. */
  private static Record event(
      int partition,
      long offset,
      boolean enveloped,
      String op,
      String before,
      String after,
      long lsn,
      int cid) {
    String payload =
        "{\"before\":"
            + before
            + ",\"after\":"
            + after
            + ",\"source\":{\"lsn\":"
            + lsn
            + ",\"ts_ms\":1700000000000},\"op\":\""
            + op
            + "\",\"ts_ms\":1700000000001}";
    String value = enveloped ? "{\"schema\":" + SCHEMA + ",\"payload\":" + payload + "}" : payload;
    return record(partition, offset, cid, value);
  }

  private static Record record(int partition, long offset, int cid, String value) {
    return record(partition, offset, "{\"cid\":" + cid + "}", value);
  }

  /** A record of the customers topic with this JSON key and value (null: a tombstone). */
  private static Record record(int partition, long offset, String key, String value) {
    return new Record(
        "db.public.customers",
        partition,
        offset,
        1_700_000_000_000L + offset,
        key.getBytes(UTF_8),
        List.of(),
        value == null ? null : value.getBytes(UTF_8));
  }

  /**
   * Source: snapshot reads 1 and 2, insert 3, update 1, delete 2 (and its tombstone); then update
   * 3, insert and delete 4, insert 2 again, delete 1 (before image with the key only), and on
   * another partition a stale update of 3 with an earlier lsn. Final source table: 2 b-again, 3 c2.
   */
  private static List<List<Record>> stream(boolean enveloped) {
    List<Record> first =
        List.of(
            event(0, 0, enveloped, "r", "null", image(1, "a"), 100, 1),
            event(0, 1, enveloped, "r", "null", image(2, "b"), 100, 2),
            event(0, 2, enveloped, "c", "null", image(3, "c"), 200, 3),
            event(0, 3, enveloped, "u", image(1, "a"), image(1, "a2"), 300, 1),
            event(0, 4, enveloped, "d", image(2, "b"), "null", 400, 2),
            record(0, 5, 2, null));
    List<Record> second =
        List.of(
            event(0, 6, enveloped, "u", image(3, "c"), image(3, "c2"), 500, 3),
            event(0, 7, enveloped, "c", "null", image(4, "d"), 600, 4),
            event(0, 8, enveloped, "d", image(4, "d"), "null", 700, 4),
            event(0, 9, enveloped, "c", "null", image(2, "b-again"), 800, 2),
            event(0, 10, enveloped, "d", image(1, null), "null", 900, 1),
            event(1, 0, enveloped, "u", image(3, "c"), image(3, "c-stale"), 450, 3));
    return List.of(first, second);
  }

  @Test
  void hardDeletesLeaveTheSourceTablesFinalStateWhenReplayed() throws Exception {
    for (int replay = 0; replay < 2; replay++) {
      try (RedshiftSink sink = RedshiftSink.open(cdc("hard"))) {
        for (List<Record> load : stream(true)) {
          sink.write(load);
        }
      }
    }
    assertThat(fx.rows("SELECT cid, name FROM " + table + " ORDER BY cid"))
        .containsExactly("2|b-again", "3|c2");
    assertThat(
            fx.rows(
                "SELECT column_name, data_type FROM svv_columns WHERE table_name = '"
                    + table
                    + "' AND column_name IN ('cid', 'name', 'before', 'op') ORDER BY 1"))
        .containsExactly("cid|integer", "name|character varying");
  }

  /**
   * A load of inserts, replacements and deletes removes the replaced and the deleted rows with one
   * DELETE, so the target is joined once, and counts one change per key.
   */
  @Test
  void replacedAndDeletedRowsGoInOneDeleteAndTheLoadCountsItsChanges() throws Exception {
    try (RedshiftSink sink = RedshiftSink.open(cdc("hard"))) {
      sink.write(
          List.of(
              event(0, 0, true, "r", "null", image(1, "a"), 100, 1),
              event(0, 1, true, "r", "null", image(2, "b"), 100, 2)));
      fx.emulator()
          .sqlFaults()
          .failNext(
              "^DELETE FROM (\\S+\\.)?\"?" + table + "\"? ", 100, SqlFault.delay(Duration.ZERO));
      long loaded =
          sink.write(
                  List.of(
                      event(0, 2, true, "u", image(1, "a"), image(1, "a2"), 200, 1),
                      event(0, 3, true, "d", image(2, "b"), "null", 300, 2),
                      record(0, 4, 2, null),
                      event(0, 5, true, "c", "null", image(3, "c"), 400, 3),
                      event(0, 6, true, "d", image(9, "never loaded"), "null", 500, 9)))
              .loaded();
      assertThat(loaded)
          .as("changes applied: a replacement, two deletes (one of a key never loaded), an insert")
          .isEqualTo(4);
    }
    assertThat(fx.emulator().sqlFaults().firedFaults())
        .extracting(f -> f.statement().replaceAll("\\s+", " "))
        .singleElement()
        .asString()
        .startsWith("DELETE FROM")
        .contains("IN ('d', 'u')");
    assertThat(fx.rows("SELECT cid, name FROM " + table + " ORDER BY cid"))
        .containsExactly("1|a2", "3|c");
  }

  @Test
  void envelopesAreHeldSplitFromTheirSharedSchemaAndLoadTheSameRows() throws Exception {
    try (RedshiftSink sink = RedshiftSink.open(cdc("hard"))) {
      for (List<Record> load : stream(true)) {
        List<Record> held = new ArrayList<>();
        for (Record r : load) {
          RecordVerdict verdict = sink.judge(r);
          assertThat(verdict.refusal()).isEmpty();
          held.add(verdict.heldOr(r));
        }
        List<Record> events = held.stream().filter(r -> r.value() != null).toList();
        assertThat(events).extracting(Record::valueSchema).doesNotContainNull();
        assertThat(events.stream().map(Record::valueSchema).distinct())
            .as("one copy of the schema for every event")
            .hasSize(1);
        assertThat(events.get(0).bytes())
            .as("a held event weighs its payload")
            .isLessThan(events.get(0).wholeValue().length - SCHEMA.length() + 1);
        sink.write(held);
      }
    }
    assertThat(fx.rows("SELECT cid, name FROM " + table + " ORDER BY cid"))
        .containsExactly("2|b-again", "3|c2");
  }

  @Test
  void softDeletesFlagTheRowAndKeepItsLastValuesWhenReplayed() throws Exception {
    for (int replay = 0; replay < 2; replay++) {
      try (RedshiftSink sink = RedshiftSink.open(cdc("soft"))) {
        for (List<Record> load : stream(false)) {
          sink.write(load);
        }
      }
    }
    assertThat(fx.rows("SELECT cid, name, pico_deleted FROM " + table + " ORDER BY cid"))
        .containsExactly("1|a2|t", "2|b-again|f", "3|c2|f", "4|d|t");
  }

  /**
   * A primary-key change as Debezium sends it with the source's REPLICA IDENTITY DEFAULT: the old
   * key's delete, its tombstone, then the new key's row with the placeholder for a value the source
   * did not send (an unchanged TOASTed value) and the old key in a header. The old row is in the
   * table from an earlier load: the new row takes its value there, in the load transaction.
   */
  @Test
  void aPrimaryKeyChangeKeepsTheValueItsEventDidNotCarryFromTheOldKeysRow() throws Exception {
    Record created =
        event(0, 4, true, "c", "null", image(60, "__debezium_unavailable_value"), 300, 60);
    Record moved =
        new Record(
            created.topic(),
            created.partition(),
            created.offset(),
            created.timestamp(),
            created.key(),
            List.of(new Header("__debezium.oldkey", "{\"cid\":5}".getBytes(UTF_8))),
            created.value());
    try (RedshiftSink sink = RedshiftSink.open(cdc("hard"))) {
      sink.write(
          List.of(
              event(0, 0, true, "c", "null", image(5, "long text"), 100, 5),
              event(0, 1, true, "c", "null", image(7, "other"), 100, 7)));
      sink.write(
          List.of(
              event(0, 2, true, "d", image(5, null), "null", 200, 5),
              record(0, 3, 5, null),
              moved));
    }
    assertThat(fx.rows("SELECT cid, name FROM " + table + " ORDER BY cid"))
        .containsExactly("7|other", "60|long text");
  }

  private static final String UNSENT = "\"__debezium_unavailable_value\"";

  /** A row of three text columns besides the key; each value is quoted, or {@link #UNSENT}. */
  private static String wide(int cid, String name, String note, String bio) {
    return "{\"cid\":" + cid + ",\"name\":" + name + ",\"note\":" + note + ",\"bio\":" + bio + "}";
  }

  private static String q(String text) {
    return "\"" + text + "\"";
  }

  /**
   * Rows that lack some of several columns take each lacking column from the row they replace, and
   * keep the columns they carry: whether they replace a row of their key, of their old key in the
   * same load, or of their old key kept by an earlier load. Every column comes from one UPDATE per
   * source of values, not one per column.
   */
  @Test
  void rowsLackingSeveralColumnsTakeEachFromTheRowTheyReplace() throws Exception {
    try (RedshiftSink sink = RedshiftSink.open(cdc("hard"))) {
      sink.write(
          List.of(
              event(0, 0, false, "c", "null", wide(1, q("a"), q("n1"), q("b1")), 100, 1),
              event(0, 1, false, "c", "null", wide(2, q("b"), q("n2"), q("b2")), 100, 2),
              event(0, 2, false, "c", "null", wide(5, q("e"), q("n5"), q("b5")), 100, 5),
              event(0, 3, false, "c", "null", wide(7, q("g"), q("n7"), q("b7")), 100, 7)));
      fx.emulator()
          .sqlFaults()
          .failNext("^UPDATE \"redsink_staging", 100, SqlFault.delay(Duration.ZERO));
      sink.write(
          List.of(
              event(0, 4, false, "u", "null", wide(1, q("a2"), UNSENT, q("b1x")), 200, 1),
              event(0, 5, false, "u", "null", wide(2, UNSENT, UNSENT, q("b2x")), 210, 2),
              withHeader(
                  event(0, 6, false, "d", wide(5, "null", "null", "null"), "null", 220, 5),
                  "__debezium.newkey",
                  "{\"cid\":60}"),
              record(0, 7, 5, null),
              withHeader(
                  event(0, 8, false, "c", "null", wide(60, UNSENT, UNSENT, q("b60")), 230, 60),
                  "__debezium.oldkey",
                  "{\"cid\":5}")));
      assertThat(fx.emulator().sqlFaults().firedFaults())
          .as("the staged rows' updates: by their key, then by their old key")
          .hasSize(2);
      // The old key's delete first; its create in a later load takes the kept row's values.
      sink.write(
          List.of(
              withHeader(
                  event(0, 9, false, "d", wide(7, "null", "null", "null"), "null", 300, 7),
                  "__debezium.newkey",
                  "{\"cid\":70}"),
              record(0, 10, 7, null)));
      sink.write(
          List.of(
              withHeader(
                  event(0, 11, false, "c", "null", wide(70, UNSENT, q("n70"), UNSENT), 400, 70),
                  "__debezium.oldkey",
                  "{\"cid\":7}")));
    }
    assertThat(fx.rows("SELECT cid, name, note, bio FROM " + table + " ORDER BY cid"))
        .containsExactly("1|a2|n1|b1x", "2|b|n2|b2x", "60|e|n5|b60", "70|g|n70|b7");
  }

  /**
   * A column whose type changed while a moved row waited (its Redshift column renamed aside, and a
   * column of the new type added) gives the new key's create nothing: it could not go into the
   * column. The columns of the same type still come from the kept row.
   */
  @Test
  void aColumnRenamedAsideWhileAMovedRowWaitsGivesTheCreateNothing() throws Exception {
    try (RedshiftSink sink = RedshiftSink.open(cdc("hard"))) {
      sink.write(List.of(event(0, 0, false, "c", "null", wide(5, q("e"), "7", q("b5")), 100, 5)));
      sink.write(
          List.of(
              withHeader(
                  event(0, 1, false, "d", wide(5, "null", "null", "null"), "null", 200, 5),
                  "__debezium.newkey",
                  "{\"cid\":60}"),
              record(0, 2, 5, null)));
    }
    assertThat(fx.rows("SELECT cid, note FROM " + movedTable())).containsExactly("5|7");
    // The source changed note to text: the documented way on is to rename the column aside.
    fx.execute("ALTER TABLE " + table + " RENAME COLUMN note TO note_old");
    try (RedshiftSink sink = RedshiftSink.open(cdc("hard"))) {
      sink.write(
          List.of(
              event(0, 3, false, "c", "null", wide(8, q("h"), q("text now"), q("b8")), 300, 8),
              withHeader(
                  event(0, 4, false, "c", "null", wide(60, UNSENT, UNSENT, q("b60")), 400, 60),
                  "__debezium.oldkey",
                  "{\"cid\":5}")));
    }
    assertThat(fx.rows("SELECT cid, name, note, note_old, bio FROM " + table + " ORDER BY cid"))
        .containsExactly("8|h|text now|null|b8", "60|e|null|null|b60");
    assertThat(movedRows()).isEmpty();
  }

  /** The new key's create of a primary-key change from {@code oldCid}, its TOASTed name unsent. */
  private static Record createOfMovedKey(
      int partition, long offset, int cid, int oldCid, long lsn) {
    return createOfMovedKey(partition, offset, cid, "{\"cid\":" + oldCid + "}", lsn);
  }

  /** {@link #createOfMovedKey}, its old key header's JSON as given. */
  private static Record createOfMovedKey(
      int partition, long offset, int cid, String oldKey, long lsn) {
    return withHeader(
        event(
            partition,
            offset,
            true,
            "c",
            "null",
            image(cid, "__debezium_unavailable_value"),
            lsn,
            cid),
        "__debezium.oldkey",
        oldKey);
  }

  /** The old key's delete of a primary-key change to {@code newCid}. */
  private static Record deleteOfMovedKey(
      int partition, long offset, int cid, int newCid, long lsn) {
    return withHeader(
        event(partition, offset, true, "d", image(cid, null), "null", lsn, cid),
        "__debezium.newkey",
        "{\"cid\":" + newCid + "}");
  }

  private static Record withHeader(Record r, String header, String value) {
    return new Record(
        r.topic(),
        r.partition(),
        r.offset(),
        r.timestamp(),
        r.key(),
        List.of(new Header(header, value.getBytes(UTF_8))),
        r.value());
  }

  private String movedTable() {
    return "_redsink_moved_" + table;
  }

  private List<String> movedRows() throws Exception {
    List<String> exists =
        fx.rows("SELECT COUNT(*) FROM pg_tables WHERE tablename = '" + movedTable() + "'");
    return exists.equals(List.of("0"))
        ? List.of()
        : fx.rows("SELECT cid, name, redsink_next_key_1 FROM " + movedTable() + " ORDER BY cid");
  }

  /**
   * Kafka chooses a record's partition by its key, so a primary-key change's delete and create may
   * land in different partitions and loads. A delete that loads first keeps the old row for the
   * create, in its load transaction; the create takes the value its event did not carry from it and
   * deletes it, and the table that held it is dropped.
   */
  @Test
  void aPrimaryKeyChangeWhoseCreateLoadsAfterItsDeleteTakesTheOldRowTheDeleteKept()
      throws Exception {
    List<Record> snapshot =
        List.of(
            event(0, 0, true, "c", "null", image(5, "long text"), 100, 5),
            event(0, 1, true, "c", "null", image(7, "other"), 100, 7));
    List<Record> delete = List.of(deleteOfMovedKey(0, 2, 5, 60, 200), record(0, 3, 5, null));
    for (int replay = 0; replay < 2; replay++) {
      try (RedshiftSink sink = RedshiftSink.open(cdc("hard"))) {
        sink.write(snapshot);
        sink.write(delete);
      }
    }
    assertThat(fx.rows("SELECT cid, name FROM " + table + " ORDER BY cid"))
        .containsExactly("7|other");
    assertThat(movedRows()).as("kept once, though loaded twice").containsExactly("5|long text|60");

    try (RedshiftSink sink = RedshiftSink.open(cdc("hard"))) {
      sink.write(List.of(createOfMovedKey(1, 0, 60, 5, 200)));
    }
    assertThat(fx.rows("SELECT cid, name FROM " + table + " ORDER BY cid"))
        .containsExactly("7|other", "60|long text");
    assertThat(movedRows()).isEmpty();
  }

  /** The old row the delete keeps is the one its own load last wrote, not the table's. */
  @Test
  void aPrimaryKeyChangeKeepsTheOldRowAsItsOwnLoadLeftIt() throws Exception {
    try (RedshiftSink sink = RedshiftSink.open(cdc("hard"))) {
      sink.write(List.of(event(0, 0, true, "c", "null", image(5, "first"), 100, 5)));
      sink.write(
          List.of(
              event(0, 1, true, "u", image(5, null), image(5, "second"), 150, 5),
              deleteOfMovedKey(0, 2, 5, 60, 200),
              record(0, 3, 5, null)));
      assertThat(movedRows()).containsExactly("5|second|60");
      sink.write(List.of(createOfMovedKey(1, 0, 60, 5, 200)));
    }
    assertThat(fx.rows("SELECT cid, name FROM " + table + " ORDER BY cid"))
        .containsExactly("60|second");
    assertThat(movedRows()).isEmpty();
  }

  /**
   * A create that loads before its delete takes the old row from the table; the delete then finds
   * the new key loaded and keeps nothing.
   */
  @Test
  void aPrimaryKeyChangeWhoseCreateLoadsFirstKeepsNothing() throws Exception {
    try (RedshiftSink sink = RedshiftSink.open(cdc("hard"))) {
      sink.write(List.of(event(0, 0, true, "c", "null", image(5, "long text"), 100, 5)));
      sink.write(List.of(createOfMovedKey(1, 0, 60, 5, 200)));
      sink.write(List.of(deleteOfMovedKey(0, 1, 5, 60, 200), record(0, 2, 5, null)));
    }
    assertThat(fx.rows("SELECT cid, name FROM " + table + " ORDER BY cid"))
        .containsExactly("60|long text");
    assertThat(movedRows()).isEmpty();
  }

  /**
   * A load that keeps or takes a moved row and then fails is retried whole: the row is kept once
   * and taken once, whichever statement failed.
   */
  @Test
  void aFailedLoadKeepsAndTakesTheMovedRowExactlyOnce() throws Exception {
    try (RedshiftSink sink = RedshiftSink.open(cdc("hard"))) {
      sink.write(List.of(event(0, 0, true, "c", "null", image(5, "long text"), 100, 5)));
      fx.emulator()
          .sqlFaults()
          .failNext("^INSERT INTO \"_redsink_moved_", 1, SqlFault.serializableIsolationViolation());
      sink.write(List.of(deleteOfMovedKey(0, 1, 5, 60, 200), record(0, 2, 5, null)));
      assertThat(fx.emulator().sqlFaults().fired()).isEqualTo(1);
      assertThat(movedRows()).containsExactly("5|long text|60");
      fx.emulator()
          .sqlFaults()
          .failNext("^DELETE FROM \"_redsink_moved_", 1, SqlFault.serializableIsolationViolation());
      sink.write(List.of(createOfMovedKey(1, 0, 60, 5, 200)));
      assertThat(fx.emulator().sqlFaults().fired()).isEqualTo(2);
    }
    assertThat(fx.rows("SELECT cid, name FROM " + table + " ORDER BY cid"))
        .containsExactly("60|long text");
    assertThat(movedRows()).isEmpty();
  }

  /** Creates customers 5 and 7, then loads the delete of 5's move to key 60 (its row is kept). */
  private static void createFiveAndSevenThenMoveFiveTo60(RedshiftSink sink) {
    sink.write(
        List.of(
            event(0, 0, true, "c", "null", image(5, "five"), 100, 5),
            event(0, 1, true, "c", "null", image(7, "seven"), 100, 7)));
    sink.write(List.of(deleteOfMovedKey(0, 2, 5, 60, 200), record(0, 3, 5, null)));
  }

  /**
   * After {@link #createFiveAndSevenThenMoveFiveTo60}: loads {@code change} (at offset 4) with the
   * delete of 7's move to key 70, whose row is kept beside 5's.
   */
  private void changeThenMoveSevenTo70(RedshiftSink sink, Record change) throws Exception {
    sink.write(List.of(change, deleteOfMovedKey(0, 5, 7, 70, 400), record(0, 6, 7, null)));
    assertThat(movedRows()).containsExactly("5|five|60", "7|seven|70");
  }

  /**
   * The table gains a column while a moved row waits: the next row kept rebuilds the moved rows'
   * table around the waiting row, and both creates take their values.
   */
  @Test
  void movedRowsFollowTheTablesNewColumns() throws Exception {
    try (RedshiftSink sink = RedshiftSink.open(cdc("hard"))) {
      createFiveAndSevenThenMoveFiveTo60(sink);
      changeThenMoveSevenTo70(
          sink, event(0, 4, false, "c", "null", "{\"cid\":8,\"name\":\"x\",\"extra\":1}", 300, 8));
      assertThat(
              fx.rows(
                  "SELECT column_name FROM information_schema.columns WHERE table_name = '"
                      + movedTable()
                      + "' ORDER BY ordinal_position"))
          .as("the table's columns, the new one too, then the new key")
          .contains("cid", "name", "extra")
          .endsWith("redsink_next_key_1");
      sink.write(List.of(createOfMovedKey(1, 0, 60, 5, 200), createOfMovedKey(1, 1, 70, 7, 400)));
    }
    assertThat(fx.rows("SELECT cid, name FROM " + table + " ORDER BY cid"))
        .containsExactly("8|x", "60|five", "70|seven");
    assertThat(movedRows()).isEmpty();
  }

  /**
   * The table widens columns while a moved row waits (its key INTEGER to BIGINT, a VARCHAR to the
   * longest): the next row kept rebuilds the moved rows' table with the widened types, each waiting
   * row's values converted to them, and the creates take their values.
   */
  @Test
  void movedRowsFollowTheTablesWidenedColumns() throws Exception {
    String longName = "n".repeat(1000);
    String wide =
        "{\"before\":null,\"after\":{\"cid\":5000000000,\"name\":\""
            + longName
            + "\"},\"source\":{\"lsn\":300,\"ts_ms\":1700000000000},\"op\":\"c\","
            + "\"ts_ms\":1700000000001}";
    try (RedshiftSink sink = RedshiftSink.open(cdc("hard"))) {
      createFiveAndSevenThenMoveFiveTo60(sink);
      assertThat(movedRows()).containsExactly("5|five|60");
      changeThenMoveSevenTo70(sink, record(0, 4, "{\"cid\":5000000000}", wide));
      assertThat(
              fx.rows(
                  "SELECT column_name, data_type, character_maximum_length FROM"
                      + " information_schema.columns WHERE table_name = '"
                      + movedTable()
                      + "' AND column_name IN ('cid', 'name') ORDER BY column_name"))
          .as("the moved rows' columns are the table's widened ones")
          .containsExactly("cid|bigint|null", "name|character varying|65535");
      sink.write(List.of(createOfMovedKey(1, 0, 60, 5, 200), createOfMovedKey(1, 1, 70, 7, 400)));
    }
    assertThat(fx.rows("SELECT cid, LENGTH(name), LEFT(name, 5) FROM " + table + " ORDER BY cid"))
        .containsExactly("60|4|five", "70|5|seven", "5000000000|1000|nnnnn");
    assertThat(movedRows()).isEmpty();
  }

  /**
   * A delete without a schema carries only the key (its other fields are null, which a schemaless
   * row leaves out): the row kept is still the table's whole row.
   */
  @Test
  void theKeptRowIsTheTablesWholeRowThoughTheDeleteCarriesOnlyTheKey() throws Exception {
    try (RedshiftSink sink = RedshiftSink.open(cdc("hard"))) {
      sink.write(List.of(event(0, 0, true, "c", "null", image(5, "long text"), 100, 5)));
      sink.write(
          List.of(
              withHeader(
                  event(0, 1, false, "d", "{\"cid\":5,\"name\":null}", "null", 200, 5),
                  "__debezium.newkey",
                  "{\"cid\":60}"),
              record(0, 2, 5, null)));
      assertThat(movedRows()).containsExactly("5|long text|60");
      sink.write(List.of(createOfMovedKey(1, 0, 60, 5, 200)));
    }
    assertThat(fx.rows("SELECT cid, name FROM " + table + " ORDER BY cid"))
        .containsExactly("60|long text");
    assertThat(movedRows()).isEmpty();
  }

  /**
   * The new key's create and a later update of it in one load, after the delete's: the update's row
   * still takes the kept values (its own TOASTed value unsent again), and the kept row goes.
   */
  @Test
  void aLaterChangeOfTheNewKeyInTheCreatesLoadStillTakesTheKeptRow() throws Exception {
    try (RedshiftSink sink = RedshiftSink.open(cdc("hard"))) {
      sink.write(List.of(event(0, 0, true, "c", "null", image(5, "long text"), 100, 5)));
      sink.write(List.of(deleteOfMovedKey(0, 1, 5, 60, 200), record(0, 2, 5, null)));
      sink.write(
          List.of(
              createOfMovedKey(1, 0, 60, 5, 200),
              event(
                  1,
                  1,
                  true,
                  "u",
                  image(60, null),
                  image(60, "__debezium_unavailable_value"),
                  300,
                  60)));
    }
    assertThat(fx.rows("SELECT cid, name FROM " + table + " ORDER BY cid"))
        .containsExactly("60|long text");
    assertThat(movedRows()).isEmpty();
  }

  /**
   * A table keyed by text: the staged old and new keys are compared with the key column as text,
   * whichever order the delete and the create load in.
   */
  @Test
  void aTextKeysChangeTakesTheOldRowInEitherOrder() throws Exception {
    keyChangesTakeTheOldRowInEitherOrder("\"k5\"", "\"k50\"", "\"k8\"", "\"k80\"");
    assertThat(fx.rows("SELECT code, name FROM " + table + " ORDER BY code"))
        .containsExactly("k50|five", "k80|eight");
  }

  /**
   * BIGINT keys of 19 digits, as large and as small as BIGINT holds: the staged texts are converted
   * to the key's type, whichever order the delete and the create load in.
   */
  @Test
  void aBigintKeysChangeTakesTheOldRowInEitherOrder() throws Exception {
    keyChangesTakeTheOldRowInEitherOrder(
        "9223372036854775801",
        "9223372036854775807",
        "-9223372036854775800",
        "-9223372036854775808");
    assertThat(fx.rows("SELECT code, name FROM " + table + " ORDER BY code"))
        .containsExactly("-9223372036854775808|eight", "9223372036854775807|five");
  }

  /**
   * An old key no integer key column holds (a header naming the key as text): it matches nothing,
   * and the load goes on without the values it would have taken, rather than failing on a cast.
   */
  @Test
  void anOldKeyTheKeyColumnCannotHoldMatchesNothing() throws Exception {
    try (RedshiftSink sink = RedshiftSink.open(cdc("hard"))) {
      sink.write(List.of(event(0, 0, true, "c", "null", image(5, "long text"), 100, 5)));
      sink.write(
          List.of(
              event(0, 1, true, "d", image(5, null), "null", 200, 5),
              record(0, 2, 5, null),
              createOfMovedKey(0, 3, 60, "{\"cid\":\"five\"}", 200)));
    }
    assertThat(fx.rows("SELECT cid, COALESCE(name, '-') FROM " + table + " ORDER BY cid"))
        .containsExactly("60|-");
  }

  /**
   * Loads a table of {@code code} keys five and eight, then moves five to fifty (the delete in its
   * own load first) and eight to eighty (both in one load); the keys are JSON values.
   */
  private void keyChangesTakeTheOldRowInEitherOrder(
      String five, String fifty, String eight, String eighty) throws Exception {
    try (RedshiftSink sink = RedshiftSink.open(cdc("hard"))) {
      sink.write(
          List.of(
              keyed(0, 0, "c", "null", "{\"code\":" + five + ",\"name\":\"five\"}", five),
              keyed(0, 1, "c", "null", "{\"code\":" + eight + ",\"name\":\"eight\"}", eight)));
      // The delete first: the old row is kept, then the create takes it.
      sink.write(
          List.of(
              withHeader(
                  keyed(0, 2, "d", "{\"code\":" + five + "}", "null", five),
                  "__debezium.newkey",
                  "{\"code\":" + fifty + "}"),
              keyed(0, 3, null, null, null, five)));
      assertThat(fx.rows("SELECT name FROM " + movedTable())).containsExactly("five");
      sink.write(List.of(keyedCreate(1, 0, fifty, five)));
      // Both in one load: the create takes the old row from the table.
      sink.write(
          List.of(
              withHeader(
                  keyed(0, 4, "d", "{\"code\":" + eight + "}", "null", eight),
                  "__debezium.newkey",
                  "{\"code\":" + eighty + "}"),
              keyed(0, 5, null, null, null, eight),
              keyedCreate(1, 1, eighty, eight)));
    }
    assertThat(fx.rows("SELECT COUNT(*) FROM pg_tables WHERE tablename = '" + movedTable() + "'"))
        .containsExactly("0");
  }

  /**
   * A schemaless change event of a table keyed by {@code code} (a JSON value); a tombstone when op
   * is null.
   */
  private static Record keyed(
      int partition, long offset, String op, String before, String after, String code) {
    String value =
        op == null
            ? null
            : "{\"before\":"
                + before
                + ",\"after\":"
                + after
                + ",\"source\":{\"lsn\":"
                + (100 + offset)
                + ",\"ts_ms\":1700000000000},\"op\":\""
                + op
                + "\",\"ts_ms\":1700000000001}";
    return record(partition, offset, "{\"code\":" + code + "}", value);
  }

  /** The create of key {@code code}, moved from {@code oldCode}, its name unsent. */
  private static Record keyedCreate(int partition, long offset, String code, String oldCode) {
    return withHeader(
        keyed(
            partition,
            offset,
            "c",
            "null",
            "{\"code\":" + code + ",\"name\":\"__debezium_unavailable_value\"}",
            code),
        "__debezium.oldkey",
        "{\"code\":" + oldCode + "}");
  }

  /**
   * A replace's rows kept for primary-key changes follow its rows and ledger into the table, in
   * place of the replaced contents' own; the next load's create takes them.
   */
  @Test
  void aReplaceHandsItsKeptRowsToTheTable() throws Exception {
    try (RedshiftSink sink = RedshiftSink.open(cdc("hard"))) {
      sink.write(List.of(event(0, 0, true, "c", "null", image(7, "old contents"), 100, 7)));
      sink.write(List.of(deleteOfMovedKey(0, 1, 7, 70, 200), record(0, 2, 7, null)));
      assertThat(movedRows()).containsExactly("7|old contents|70");
      try (ReplaceRun run = sink.replace("db.public.customers")) {
        run.write(List.of(event(0, 0, true, "c", "null", image(5, "long text"), 100, 5)));
        run.write(List.of(deleteOfMovedKey(0, 1, 5, 60, 200), record(0, 2, 5, null)));
        run.commit();
      }
      assertThat(movedRows()).containsExactly("5|long text|60");
      assertThat(
              fx.rows(
                  "SELECT COUNT(*) FROM pg_tables WHERE tablename LIKE '"
                      + movedTable()
                      + "\\_rsrun\\_%'"))
          .as("the run's moved-rows table")
          .containsExactly("0");
      sink.write(List.of(createOfMovedKey(1, 0, 60, 5, 200)));
    }
    assertThat(fx.rows("SELECT cid, name FROM " + table + " ORDER BY cid"))
        .containsExactly("60|long text");
    assertThat(movedRows()).isEmpty();
  }

  /** A source truncate empties the table and drops what was kept for it. */
  @Test
  void aTruncateDropsTheKeptRows() throws Exception {
    try (RedshiftSink sink = RedshiftSink.open(cdc("hard"))) {
      sink.write(List.of(event(0, 0, true, "c", "null", image(5, "long text"), 100, 5)));
      sink.write(List.of(deleteOfMovedKey(0, 1, 5, 60, 200), record(0, 2, 5, null)));
      assertThat(movedRows()).hasSize(1);
      sink.write(List.of(event(0, 3, true, "t", "null", "null", 300, 0)));
    }
    assertThat(fx.rows("SELECT COUNT(*) FROM " + table)).containsExactly("0");
    assertThat(movedRows()).isEmpty();
  }

  /**
   * A load that wrote only some columns (deletes of schemaless events carry only the key) does not
   * narrow what later loads write: an update whose TOASTed value is unsent still keeps it.
   */
  @Test
  void aLoadOfKeysOnlyDoesNotNarrowTheColumnsLaterLoadsWrite() throws Exception {
    try (RedshiftSink sink = RedshiftSink.open(cdc("hard"))) {
      sink.write(
          List.of(
              event(0, 0, true, "c", "null", image(5, "long text"), 100, 5),
              event(0, 1, true, "c", "null", image(7, "other"), 100, 7)));
      sink.write(List.of(event(0, 2, false, "d", "{\"cid\":7,\"name\":null}", "null", 200, 7)));
      sink.write(
          List.of(
              event(
                  0,
                  3,
                  true,
                  "u",
                  image(5, null),
                  image(5, "__debezium_unavailable_value"),
                  300,
                  5)));
    }
    assertThat(fx.rows("SELECT cid, name FROM " + table + " ORDER BY cid"))
        .containsExactly("5|long text");
  }

  /** With soft deletes the old row stays in the table, flagged: nothing is kept beside it. */
  @Test
  void softDeletesKeepAPrimaryKeyChangesOldRowInTheTable() throws Exception {
    try (RedshiftSink sink = RedshiftSink.open(cdc("soft"))) {
      sink.write(List.of(event(0, 0, true, "c", "null", image(5, "long text"), 100, 5)));
      sink.write(List.of(deleteOfMovedKey(0, 1, 5, 60, 200), record(0, 2, 5, null)));
      assertThat(movedRows()).isEmpty();
      sink.write(List.of(createOfMovedKey(1, 0, 60, 5, 200)));
    }
    assertThat(fx.rows("SELECT cid, name, pico_deleted FROM " + table + " ORDER BY cid"))
        .containsExactly("5|long text|t", "60|long text|f");
  }

  @Test
  void aValueThatIsNotAChangeEventIsABadRecord() {
    try (RedshiftSink sink = RedshiftSink.open(cdc("hard"))) {
      assertThatThrownBy(() -> sink.write(List.of(record(0, 0, 1, "{\"cid\":1}"))))
          .isInstanceOf(BadRecordException.class)
          .hasMessageContaining("db.public.customers:0:0")
          .hasMessageContaining("op ''");
    }
  }
}
