package dev.redsink.core.typed;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redsink.core.error.BadRecordException;
import dev.redsink.core.record.Header;
import dev.redsink.core.record.Record;
import dev.redsink.core.table.CdcDeleteMode;
import dev.redsink.core.table.ColumnGroup;
import dev.redsink.core.table.RowLayout;
import dev.redsink.core.table.StagingColumns;
import dev.redsink.core.table.WriteMode;
import dev.redsink.core.table.WriteSettings;
import dev.redsink.core.table.WriteSettings.TombstoneHandling;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Folding a load's changes to the last one per key, staged with their operation. */
class KeyFoldTest {
  private static final FieldNames NAMES =
      FieldNames.of(RowLayout.typed(Set.of(ColumnGroup.METADATA), "p_"), WriteSettings.APPEND);

  private static final WriteSettings UPSERT =
      new WriteSettings(
          WriteMode.UPSERT,
          List.of("k"),
          TombstoneHandling.IGNORE,
          CdcDeleteMode.HARD,
          "p_deleted",
          WriteSettings.DEBEZIUM_UNAVAILABLE_VALUE);
  private static final WriteSettings CDC =
      new WriteSettings(
          WriteMode.CDC,
          List.of("k"),
          TombstoneHandling.IGNORE,
          CdcDeleteMode.HARD,
          "p_deleted",
          WriteSettings.DEBEZIUM_UNAVAILABLE_VALUE);

  private static Record record(int partition, long offset, String value) {
    return new Record(
        "t", partition, offset, 0, null, List.of(), value == null ? null : value.getBytes(UTF_8));
  }

  private static Map<String, FieldValue> row(Record staged) {
    return ValueReader.read(staged, FieldNames.COLUMNS).byColumnName();
  }

  @Test
  void upsertKeepsTheLastRecordPerKeyAndStagesItsOperation() {
    List<Record> records =
        List.of(
            record(0, 0, "{\"k\":1,\"v\":\"a\"}"),
            record(0, 1, "{\"k\":2,\"v\":\"b\"}"),
            record(0, 2, "{\"k\":1,\"v\":\"c\"}"),
            record(0, 3, null));
    KeyFold fold = new KeyFold(records, UPSERT, NAMES);
    KeyFold.Folded folded = fold.fold(fold.normalized());
    assertThat(folded.staged()).hasSize(2);
    assertThat(folded.keyColumns()).containsExactly("k");
    assertThat(folded.operations()).containsExactly(KeyFold.Operation.REPLACE);
    Map<String, FieldValue> one = row(folded.staged().get(1));
    assertThat(one.get("v").value()).isEqualTo("c");
    assertThat(one.get(KeyFold.OP_COLUMN).value()).isEqualTo("u");
    assertThat(folded.staged().get(1).offset()).isEqualTo(2);
  }

  @Test
  void cdcOrdersBySourcePositionBeforeOffset() {
    String stale =
        "{\"op\":\"u\",\"after\":{\"k\":1,\"v\":\"stale\"},"
            + "\"source\":{\"file\":\"binlog.000002\",\"pos\":10}}";
    String fresh =
        "{\"op\":\"u\",\"after\":{\"k\":1,\"v\":\"fresh\"},"
            + "\"source\":{\"file\":\"binlog.000002\",\"pos\":20}}";
    String older =
        "{\"op\":\"c\",\"after\":{\"k\":1,\"v\":\"older\"},"
            + "\"source\":{\"file\":\"binlog.000001\",\"pos\":99}}";
    KeyFold fold =
        new KeyFold(
            List.of(record(0, 0, fresh), record(1, 0, stale), record(1, 1, older)), CDC, NAMES);
    KeyFold.Folded folded = fold.fold(fold.normalized());
    assertThat(folded.staged()).hasSize(1);
    assertThat(row(folded.staged().get(0)).get("v").value()).isEqualTo("fresh");
  }

