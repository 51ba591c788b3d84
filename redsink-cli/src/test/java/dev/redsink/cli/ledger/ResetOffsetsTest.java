package dev.redsink.cli.ledger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redsink.cli.ledger.ResetOffsets.LogRange;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ResetOffsetsTest {

  private static final Map<Integer, LogRange> LOGS =
      Map.of(0, new LogRange(20, 50), 1, new LogRange(0, 10), 2, new LogRange(5, 5));

  @Test
  void earliestIsEachLogsStart() {
    assertThat(ResetOffsets.earliest(LOGS)).containsExactly(entry(0, 20), entry(1, 0), entry(2, 5));
  }

  @Test
  void anOffsetWithinEveryLogIsSetForEach() {
    assertThat(ResetOffsets.at("t", 5, Map.of(1, LOGS.get(1), 2, LOGS.get(2))))
        .containsExactly(entry(1, 5), entry(2, 5));
    assertThat(ResetOffsets.at("t", 50, Map.of(0, LOGS.get(0)))).containsExactly(entry(0, 50));
  }

  @Test
  void anOffsetOutsideALogIsRefusedNamingEveryPartitionAndItsBounds() {
    assertThatThrownBy(() -> ResetOffsets.at("t", 12, LOGS))
        .hasMessage(
            "Cannot reset topic 't' to offset 12: partition 0's log starts at offset 20 (the"
                + " records before it were deleted from Kafka); partition 1's log ends at offset"
                + " 10 (the offset its next record gets); partition 2's log ends at offset 5 (the"
                + " offset its next record gets). A runtime stops on a ledger offset outside its"
                + " log; give an offset within it, or --to-earliest to resume at the first record"
                + " the log still holds");
  }

  @Test
  void partitionsAreAllOfTheTopicsOrThoseAskedForWhenItHasThem() {
    assertThat(ResetOffsets.partitions("t", List.of(0, 1, 2), List.of())).containsExactly(0, 1, 2);
    assertThat(ResetOffsets.partitions("t", List.of(0, 1, 2), List.of(2, 0, 2)))
        .containsExactly(0, 2);
    assertThatThrownBy(() -> ResetOffsets.partitions("t", List.of(0, 1, 2), List.of(1, 3, 7)))
        .hasMessage(
            "Cannot reset topic 't' partitions 3, 7: the topic has partitions 0 to 2; give"
                + " --partition with one of them, or no --partition for all");
    assertThatThrownBy(() -> ResetOffsets.partitions("t", List.of(), List.of(0)))
        .hasMessageStartingWith("Cannot reset topic 't': the brokers do not know it");
  }

  private static Map.Entry<Integer, Long> entry(int partition, long offset) {
    return Map.entry(partition, offset);
  }
}
