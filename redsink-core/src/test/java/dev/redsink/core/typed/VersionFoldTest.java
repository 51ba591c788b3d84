package dev.redsink.core.typed;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redsink.core.error.BadRecordException;
import dev.redsink.core.record.Record;
import dev.redsink.core.table.CdcDeleteMode;
import dev.redsink.core.table.ColumnGroup;
import dev.redsink.core.table.HistoryColumns;
import dev.redsink.core.table.RowLayout;
import dev.redsink.core.table.WriteMode;
import dev.redsink.core.table.WriteSettings;
import dev.redsink.core.table.WriteSettings.TombstoneHandling;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** write_mode = history: a load's changes become versions, each closed by its key's next change. */
class VersionFoldTest {
  private static final FieldNames NAMES =
      FieldNames.of(RowLayout.typed(Set.of(ColumnGroup.METADATA), "p_"), WriteSettings.APPEND);

  private static WriteSettings history(String timeField) {
    return new WriteSettings(
        WriteMode.HISTORY,
        List.of("k"),
        TombstoneHandling.IGNORE,
        CdcDeleteMode.HARD,
        "p_deleted",
        WriteSettings.DEBEZIUM_UNAVAILABLE_VALUE,
        timeField);
  }

  private static Record record(long offset, long timestamp, String value) {
    return new Record(
        "t", 0, offset, timestamp, null, List.of(), value == null ? null : value.getBytes(UTF_8));
  }

  private static String event(String op, String image, long lsn, long tsMs) {
    String images =
        op.equals("d")
            ? "\"before\":" + image + ",\"after\":null"
            : "\"before\":null,\"after\":" + image;
    return "{"
        + images
        + ",\"source\":{\"lsn\":"
        + lsn
        + ",\"ts_ms\":"
        + tsMs
        + "},\"op\":\""
        + op
        + "\"}";
  }

  private static Map<String, FieldValue> row(Record staged) {
    return ValueReader.read(staged, FieldNames.COLUMNS).byColumnName();
  }

  /** k|v|op|active|created|deleted of a staged row, times in milliseconds. */
  private static String describe(Record staged) {
    Map<String, FieldValue> r = row(staged);
    Object deleted = r.get(HistoryColumns.DELETE_TIME).value();
    return r.get("k").value()
        + "|"
        + (r.containsKey("v") ? r.get("v").value() : null)
        + "|"
        + r.get(KeyFold.OP_COLUMN).value()
        + "|"
        + r.get(HistoryColumns.IS_ACTIVE).value()
        + "|"
        + ((Long) r.get(HistoryColumns.CREATE_TIME).value()) / 1000
        + "|"
        + (deleted == null ? "-" : (Long) deleted / 1000);
  }

  @Test
  void changesInSourceOrderBecomeVersionsClosedByTheirKeysNextChange() {
    List<Record> records =
        List.of(
            record(0, 5, event("c", "{\"k\":1,\"v\":\"a\"}", 10, 1000)),
            record(1, 5, event("u", "{\"k\":1,\"v\":\"c\"}", 30, 3000)),
            record(2, 5, event("u", "{\"k\":1,\"v\":\"b\"}", 20, 2000)),
            record(3, 5, event("d", "{\"k\":2,\"v\":\"x\"}", 25, 2500)),
            record(4, 5, event("c", "{\"k\":3,\"v\":\"y\"}", 40, 4000)),
            record(5, 5, event("d", "{\"k\":3,\"v\":\"y\"}", 50, 5000)),
            record(6, 5, null));
    KeyFold fold = new KeyFold(records, history(null), NAMES);
    KeyFold.Folded folded = fold.fold(fold.normalized());
    assertThat(folded.staged().stream().map(VersionFoldTest::describe))
        .containsExactly(
            "1|a|u|false|1000|2000",
            "1|b|u|false|2000|3000",
            "2|x|d|false|2500|-",
            "1|c|u|true|3000|-",
            "3|y|u|false|4000|5000");
    assertThat(folded.changes()).as("every change but the tombstone").isEqualTo(6);
    assertThat(folded.operations())
        .containsExactlyInAnyOrder(KeyFold.Operation.REPLACE, KeyFold.Operation.DELETE);
  }