  @Test
  void aMissingPrimaryKeyFieldIsABadRecordNamingIt() {
    assertThatThrownBy(() -> new KeyFold(List.of(record(0, 7, "{\"v\":1}")), UPSERT, NAMES))
        .isInstanceOf(BadRecordException.class)
        .hasMessageContaining("t:0:7")
        .hasMessageContaining("primary key field 'k'")
        .hasMessageContaining("absent");
  }

  @Test
  void anUnavailableValueIsTakenFromTheKeysEarlierChangeOrKeptFromTheTable() {
    String placeholder = WriteSettings.DEBEZIUM_UNAVAILABLE_VALUE;
    List<Record> records =
        List.of(
            record(0, 0, "{\"k\":1,\"v\":\"first\",\"w\":1}"),
            record(0, 1, "{\"k\":1,\"v\":\"" + placeholder + "\",\"w\":2}"),
            record(0, 2, "{\"k\":2,\"v\":[\"" + placeholder + "\"],\"w\":3}"));
    KeyFold fold = new KeyFold(records, UPSERT, NAMES);
    KeyFold.Folded folded = fold.fold(fold.normalized());

    Map<String, FieldValue> one = row(folded.staged().get(0));
    assertThat(one.get("v").value()).as("from the key's earlier change").isEqualTo("first");
    assertThat(one.get("w").value()).isEqualTo(2L);
    assertThat(one).doesNotContainKey(KeyFold.KEEP_COLUMN);

    Map<String, FieldValue> two = row(folded.staged().get(1));
    assertThat(two.get("v").value()).as("never the placeholder").isNull();
    assertThat(two.get(KeyFold.KEEP_COLUMN).value()).isEqualTo("\"v\"");
    assertThat(folded.keptColumns()).containsExactly("v");
  }

  @Test
  void aTombstonesRecordKeyReadsWithTheKeysSchemaWhenTheRecordHoldsIt() {
    WriteSettings byRecordKey =
        new WriteSettings(
            WriteMode.UPSERT,
            List.of(WriteSettings.RECORD_KEY),
            TombstoneHandling.DELETE,
            CdcDeleteMode.HARD,
            "p_deleted",
            WriteSettings.DEBEZIUM_UNAVAILABLE_VALUE);
    byte[] schema =
        ("{\"type\":\"struct\",\"fields\":[{\"type\":\"int32\",\"optional\":false,"
                + "\"field\":\"k\"},{\"type\":\"bytes\",\"optional\":false,"
                + "\"name\":\"org.apache.kafka.connect.data.Decimal\",\"version\":1,"
                + "\"parameters\":{\"scale\":\"2\"},\"field\":\"d\"}],\"optional\":false}")
            .getBytes(UTF_8);
    byte[] key = "{\"k\":7,\"d\":1.50}".getBytes(UTF_8);
    Record tombstone = new Record("t", 0, 3, 0, key, List.of(), null, null, schema);
    Record schemaless = new Record("t", 0, 3, 0, key, List.of(), null);

    ChangeReader reader = new ChangeReader(byRecordKey, NAMES);
    Map<String, FieldValue> typed = reader.read(tombstone, 0).row().byColumnName();
    assertThat(typed.get("k").type().kind()).isEqualTo(FieldKind.INT32);
    assertThat(typed.get("d").value()).isEqualTo(new java.math.BigDecimal("1.50"));
    assertThat(reader.read(schemaless, 0).row().byColumnName().get("k").type().kind())
        .as("without the schema, what its JSON suggests")
        .isEqualTo(FieldKind.INT64);
  }

  /** Debezium's delete of the old key of a primary-key change, the new key in its header. */
  private static Record oldKeyOfAKeyChange(long offset, int key, String newKey) {
    String value =
        "{\"op\":\"d\",\"before\":{\"k\":" + key + "},\"source\":{\"lsn\":" + offset + "}}";
    return new Record(
        "t",
        0,
        offset,
        0,
        null,
        List.of(new Header("__debezium.newkey", newKey.getBytes(UTF_8))),
        value.getBytes(UTF_8));
  }

