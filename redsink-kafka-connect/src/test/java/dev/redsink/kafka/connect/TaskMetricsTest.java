package dev.redsink.kafka.connect;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redsink.core.record.LoadResult;
import dev.redsink.core.record.TopicPartition;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TaskMetricsTest {

  /** Ten changes of three keys, two of them loaded before: eight records, three rows. */
  @Test
  void recordsLoadedCountsRecordsOnceWhateverRowsTheyMade() {
    TaskMetrics metrics = new TaskMetrics(() -> 0, () -> 0, Map::of);
    metrics.loaded(
        new LoadResult(10, 2, 3, List.of(), Map.of(), Map.of(new TopicPartition("t", 0), 8)));

    assertThat(metrics.getRecordsLoaded()).isEqualTo(8);
    assertThat(metrics.getRecordsSkippedAlreadyLoaded()).isEqualTo(2);
    assertThat(metrics.getLoads()).isEqualTo(1);
  }
}