  /**
   * Debezium sends changes again after a restart, at the same source position: a copy in the load
   * of its original adds no version; a change at the same time with other values (a second change
   * in one source transaction) does.
   */
  @Test
  void aCopyOfAChangeInTheSameLoadIsNoVersion() {
    List<Record> records =
        List.of(
            record(0, 5, event("c", "{\"k\":1,\"v\":\"a\"}", 10, 1000)),
            record(1, 5, event("u", "{\"k\":1,\"v\":\"b\"}", 20, 2000)),
            record(2, 5, event("u", "{\"k\":1,\"v\":\"b2\"}", 21, 2000)),
            record(3, 5, event("c", "{\"k\":1,\"v\":\"a\"}", 10, 1000)),
            record(4, 5, event("u", "{\"k\":1,\"v\":\"b\"}", 20, 2000)),
            record(5, 5, event("u", "{\"k\":1,\"v\":\"b2\"}", 21, 2000)));
    KeyFold fold = new KeyFold(records, history(null), NAMES);
    KeyFold.Folded folded = fold.fold(fold.normalized());
    assertThat(folded.staged().stream().map(VersionFoldTest::describe))
        .containsExactly("1|a|u|false|1000|2000", "1|b|u|false|2000|2000", "1|b2|u|true|2000|-");
    assertThat(folded.changes()).isEqualTo(3);
  }

  /**
   * verify reads a history log as the loads apply it: a change older than its key's latest, or a
   * copy of its key's newest version, makes no row.
   */
  @Test
  void verifyCountsNoRowForAChangeSentAgain() {
    ChangeEffects effects =
        new ChangeEffects(
            RowLayout.typed(Set.of(ColumnGroup.METADATA), "p_"), history(null), false);
    List<String> read =
        java.util.stream.Stream.of(
                event("c", "{\"k\":1,\"v\":\"a\"}", 10, 1000),
                event("u", "{\"k\":1,\"v\":\"b\"}", 20, 2000),
                event("u", "{\"k\":1,\"v\":\"a\"}", 10, 1000),
                event("u", "{\"k\":1,\"v\":\"b\"}", 20, 2000),
                event("u", "{\"k\":1,\"v\":\"b2\"}", 21, 2000),
                event("d", "{\"k\":1,\"v\":\"b2\"}", 30, 3000),
                event("u", "{\"k\":1,\"v\":\"b2\"}", 21, 2000))
            .map(e -> effects.read(record(0, 5, e)).effect().name())
            .toList();
    assertThat(read).containsExactly("ROW", "ROW", "NONE", "NONE", "ROW", "NONE", "NONE");
  }

  @Test
  void unsentValuesComeFromTheKeysPreviousVersionOrAreKeptFromTheTable() {
    String unsent = WriteSettings.DEBEZIUM_UNAVAILABLE_VALUE;
    List<Record> records =
        List.of(
            record(0, 5, event("u", "{\"k\":1,\"v\":\"" + unsent + "\"}", 10, 1000)),
            record(1, 5, event("u", "{\"k\":2,\"v\":\"b\"}", 20, 2000)),
            record(2, 5, event("u", "{\"k\":2,\"v\":\"" + unsent + "\"}", 30, 3000)));
    KeyFold fold = new KeyFold(records, history(null), NAMES);
    KeyFold.Folded folded = fold.fold(fold.normalized());
    assertThat(row(folded.staged().get(0)).get(KeyFold.KEEP_COLUMN).value()).isEqualTo("\"v\"");
    assertThat(folded.keptColumns()).containsExactly("v");
    Map<String, FieldValue> filled = row(folded.staged().get(2));
    assertThat(filled.get("v").value()).isEqualTo("b");
    assertThat(filled).doesNotContainKey(KeyFold.KEEP_COLUMN);
  }