  @Test
  void aPrimaryKeyChangeWhoseNewKeyIsNotInTheLoadStagesTheRowItMoves() {
    List<Record> records =
        List.of(
            record(
                0,
                0,
                "{\"op\":\"u\",\"after\":{\"k\":5,\"v\":\"mine\",\"w\":1},\"source\":{\"lsn\":0}}"),
            oldKeyOfAKeyChange(1, 5, "{\"k\":60}"),
            oldKeyOfAKeyChange(2, 7, "{\"k\":70}"));
    KeyFold fold = new KeyFold(records, CDC, NAMES);
    KeyFold.Folded folded = fold.fold(fold.normalized());

    assertThat(folded.staged()).hasSize(3);
    assertThat(folded.nextKeyColumns()).isEqualTo(1);
    assertThat(folded.operations())
        .containsExactlyInAnyOrder(KeyFold.Operation.DELETE, KeyFold.Operation.MOVE);
    Map<String, FieldValue> five = row(folded.staged().get(0));
    assertThat(five.get(KeyFold.OP_COLUMN).value()).isEqualTo("d");
    assertThat(five.get(StagingColumns.nextKey(0)))
        .as("this load wrote key 5's row: that row moves, not the table's")
        .isNull();
    Map<String, FieldValue> seven = row(folded.staged().get(1));
    assertThat(seven.get(KeyFold.OP_COLUMN).value()).isEqualTo("d");
    assertThat(seven.get(StagingColumns.nextKey(0)).value())
        .as("the table's row of key 7 moves")
        .isEqualTo("70");
    Map<String, FieldValue> moved = row(folded.staged().get(2));
    assertThat(moved.get(KeyFold.OP_COLUMN).value()).isEqualTo("m");
    assertThat(moved.get("k").value()).isEqualTo(5L);
    assertThat(moved.get("v").value()).isEqualTo("mine");
    assertThat(moved.get(StagingColumns.nextKey(0)).value()).isEqualTo("60");
  }

  @Test
  void theSameKeyChangeTwiceInALoadKeepsOnlyItsLastRow() {
    List<Record> records =
        List.of(
            record(
                0,
                0,
                "{\"op\":\"c\",\"after\":{\"k\":5,\"v\":\"first\",\"w\":1},\"source\":{\"lsn\":0}}"),
            oldKeyOfAKeyChange(1, 5, "{\"k\":60}"),
            record(
                0,
                2,
                "{\"op\":\"c\",\"after\":{\"k\":5,\"v\":\"second\",\"w\":2},\"source\":{\"lsn\":2}}"),
            oldKeyOfAKeyChange(3, 5, "{\"k\":60}"));
    KeyFold fold = new KeyFold(records, CDC, NAMES);
    KeyFold.Folded folded = fold.fold(fold.normalized());

    List<Map<String, FieldValue>> moved =
        folded.staged().stream()
            .map(KeyFoldTest::row)
            .filter(r -> "m".equals(r.get(KeyFold.OP_COLUMN).value()))
            .toList();
    assertThat(moved).as("one kept row for key 5 moved to 60").hasSize(1);
    assertThat(moved.get(0).get("v").value()).isEqualTo("second");
    assertThat(moved.get(0).get(StagingColumns.nextKey(0)).value()).isEqualTo("60");
  }

  @Test
  void aPrimaryKeyChangeWhollyInTheLoadMovesNothing() {
    String placeholder = WriteSettings.DEBEZIUM_UNAVAILABLE_VALUE;
    for (boolean createFirst : new boolean[] {false, true}) {
      Record delete = oldKeyOfAKeyChange(createFirst ? 1 : 0, 5, "{\"k\":60}");
      Record create =
          newKeyOfAKeyChange(
              createFirst ? 0 : 1, "{\"k\":60,\"v\":\"" + placeholder + "\",\"w\":2}", "{\"k\":5}");
      List<Record> records = createFirst ? List.of(create, delete) : List.of(delete, create);
      KeyFold fold = new KeyFold(records, CDC, NAMES);
      KeyFold.Folded folded = fold.fold(fold.normalized());

      assertThat(folded.nextKeyColumns()).as("create first: " + createFirst).isZero();
      assertThat(folded.operations()).doesNotContain(KeyFold.Operation.MOVE);
      assertThat(folded.previousKeyColumns())
          .as("the new row takes its unsent value from the table's old row")
          .isEqualTo(1);
    }
  }

