package dev.redsink.core.typed;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redsink.core.record.Record;
import dev.redsink.core.record.TopicPartition;
import dev.redsink.core.table.ColumnGroup;
import dev.redsink.core.table.RowLayout;
import dev.redsink.core.table.WriteSettings;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class JudgedRowsTest {

  private static final FieldNames NAMES =
      FieldNames.of(RowLayout.typed(Set.of(ColumnGroup.values()), "pico_"), WriteSettings.APPEND);

  private static Record record(long offset, String value) {
    return new Record("t", 0, offset, 0, null, List.of(), value.getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void theLoadTakesTheRowTheCheckReadForThatVeryRecordOnce() {
    JudgedRows judged = new JudgedRows(1 << 20);
    Record r = record(0, "{\"a\":1}");
    TypedRow row = ValueReader.read(r, NAMES);
    judged.keep(r, NAMES, row);

    assertThat(judged.take(record(0, "{\"a\":1}"), NAMES)).as("an equal record").isNull();
    assertThat(new ParsedRows(NAMES, judged, 1).read(r)).isSameAs(row);
    assertThat(judged.take(r, NAMES)).as("taken already").isNull();
    assertThat(judged.size()).isZero();
  }

  @Test
  void aRowReadWithOtherNamesIsReadAgain() {
    JudgedRows judged = new JudgedRows(1 << 20);
    Record r = record(0, "{\"a\":1}");
    TypedRow row = ValueReader.read(r, FieldNames.COLUMNS);
    judged.keep(r, FieldNames.COLUMNS, row);

    TypedRow read = new ParsedRows(NAMES, judged, 1).read(r);

    assertThat(read).isNotSameAs(row);
    assertThat(read.fields()).extracting(FieldValue::name).containsExactly("a");
    assertThat(judged.size()).isZero();
  }

  @Test
  void tablesShareTheProcesssBudgetAndGiveItBackWhenTheyForgetOrAreDropped() throws Exception {
    Record first = record(0, "{\"a\":1}");
    Record second = new Record("u", 0, 0, 0, null, List.of(), first.value());
    RowBudget budget = new RowBudget(first.bytes());
    JudgedRows one = new JudgedRows(1 << 20, budget);
    JudgedRows other = new JudgedRows(1 << 20, budget);

    one.keep(first, NAMES, ValueReader.read(first, NAMES));
    other.keep(second, NAMES, ValueReader.read(second, NAMES));
    assertThat(one.size()).isEqualTo(1);
    assertThat(other.size()).as("the budget is spent").isZero();

    assertThat(one.take(first, NAMES)).isNotNull();
    assertThat(budget.left()).as("a taken row gives its bytes back").isEqualTo(first.bytes());
    other.keep(second, NAMES, ValueReader.read(second, NAMES));
    assertThat(other.size()).isEqualTo(1);
    other.forget(new TopicPartition("u", 0));
    assertThat(budget.left()).isEqualTo(first.bytes());

    keepOneAndDrop(budget, first);
    long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(30);
    while (budget.left() != first.bytes() && System.nanoTime() < deadline) {
      System.gc();
      Thread.sleep(20);
    }
    assertThat(budget.left())
        .as("a dropped table's rows go back to the budget")
        .isEqualTo(first.bytes());
  }

  /** A table that keeps a row and is dropped without forgetting it. */
  private static void keepOneAndDrop(RowBudget budget, Record r) {
    JudgedRows dropped = new JudgedRows(1 << 20, budget);
    dropped.keep(r, NAMES, ValueReader.read(r, NAMES));
    assertThat(budget.left()).isZero();
  }

  @Test
  void keepsRowsOfRecordsUpToItsBytes() {
    Record first = record(0, "{\"a\":1}");
    Record second = record(1, "{\"a\":2}");
    JudgedRows judged = new JudgedRows(first.bytes() + second.bytes() - 1);
    judged.keep(first, NAMES, ValueReader.read(first, NAMES));
    judged.keep(second, NAMES, ValueReader.read(second, NAMES));

    assertThat(judged.size()).isEqualTo(1);
    assertThat(judged.take(first, NAMES)).isNotNull();
    assertThat(judged.take(second, NAMES)).isNull();
    judged.keep(second, NAMES, ValueReader.read(second, NAMES));
    assertThat(judged.size()).as("room again once taken").isEqualTo(1);
  }

  @Test
  void anEnvelopeSchemaEveryRecordSharesIsNotCountedInWhatARecordsRowWeighs() {
    String schema =
        "{\"type\":\"struct\",\"fields\":[{\"type\":\"int64\",\"field\":\"a\"},"
            + "{\"type\":\"string\",\"optional\":true,\"field\":\"padding_to_weigh_more\"}]}";
    Record first = ValueReader.held(record(0, "{\"schema\":" + schema + ",\"payload\":{\"a\":1}}"));
    Record second =
        ValueReader.held(record(1, "{\"schema\":" + schema + ",\"payload\":{\"a\":2}}"));
    int schemaBytes = schema.getBytes(StandardCharsets.UTF_8).length;
    JudgedRows judged =
        new JudgedRows(first.wholeValue().length + second.wholeValue().length - 2L * schemaBytes);
    judged.keep(first, NAMES, ValueReader.read(first, NAMES));
    judged.keep(second, NAMES, ValueReader.read(second, NAMES));

    assertThat(judged.size())
        .as("two payloads fit, where two whole records would not")
        .isEqualTo(2);
    assertThat(judged.take(first, NAMES)).isNotNull();
    assertThat(judged.take(second, NAMES)).isNotNull();
  }

  @Test
  void aLoadReadingARecordForgetsTheRowsOfItsPartitionsEarlierRecordsOnly() {
    JudgedRows judged = new JudgedRows(1 << 20);
    Record skipped = record(0, "{\"a\":1}");
    Record loaded = record(1, "{\"a\":2}");
    Record later = record(2, "{\"a\":3}");
    Record other = new Record("u", 0, 0, 0, null, List.of(), "{}".getBytes(StandardCharsets.UTF_8));
    for (Record r : List.of(skipped, other, loaded, later)) {
      judged.keep(r, NAMES, ValueReader.read(r, NAMES));
    }

    assertThat(judged.take(loaded, NAMES)).isNotNull();

    assertThat(judged.take(skipped, NAMES)).as("passed by a later record").isNull();
    assertThat(judged.size()).as("another partition's and the later record's").isEqualTo(2);
    assertThat(judged.take(other, NAMES)).isNotNull();
    assertThat(judged.take(later, NAMES)).isNotNull();
  }

  @Test
  void aRecordTakenAgainAfterARewindIsReadAgainNotGivenTheEarlierRow() {
    JudgedRows judged = new JudgedRows(1 << 20);
    Record first = record(0, "{\"a\":1}");
    Record again = record(0, "{\"a\":1}");
    judged.keep(first, NAMES, ValueReader.read(first, NAMES));
    TypedRow row = ValueReader.read(again, NAMES);
    judged.keep(again, NAMES, row);

    assertThat(judged.take(again, NAMES)).as("behind the earlier take's row").isNull();
    assertThat(new ParsedRows(NAMES, judged, 1).read(again)).isEqualTo(row).isNotSameAs(row);
  }

  @Test
  void forgetsARowNoLoadTookWithinAFewLoads() {
    JudgedRows judged = new JudgedRows(1 << 20);
    Record r = record(0, "{\"a\":1}");
    judged.keep(r, NAMES, ValueReader.read(r, NAMES));

    for (int i = 0; i < JudgedRows.LOADS_KEPT; i++) {
      judged.loadStarted();
    }
    assertThat(judged.size()).isEqualTo(1);
    judged.loadStarted();
    assertThat(judged.size()).isZero();
  }

  @Test
  void forgetsThePartitionsItsRuntimeNoLongerOwns() {
    Record r = record(0, "{\"a\":1}");
    Record other = new Record("t", 1, 0, 0, null, List.of(), "{}".getBytes(StandardCharsets.UTF_8));
    JudgedRows judged = new JudgedRows(r.bytes() + other.bytes());
    judged.keep(r, NAMES, ValueReader.read(r, NAMES));
    judged.keep(other, NAMES, ValueReader.read(other, NAMES));

    judged.forget(new TopicPartition("t", 0));

    assertThat(judged.size()).isEqualTo(1);
    assertThat(judged.take(r, NAMES)).isNull();
    judged.keep(r, NAMES, ValueReader.read(r, NAMES));
    assertThat(judged.size()).as("its bytes are free again").isEqualTo(2);
    assertThat(judged.take(other, NAMES)).isNotNull();
  }

  @Test
  void theLoadLearnsWhatFoundTheRowToFitWhenTheCheckTookIt() {
    Record settled = record(0, "{\"a\":1}");
    Record unsettled = record(1, "{\"a\":2}");
    Object checks = new Object();
    JudgedRows judged = new JudgedRows(1 << 20);
    judged.keep(settled, NAMES, ValueReader.read(settled, NAMES), checks);
    judged.keep(unsettled, NAMES, ValueReader.read(unsettled, NAMES), null);
    Record unkept = record(2, "{\"a\":3}");

    ParsedRows rows = new ParsedRows(NAMES, judged, 3);
    assertThat(rows.read(settled).fields()).hasSize(1);
    assertThat(rows.settledBy(settled)).isSameAs(checks);
    assertThat(rows.read(unsettled).fields()).hasSize(1);
    assertThat(rows.settledBy(unsettled)).isNull();
    assertThat(rows.read(unkept).fields()).hasSize(1);
    assertThat(rows.settledBy(unkept)).as("read by the load, not kept").isNull();
  }
}
