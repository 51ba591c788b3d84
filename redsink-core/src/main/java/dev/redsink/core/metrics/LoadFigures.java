package dev.redsink.core.metrics;

import dev.redsink.core.record.LoadResult;
import dev.redsink.core.record.Record;
import dev.redsink.core.record.TopicPartition;
import java.time.Clock;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;

/**
 * What one runtime (a Kafka Connect task, a {@code redsink run} connector, a {@code redsink load})
 * loaded, per table and per partition it owns: fed by its session's loads and its view of the log,
 * read by its metrics endpoint or MBean. Thread-safe.
 */
public final class LoadFigures {
  private final Function<String, String> tableOf;
  private final Clock clock;
  private final ConcurrentMap<String, TableFigures> tables = new ConcurrentHashMap<>();
  private final ConcurrentMap<TopicPartition, PartitionFigures> partitions =
      new ConcurrentHashMap<>();
  private final AtomicLong badRecords = new AtomicLong();

  /**
   * @param tableOf the table a topic's records load into
   */
  public LoadFigures(Function<String, String> tableOf, Clock clock) {
    this.tableOf = tableOf;
    this.clock = clock;
  }

  /**
   * A committed load of these records: per partition the records it committed (not those the ledger
   * already covered), per table their freshness.
   */
  public void loaded(LoadResult result, List<Record> records) {
    long now = clock.millis();
    for (LoadResult.TableLoad load : result.tables()) {
      table(load.table()).loaded(load, now);
    }
    // Records come in runs of one partition: one table lookup per run, not per record.
    double[] seconds = new double[records.size()];
    Record first = null;
    int fresh = 0;
    for (Record record : records) {
      if (first != null
          && (record.partition() != first.partition() || !record.topic().equals(first.topic()))) {
        table(tableOf.apply(first.topic())).fresh(seconds, fresh);
        first = null;
      }
      if (first == null) {
        first = record;
        fresh = 0;
      }
      if (record.timestamp() > 0) {
        seconds[fresh++] = Math.max(0, now - record.timestamp()) / 1000.0;
      }
    }
    if (first != null) {
      table(tableOf.apply(first.topic())).fresh(seconds, fresh);
    }
    result.committed().forEach((tp, n) -> partition(tp).loaded(n, now));
    result.next().forEach((tp, next) -> partition(tp).ledgerOffset(next));
  }

  /** The ledger's next offsets of partitions the runtime now owns (read when it opened them). */
  public void opened(Map<TopicPartition, Long> ledgerNext, Collection<TopicPartition> owned) {
    owned.forEach(this::partition);
    ledgerNext.forEach((tp, next) -> partition(tp).ledgerOffset(next));
  }

  /** The end offset of a partition's log, as the runtime sees it. */
  public void logEnd(TopicPartition partition, long endOffset) {
    partition(partition).logEndOffset(endOffset);
  }

  /** Partitions another runtime owns now: their figures are its to report. */
  public void forget(Collection<TopicPartition> moved) {
    moved.forEach(partitions::remove);
  }

  /** A record refused as bad (diverted to the runtime's error path, or stopping the runtime). */
  public void badRecord() {
    badRecords.incrementAndGet();
  }

  public long badRecords() {
    return badRecords.get();
  }

  /** Every table loaded so far, by name. */
  public Map<String, TableFigures> tables() {
    return Collections.unmodifiableMap(new TreeMap<>(tables));
  }

  /** Every partition owned now. */
  public Map<TopicPartition, PartitionFigures> partitions() {
    Map<TopicPartition, PartitionFigures> sorted = new TreeMap<>(TopicPartition.ORDER);
    sorted.putAll(partitions);
    return Collections.unmodifiableMap(sorted);
  }

  private TableFigures table(String name) {
    return tables.computeIfAbsent(name, n -> new TableFigures());
  }

  private PartitionFigures partition(TopicPartition tp) {
    return partitions.computeIfAbsent(tp, p -> new PartitionFigures(tableOf.apply(p.topic())));
  }
}