  /** Debezium's change event of the new key of a primary-key change, as its header says. */
  private static Record newKeyOfAKeyChange(long offset, String after, String oldKey) {
    String value = "{\"op\":\"c\",\"after\":" + after + ",\"source\":{\"lsn\":" + offset + "}}";
    return new Record(
        "t",
        0,
        offset,
        0,
        null,
        List.of(new Header("__debezium.oldkey", oldKey.getBytes(UTF_8))),
        value.getBytes(UTF_8));
  }

  @Test
  void aPrimaryKeyChangeTakesUnsentValuesFromTheOldKeysRowInTheLoad() {
    String placeholder = WriteSettings.DEBEZIUM_UNAVAILABLE_VALUE;
    List<Record> records =
        List.of(
            record(
                0,
                0,
                "{\"op\":\"c\",\"after\":{\"k\":5,\"v\":\"big\",\"w\":1},\"source\":{\"lsn\":1}}"),
            oldKeyOfAKeyChange(1, 5, "{\"k\":60}"),
            newKeyOfAKeyChange(2, "{\"k\":60,\"v\":\"" + placeholder + "\",\"w\":2}", "{\"k\":5}"));
    KeyFold fold = new KeyFold(records, CDC, NAMES);
    KeyFold.Folded folded = fold.fold(fold.normalized());

    assertThat(folded.staged()).hasSize(2);
    Map<String, FieldValue> moved = row(folded.staged().get(1));
    assertThat(moved.get("k").value()).isEqualTo(60L);
    assertThat(moved.get("v").value()).as("from the old key's row").isEqualTo("big");
    assertThat(moved).doesNotContainKey(KeyFold.KEEP_COLUMN);
    assertThat(folded.keptColumns()).isEmpty();
    assertThat(folded.previousKeyColumns()).isZero();
    assertThat(row(folded.staged().get(0)).get(KeyFold.OP_COLUMN).value())
        .as("the old key")
        .isEqualTo("d");
  }

  @Test
  void aPrimaryKeyChangeWhoseOldRowIsInTheTableStagesTheOldKey() {
    String placeholder = WriteSettings.DEBEZIUM_UNAVAILABLE_VALUE;
    KeyFold fold =
        new KeyFold(
            List.of(
                newKeyOfAKeyChange(
                    0, "{\"k\":60,\"v\":\"" + placeholder + "\",\"w\":2}", "{\"k\":5}"),
                newKeyOfAKeyChange(
                    1, "{\"k\":61,\"v\":\"" + placeholder + "\",\"w\":3}", "{\"k\":1.5}")),
            CDC,
            NAMES);
    KeyFold.Folded folded = fold.fold(fold.normalized());

    assertThat(folded.keptColumns()).containsExactly("v");
    assertThat(folded.previousKeyColumns()).isEqualTo(1);
    Map<String, FieldValue> moved = row(folded.staged().get(0));
    assertThat(moved.get("v").value()).isNull();
    assertThat(moved.get(KeyFold.KEEP_COLUMN).value()).isEqualTo("\"v\"");
    assertThat(moved.get(StagingColumns.previousKey(0)).value()).isEqualTo("5");
    assertThat(row(folded.staged().get(1)))
        .as("an old key that is not text or an integer: kept by its own key, as before")
        .doesNotContainKey(StagingColumns.previousKey(0));
  }

