package dev.redsink.kafka.connect;

import dev.redsink.core.record.TopicPartition;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;

/**
 * The next offset the task expects per partition: past everything loaded, buffered or diverted, so
 * a batch Connect redelivers after a retriable failure, or a record below the ledger, is not taken
 * twice.
 */
final class PartitionPositions {
  private final Map<TopicPartition, Long> next = new HashMap<>();

  /** Sets the position, as after a seek to the ledger's next offset. */
  void seek(TopicPartition partition, long nextOffset) {
    next.put(partition, nextOffset);
  }

  /** Whether the record at this offset was already taken. */
  boolean isBehind(TopicPartition partition, long offset) {
    Long position = next.get(partition);
    return position != null && offset < position;
  }

  /** Moves past the record at this offset. */
  void advance(TopicPartition partition, long offset) {
    next.merge(partition, offset + 1, Math::max);
  }

  /** Every position: past each partition's loaded, buffered, diverted and ignored records. */
  Map<TopicPartition, Long> snapshot() {
    return Map.copyOf(next);
  }

  void forget(Collection<TopicPartition> partitions) {
    partitions.forEach(next::remove);
  }
}
