package dev.redsink.cli.run;

import dev.redsink.core.error.LogBehindLedgerException;
import dev.redsink.core.error.RecordsDeletedBeforeLoadException;
import dev.redsink.core.error.RedsinkException;
import dev.redsink.core.record.TopicPartition;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.apache.kafka.clients.consumer.Consumer;

/**
 * Where each partition's log starts and ends, checked against the offsets Redsink resumes from: a
 * log that ends below them (a recreated topic) or starts above them (records deleted before they
 * were loaded) would otherwise make the consumer skip records without a word.
 */
final class LogBounds {
  private final Map<TopicPartition, Long> starts = new HashMap<>();
  private final Map<TopicPartition, Long> ends = new HashMap<>();

  private LogBounds() {}

  /** The partitions' log start and end offsets, as the brokers report them now. */
  static LogBounds of(
      Consumer<?, ?> consumer, Collection<org.apache.kafka.common.TopicPartition> partitions) {
    LogBounds bounds = new LogBounds();
    consumer
        .beginningOffsets(partitions)
        .forEach((tp, start) -> bounds.starts.put(core(tp), start));
    consumer.endOffsets(partitions).forEach((tp, end) -> bounds.ends.put(core(tp), end));
    return bounds;
  }

  /** The log's first offset. */
  long start(TopicPartition partition) {
    return starts.get(partition);
  }

  /**
   * The failure of the first partition whose log no longer holds its next offset, if any.
   *
   * @param next the next offset per partition: the ledger's, or the consumer's position
   */
  Optional<RedsinkException> mismatch(Map<TopicPartition, Long> next) {
    return LogBehindLedgerException.check(next, ends)
        .<RedsinkException>map(e -> e)
        .or(() -> RecordsDeletedBeforeLoadException.check(next, starts));
  }

  static TopicPartition core(org.apache.kafka.common.TopicPartition tp) {
    return new TopicPartition(tp.topic(), tp.partition());
  }
}
