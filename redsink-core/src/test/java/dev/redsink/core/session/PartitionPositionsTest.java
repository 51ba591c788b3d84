package dev.redsink.core.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redsink.core.record.TopicPartition;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Where a session expects each partition's next record: what it must not take twice. */
class PartitionPositionsTest {
  private static final TopicPartition A0 = new TopicPartition("a", 0);
  private static final TopicPartition A1 = new TopicPartition("a", 1);

  @Test
  void eachPartitionMovesPastWhatItTookAndOnlyForward() {
    PartitionPositions positions = new PartitionPositions();
    positions.advance(A0, 4);
    positions.advance(A1, 0);
    positions.advance(A0, 2);

    assertThat(positions.isBehind(A0, 4)).isTrue();
    assertThat(positions.isBehind(A0, 5)).isFalse();
    assertThat(positions.isBehind(A1, 0)).isTrue();
    assertThat(positions.isBehind(new TopicPartition("b", 0), 0)).as("never taken").isFalse();
    assertThat(positions.snapshot()).containsExactlyInAnyOrderEntriesOf(Map.of(A0, 5L, A1, 1L));
  }

  @Test
  void aSeekSetsThePositionEvenBackAndAForgottenPartitionStartsAgain() {
    PartitionPositions positions = new PartitionPositions();
    positions.advance(A0, 9);
    positions.seek(A0, 3);
    assertThat(positions.isBehind(A0, 3)).isFalse();
    assertThat(positions.isBehind(A0, 2)).isTrue();

    positions.forget(List.of(A0));
    assertThat(positions.isBehind(A0, 2)).as("the partition used last, forgotten").isFalse();
    assertThat(positions.snapshot()).isEmpty();
    positions.advance(A0, 0);
    assertThat(positions.snapshot()).containsExactly(Map.entry(A0, 1L));
  }
}
