package dev.redsink.kafka.connect;

import dev.redsink.core.record.TopicPartition;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;

/**
 * The next offset per partition whose rows are committed in Redshift, from the ledger at open and
 * from each load's result: the only offsets the task lets Connect commit.
 */
final class CommittedOffsets {
  private final Map<TopicPartition, Long> next = new ConcurrentHashMap<>();

  void update(TopicPartition partition, long nextOffset) {
    next.merge(partition, nextOffset, Math::max);
  }

  void update(Map<TopicPartition, Long> nextOffsets) {
    nextOffsets.forEach(this::update);
  }

  /** Whether the ledger already covers the record at this offset. */
  boolean covers(TopicPartition partition, long offset) {
    Long position = next.get(partition);
    return position != null && offset < position;
  }

  /** The committed offsets of the given (assigned) partitions, for Connect to commit. */
  Map<org.apache.kafka.common.TopicPartition, OffsetAndMetadata> forCommit(
      Set<org.apache.kafka.common.TopicPartition> assigned) {
    Map<org.apache.kafka.common.TopicPartition, OffsetAndMetadata> offsets = new HashMap<>();
    for (org.apache.kafka.common.TopicPartition tp : assigned) {
      Long offset = next.get(new TopicPartition(tp.topic(), tp.partition()));
      if (offset != null) {
        offsets.put(tp, new OffsetAndMetadata(offset));
      }
    }
    return offsets;
  }

  /** Every known next offset. */
  Map<TopicPartition, Long> snapshot() {
    return Map.copyOf(next);
  }

  /** Whether some position is ahead of what Redshift has committed. */
  boolean isBehind(Map<TopicPartition, Long> positions) {
    Map<TopicPartition, Long> committed = snapshot();
    return positions.entrySet().stream()
        .anyMatch(e -> e.getValue() > committed.getOrDefault(e.getKey(), Long.MIN_VALUE));
  }

  void forget(Collection<TopicPartition> partitions) {
    partitions.forEach(next::remove);
  }
}
