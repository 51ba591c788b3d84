package dev.redsink.core.session;

import dev.redsink.core.record.TopicPartition;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;

/**
 * The next offset the session expects per partition: past everything loaded, buffered or diverted,
 * so a batch a runtime redelivers after a retriable failure, or a record below the ledger, is not
 * taken twice.
 */
public final class PartitionPositions {
  private final Map<TopicPartition, Long> next = new HashMap<>();

  /** Sets the position, as after a seek to the ledger's next offset. */
  public void seek(TopicPartition partition, long nextOffset) {
    next.put(partition, nextOffset);
  }

  /** Whether the record at this offset was already taken. */
  public boolean isBehind(TopicPartition partition, long offset) {
    Long position = next.get(partition);
    return position != null && offset < position;
  }

  /** Moves past the record at this offset. */
  public void advance(TopicPartition partition, long offset) {
    next.merge(partition, offset + 1, Math::max);
  }

  /** Every position: past each partition's loaded, buffered, diverted and ignored records. */
  public Map<TopicPartition, Long> snapshot() {
    return Map.copyOf(next);
  }

  public void forget(Collection<TopicPartition> partitions) {
    partitions.forEach(next::remove);
  }
}