  @Test
  void aJudgeReadsOnlyForTheNamesOfTheTableAsItWasOpened() {
    KeyFold.Judge judge = new KeyFold.Judge(CDC, NAMES, new JudgedRows(1 << 20));
    assertThat(judge.reads(NAMES)).isTrue();
    FieldNames reopened =
        FieldNames.of(RowLayout.typed(Set.of(ColumnGroup.METADATA), "p_"), WriteSettings.APPEND);
    assertThat(judge.reads(reopened)).as("the table opened again: a new judge").isFalse();
  }

  @Test
  void aTruncateDropsTheChangesBeforeItAndEmptiesTheTableFirst() {
    String before = "{\"op\":\"c\",\"after\":{\"k\":1,\"v\":\"gone\"},\"source\":{\"lsn\":10}}";
    String truncate = "{\"op\":\"t\",\"before\":null,\"after\":null,\"source\":{\"lsn\":20}}";
    String after = "{\"op\":\"c\",\"after\":{\"k\":2,\"v\":\"kept\"},\"source\":{\"lsn\":30}}";
    KeyFold fold =
        new KeyFold(
            List.of(record(0, 0, before), record(0, 1, truncate), record(0, 2, after)), CDC, NAMES);
    assertThat(fold.normalized().get(1).value()).as("no fields to make columns of").isNull();
    KeyFold.Folded folded = fold.fold(fold.normalized());
    assertThat(folded.truncate()).isTrue();
    assertThat(folded.staged()).hasSize(1);
    assertThat(row(folded.staged().get(0)).get("v").value()).isEqualTo("kept");
  }

  @Test
  void debeziumHeartbeatsAreSkippedNotRefused() {
    String heartbeat =
        "{\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"int64\",\"field\":\"ts_ms\"}],"
            + "\"name\":\"io.debezium.connector.common.Heartbeat\"},\"payload\":{\"ts_ms\":1}}";
    KeyFold fold = new KeyFold(List.of(record(0, 0, heartbeat)), CDC, NAMES);
    assertThat(fold.normalized().get(0).value()).isNull();
    assertThat(fold.fold(fold.normalized()).staged()).isEmpty();
  }

  @Test
  void theRowsItKeepsAreWhatReadingTheStagedValuesGivesBack() {
    String typed =
        "{\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"struct\",\"field\":\"after\","
            + "\"fields\":[{\"type\":\"int64\",\"field\":\"k\"},"
            + "{\"type\":\"bytes\",\"name\":\"org.apache.kafka.connect.data.Decimal\","
            + "\"parameters\":{\"scale\":\"2\"},\"field\":\"price\"},"
            + "{\"type\":\"string\",\"name\":\"io.debezium.time.ZonedTimestamp\",\"field\":\"at\"},"
            + "{\"type\":\"string\",\"name\":\"io.debezium.data.Json\",\"field\":\"doc\"},"
            + "{\"type\":\"float\",\"field\":\"r\"},{\"type\":\"bytes\",\"field\":\"raw\"},"
            + "{\"type\":\"string\",\"optional\":true,\"field\":\"gone\"}]},"
            + "{\"type\":\"string\",\"field\":\"op\"}]},"
            + "\"payload\":{\"after\":{\"k\":1,\"price\":\"MDk=\",\"at\":\"2024-01-15T08:30:00.5+01:00\","
            + "\"doc\":\"{\\\"a\\\": [1, 2]}\",\"r\":1.5,\"raw\":\"AAH+\",\"gone\":null},\"op\":\"c\"}}";
    String schemaless =
        "{\"op\":\"u\",\"after\":{\"k\":2,\"n\":null,\"o\":{\"x\":[1,{\"y\":2.5}]}}}";
    List<Record> records = List.of(record(0, 0, typed), record(0, 1, schemaless));
    KeyFold fold = new KeyFold(records, CDC, NAMES);
    KeyFold.Folded folded = fold.fold(fold.normalized());
    for (Record r : folded.staged()) {
      assertThat(summary(fold.rows().of(r, FieldNames.COLUMNS).orElseThrow()))
          .as(r.toString())
          .isEqualTo(summary(ValueReader.read(r, FieldNames.COLUMNS)));
    }
    for (int i = 0; i < records.size(); i++) {
      Record n = fold.normalized().get(i);
      assertThat(n)
          .as("the record itself: its row is read from the fold's rows")
          .isSameAs(records.get(i));
      TypedRow staged = ValueReader.read(folded.staged().get(i), FieldNames.COLUMNS);
      TypedRow withoutOp =
          staged.withFields(
              staged.fields().stream().filter(f -> !f.name().equals(KeyFold.OP_COLUMN)).toList());
      assertThat(summary(fold.rows().of(n, FieldNames.COLUMNS).orElseThrow()))
          .isEqualTo(summary(withoutOp));
    }
  }

