package dev.redsink.core.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.redsink.core.record.LoadResult;
import dev.redsink.core.record.Record;
import dev.redsink.core.record.TopicPartition;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LoadFiguresTest {
  private static final Instant NOW = Instant.parse("2026-12-02T10:00:00Z");
  private final LoadFigures figures =
      new LoadFigures(topic -> "t_" + topic, Clock.fixed(NOW, ZoneOffset.UTC));

  private static Record record(String topic, int partition, long offset, long ageMillis) {
    return new Record(
        topic, partition, offset, NOW.toEpochMilli() - ageMillis, null, List.of(), new byte[10]);
  }

  private static LoadResult.TableLoad load(String table, int rows, Duration copy) {
    Duration zero = Duration.ZERO;
    return new LoadResult.TableLoad(
        table, rows, rows * 10L, 1, 99, 1, zero, zero, zero, copy, zero, zero);
  }

  @Test
  void aPartitionCountsTheRecordsALoadCommittedNotThoseTheLedgerHadAlready() {
    figures.loaded(
        new LoadResult(
            3,
            2,
            1,
            List.of(load("t_a", 1, Duration.ofMillis(100))),
            Map.of(new TopicPartition("a", 0), 9L),
            Map.of(new TopicPartition("a", 0), 1)),
        List.of(record("a", 0, 6, 1_000), record("a", 0, 7, 1_000), record("a", 0, 8, 1_000)));

    assertThat(figures.partitions().get(new TopicPartition("a", 0)).records()).isEqualTo(1);
  }

  @Test
  void countsPerTableAndPartitionAndKeepsTheLedgerOffsetGoingForward() {
    figures.opened(
        Map.of(new TopicPartition("a", 0), 5L),
        List.of(new TopicPartition("a", 0), new TopicPartition("a", 1)));
    figures.loaded(
        new LoadResult(
            3,
            0,
            3,
            List.of(load("t_a", 3, Duration.ofMillis(300))),
            Map.of(new TopicPartition("a", 0), 7L, new TopicPartition("a", 1), 1L),
            Map.of(new TopicPartition("a", 0), 2, new TopicPartition("a", 1), 1)),
        // Interleaved partitions, as a session's batch may hold them: counted per partition.
        List.of(record("a", 0, 5, 1_000), record("a", 1, 0, 90_000), record("a", 0, 6, 2_000)));
    figures.logEnd(new TopicPartition("a", 0), 10);

    TableFigures t = figures.tables().get("t_a");
    assertThat(t.rows()).isEqualTo(3);
    assertThat(t.recordBytes()).isEqualTo(30);
    assertThat(t.loads()).isEqualTo(1);
    assertThat(t.lastLoadMillis()).isEqualTo(NOW.toEpochMilli());
    assertThat(t.loadSeconds().count()).isEqualTo(1);
    assertThat(t.loadSeconds().sum()).isCloseTo(0.3, within(1e-9));
    assertThat(t.freshnessSeconds().count()).isEqualTo(3);
    assertThat(t.freshnessSeconds().sum()).isCloseTo(93.0, within(1e-9));

    PartitionFigures p0 = figures.partitions().get(new TopicPartition("a", 0));
    assertThat(p0.table()).isEqualTo("t_a");
    assertThat(p0.records()).isEqualTo(2);
    assertThat(p0.ledgerOffset()).isEqualTo(7);
    assertThat(p0.lag()).isEqualTo(3);
    assertThat(figures.partitions().get(new TopicPartition("a", 1)).lag())
        .as("log end not seen yet")
        .isEqualTo(-1);

    figures.opened(Map.of(new TopicPartition("a", 0), 6L), List.of(new TopicPartition("a", 0)));
    assertThat(p0.ledgerOffset()).as("never back").isEqualTo(7);
    figures.forget(List.of(new TopicPartition("a", 1)));
    assertThat(figures.partitions()).containsOnlyKeys(new TopicPartition("a", 0));
  }

  @Test
  void histogramQuantilesInterpolateWithinTheirBucketAsPrometheusDoes() {
    Histogram h = new Histogram(new double[] {1, 2, 4});
    h.observeAll(new double[] {0.5, 1.5, 1.5, 3, 10});
    Histogram.Snapshot s = h.snapshot();
    assertThat(s.cumulative()).containsExactly(1, 3, 4, 5);
    assertThat(s.count()).isEqualTo(5);
    assertThat(s.quantile(0.5)).isCloseTo(1.75, within(1e-9));
    assertThat(s.quantile(0.99)).as("in the +Inf bucket: the highest bound").isEqualTo(4);
    assertThat(new Histogram(new double[] {1}).snapshot().quantile(0.5)).isZero();
  }
}
