package dev.redsink.core.load;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redsink.core.record.Record;
import dev.redsink.core.record.TopicPartition;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What a load plans from its records and the ledger: what to stage and where the ledger goes. */
class TablePlanTest {
  private static final TopicPartition A0 = new TopicPartition("a", 0);
  private static final TopicPartition A1 = new TopicPartition("a", 1);
  private static final TopicPartition B0 = new TopicPartition("b", 0);

  private static Record record(TopicPartition tp, long offset) {
    return new Record(tp.topic(), tp.partition(), offset, 0, null, List.of(), new byte[] {1});
  }

  private static List<String> ids(TablePlan plan) {
    return plan.pending().stream().map(Record::id).toList();
  }

  @Test
  void skipsWhatTheLedgerCoversAndPlansEachPartitionFromItsFirstPendingRecord() {
    TablePlan plan =
        TablePlan.of(
            null,
            List.of(
                record(A0, 3),
                record(A0, 4),
                record(A0, 5),
                record(A1, 0),
                record(B0, 7),
                record(A1, 1)),
            Map.of(A0, 5L, B0, 8L));

    assertThat(ids(plan)).containsExactly("a:0:5", "a:1:0", "a:1:1");
    assertThat(plan.skipped()).isEqualTo(3);
    assertThat(plan.first()).containsExactlyInAnyOrderEntriesOf(Map.of(A0, 5L, A1, 0L));
    assertThat(plan.next()).containsExactlyInAnyOrderEntriesOf(Map.of(A0, 6L, A1, 2L));
  }

  @Test
  void aRecordTakenTwicePlansOnceWhereverItComesAgain() {
    // A runtime's redelivery: the partition's offsets go back and run again, interleaved with
    // another partition's.
    TablePlan plan =
        TablePlan.of(
            null,
            List.of(
                record(A0, 10),
                record(A0, 11),
                record(A1, 4),
                record(A0, 12),
                record(A0, 11),
                record(A1, 4),
                record(A0, 9),
                record(A0, 12),
                record(A0, 13)),
            Map.of());

    assertThat(ids(plan)).containsExactly("a:0:10", "a:0:11", "a:1:4", "a:0:12", "a:0:9", "a:0:13");
    assertThat(plan.skipped()).isEqualTo(3);
    assertThat(plan.first()).containsExactlyInAnyOrderEntriesOf(Map.of(A0, 9L, A1, 4L));
    assertThat(plan.next()).containsExactlyInAnyOrderEntriesOf(Map.of(A0, 14L, A1, 5L));
  }

  @Test
  void settledOffsetsMoveTheLedgerOnlyForward() {
    TablePlan plan =
        TablePlan.of(null, List.of(record(A0, 2)), Map.of(A0, 2L, B0, 9L), Map.of(B0, 12L, A1, 3L));
    assertThat(plan.next()).containsExactlyInAnyOrderEntriesOf(Map.of(A0, 3L, B0, 12L, A1, 3L));
    assertThat(TablePlan.of(null, List.of(), Map.of(B0, 9L), Map.of(B0, 5L)).next())
        .as("a settled offset behind the ledger moves nothing")
        .isEmpty();
  }
}
