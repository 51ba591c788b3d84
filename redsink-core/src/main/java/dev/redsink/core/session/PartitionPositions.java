package dev.redsink.core.session;

import dev.redsink.core.record.TopicPartition;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;

/**
 * The next offset the session expects per partition: past everything loaded, buffered or diverted,
 * so a batch a runtime redelivers after a retriable failure, or a record below the ledger, is not
 * taken twice.
 */
public final class PartitionPositions {
  /** One partition's next offset, changed in place: no boxed offset per record taken. */
  private static final class Position {
    long next;

    Position(long next) {
      this.next = next;
    }
  }

  private final Map<TopicPartition, Position> next = new HashMap<>();

  /** The partition used last and its position: records come in runs of one partition. */
  private TopicPartition lastPartition;

  private Position lastPosition;

  /** Sets the position, as after a seek to the ledger's next offset. */
  public void seek(TopicPartition partition, long nextOffset) {
    position(partition, true).next = nextOffset;
  }

  /** Whether the record at this offset was already taken. */
  public boolean isBehind(TopicPartition partition, long offset) {
    Position position = position(partition, false);
    return position != null && offset < position.next;
  }

  /** Moves past the record at this offset. */
  public void advance(TopicPartition partition, long offset) {
    Position position = position(partition, true);
    position.next = Math.max(position.next, offset + 1);
  }

  /** Every position: past each partition's loaded, buffered, diverted and ignored records. */
  public Map<TopicPartition, Long> snapshot() {
    Map<TopicPartition, Long> positions = new HashMap<>();
    next.forEach((partition, position) -> positions.put(partition, position.next));
    return Collections.unmodifiableMap(positions);
  }

  public void forget(Collection<TopicPartition> partitions) {
    partitions.forEach(next::remove);
    lastPartition = null;
    lastPosition = null;
  }

  /** The partition's position (made, at no offset yet, when {@code create}; else maybe null). */
  private Position position(TopicPartition partition, boolean create) {
    if (partition.equals(lastPartition)) {
      return lastPosition;
    }
    Position position =
        create
            ? next.computeIfAbsent(partition, p -> new Position(Long.MIN_VALUE))
            : next.get(partition);
    if (position != null) {
      lastPartition = partition;
      lastPosition = position;
    }
    return position;
  }
}
