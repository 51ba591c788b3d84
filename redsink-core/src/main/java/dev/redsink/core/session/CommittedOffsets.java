package dev.redsink.core.session;

import dev.redsink.core.record.TopicPartition;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The next offset per partition whose rows are committed in Redshift, from the ledger at open and
 * from each load's result: the only offsets a runtime may commit.
 */
public final class CommittedOffsets {
  private final Map<TopicPartition, Long> next = new ConcurrentHashMap<>();

  public void update(TopicPartition partition, long nextOffset) {
    next.merge(partition, nextOffset, Math::max);
  }

  public void update(Map<TopicPartition, Long> nextOffsets) {
    nextOffsets.forEach(this::update);
  }

  /** Whether the ledger already covers the record at this offset. */
  public boolean covers(TopicPartition partition, long offset) {
    Long position = next.get(partition);
    return position != null && offset < position;
  }

  /** The committed next offsets of the given (assigned) partitions, for the runtime to commit. */
  public Map<TopicPartition, Long> of(Collection<TopicPartition> assigned) {
    Map<TopicPartition, Long> offsets = new HashMap<>();
    for (TopicPartition partition : assigned) {
      Long offset = next.get(partition);
      if (offset != null) {
        offsets.put(partition, offset);
      }
    }
    return offsets;
  }

  /** Every known next offset. */
  public Map<TopicPartition, Long> snapshot() {
    return Map.copyOf(next);
  }

  /** Whether some position is ahead of what Redshift has committed. */
  public boolean isBehind(Map<TopicPartition, Long> positions) {
    Map<TopicPartition, Long> committed = snapshot();
    return positions.entrySet().stream()
        .anyMatch(e -> e.getValue() > committed.getOrDefault(e.getKey(), Long.MIN_VALUE));
  }

  public void forget(Collection<TopicPartition> partitions) {
    partitions.forEach(next::remove);
  }
}