  @Test
  void keyedRecordsVersionAtTheirTimestampOrTheConfiguredField() {
    List<Record> records =
        List.of(record(0, 7000, "{\"k\":1,\"v\":\"a\"}"), record(1, 9000, "{\"k\":1,\"v\":\"b\"}"));
    KeyFold fold = new KeyFold(records, history(null), NAMES);
    assertThat(fold.fold(fold.normalized()).staged().stream().map(VersionFoldTest::describe))
        .containsExactly("1|a|u|false|7000|9000", "1|b|u|true|9000|-");

    List<Record> timed =
        List.of(
            record(0, 7000, "{\"k\":1,\"v\":\"a\",\"at\":\"2023-11-14T22:13:20.5Z\"}"),
            record(1, 9000, "{\"k\":1,\"v\":\"b\",\"at\":1700000001000}"));
    KeyFold byField = new KeyFold(timed, history("at"), NAMES);
    assertThat(byField.fold(byField.normalized()).staged().stream().map(VersionFoldTest::describe))
        .containsExactly("1|a|u|false|1700000000500|1700000001000", "1|b|u|true|1700000001000|-");

    assertThatThrownBy(
            () -> new KeyFold(List.of(record(0, 1, "{\"k\":1,\"v\":\"a\"}")), history("at"), NAMES))
        .isInstanceOf(BadRecordException.class)
        .hasMessageContaining("history_time_field 'at' is absent or null");
  }

  @Test
  void aTruncateClosesTheLoadsOpenVersionsAndIsStagedWithItsTime() {
    List<Record> records =
        List.of(
            record(0, 5, event("c", "{\"k\":1,\"v\":\"a\"}", 10, 1000)),
            record(
                1,
                5,
                "{\"before\":null,\"after\":null,\"source\":{\"lsn\":20,\"ts_ms\":2000},"
                    + "\"op\":\"t\"}"),
            record(2, 5, event("c", "{\"k\":2,\"v\":\"b\"}", 30, 3000)));
    KeyFold fold = new KeyFold(records, history(null), NAMES);
    KeyFold.Folded folded = fold.fold(fold.normalized());
    assertThat(folded.staged().stream().map(VersionFoldTest::describe))
        .containsExactly("1|a|u|false|1000|2000", "2|b|u|true|3000|-");
    assertThat(folded.truncate()).isTrue();
    assertThat(folded.truncatedAt()).isEqualTo(2_000_000L);
  }

  /**
   * Debezium's heartbeats (with a schema or schemaless), which a topic pattern matching the change
   * topics also matches, are skipped as cdc skips them; a keyed record of the user's with a field
   * named ddl is still a version.
   */
  @Test
  void debeziumHeartbeatsAreSkippedNotVersioned() {
    String heartbeat =
        "{\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"int64\",\"field\":\"ts_ms\"}],"
            + "\"name\":\"io.debezium.connector.common.Heartbeat\"},\"payload\":{\"ts_ms\":1500}}";
    List<Record> records =
        List.of(
            record(0, 5, event("c", "{\"k\":1,\"v\":\"a\"}", 10, 1000)),
            record(1, 5, heartbeat),
            record(2, 5, "{\"ts_ms\":1600}"),
            record(3, 7000, "{\"k\":2,\"v\":\"b\",\"ddl\":\"CREATE TABLE t (k int)\"}"));
    KeyFold fold = new KeyFold(records, history(null), NAMES);
    assertThat(fold.normalized().get(1).value()).isNull();
    assertThat(fold.normalized().get(2).value()).isNull();
    KeyFold.Folded folded = fold.fold(fold.normalized());
    assertThat(folded.staged().stream().map(VersionFoldTest::describe))
        .containsExactlyInAnyOrder("1|a|u|true|1000|-", "2|b|u|true|7000|-");
    assertThat(folded.changes()).as("the change and the keyed record").isEqualTo(2);
  }
}
