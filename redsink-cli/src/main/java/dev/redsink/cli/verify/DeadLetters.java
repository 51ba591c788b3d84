package dev.redsink.cli.verify;

import java.util.Map;
import java.util.Set;

/**
 * A topic's records found on a dead letter queue: offsets per partition, and how many of the
 * queue's records carried no context headers to say whose they are.
 */
public record DeadLetters(Map<Integer, Set<Long>> offsets, long unattributed) {

  /** None: no queue was given. */
  public static final DeadLetters NONE = new DeadLetters(Map.of(), 0);

  public DeadLetters {
    offsets = Map.copyOf(offsets);
  }

  /** The offsets of one partition. */
  public Set<Long> of(int partition) {
    return offsets.getOrDefault(partition, Set.of());
  }
}