  @Test
  void aLoadTakesTheChangesTheJudgeReadInsteadOfReadingThemAgain() {
    JudgedRows judged = new JudgedRows(1 << 20);
    KeyFold.Judge judge = new KeyFold.Judge(CDC, NAMES, judged);
    List<Record> records =
        List.of(
            record(0, 0, "{\"op\":\"c\",\"after\":{\"k\":1,\"v\":\"a\"},\"source\":{\"lsn\":2}}"),
            record(0, 1, "{\"op\":\"c\",\"after\":{\"k\":2,\"v\":\"b\"},\"source\":{\"lsn\":1}}"));
    for (Record r : records) {
      judge.keep(judge.read(r));
    }
    assertThat(judged.size()).isEqualTo(2);
    KeyFold fold = new KeyFold(records, CDC, NAMES, judged);
    assertThat(judged.size()).as("taken by the load").isZero();
    KeyFold.Folded folded = fold.fold(fold.normalized());
    assertThat(folded.staged()).extracting(r -> row(r).get("v").value()).containsExactly("b", "a");
    KeyFold other = new KeyFold(records, CDC, NAMES, judged);
    assertThat(other.fold(other.normalized()).staged())
        .as("nothing kept: read again, the same")
        .extracting(r -> row(r).get("v").value())
        .containsExactly("b", "a");
  }

  @Test
  void theJudgeReadsEachRecordAsTheFoldNormalizesIt() {
    KeyFold.Judge judge = new KeyFold.Judge(CDC, NAMES, new JudgedRows(1 << 20));
    List<Record> records =
        List.of(
            record(0, 0, "{\"op\":\"c\",\"after\":{\"k\":1,\"v\":\"a\",\"Big\":2}}"),
            record(0, 1, "{\"op\":\"d\",\"before\":{\"k\":1,\"v\":null}}"),
            record(0, 2, null));
    KeyFold fold = new KeyFold(records, CDC, NAMES);
    for (int i = 0; i < records.size(); i++) {
      KeyFold.Judged judged = judge.read(records.get(i));
      Record folded = fold.normalized().get(i);
      assertThat(judged.normalized().value()).as("record %d", i).isEqualTo(folded.value());
      assertThat(
              judged.rows().of(judged.normalized(), FieldNames.COLUMNS).map(KeyFoldTest::summary))
          .as("record %d", i)
          .isEqualTo(fold.rows().of(folded, FieldNames.COLUMNS).map(KeyFoldTest::summary));
    }
    assertThatThrownBy(() -> judge.read(record(0, 3, "{\"op\":\"x\",\"after\":{\"k\":1}}")))
        .isInstanceOf(BadRecordException.class)
        .hasMessageContaining("t:0:3");
  }

  private static List<Record> concat(List<Record> a, List<Record> b) {
    List<Record> all = new java.util.ArrayList<>(a);
    all.addAll(b);
    return all;
  }

  /** Each field's name, type and value as JSON text, and whether a schema declared the types. */
  private static List<String> summary(TypedRow row) {
    List<String> out = new java.util.ArrayList<>();
    out.add("declared " + row.declared());
    for (FieldValue f : row.fields()) {
      out.add(f.name() + " " + f.type() + " " + f.json());
    }
    return out;
  }
}
