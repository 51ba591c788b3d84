package dev.redsink.core;

import dev.redsink.core.error.RedsinkException;
import dev.redsink.core.record.TopicPartition;
import java.time.Duration;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Partitions waiting for their ledger: assigned while Redshift could not answer, paused until it
 * can, then resumed where the ledger says. A Redshift outage as partitions are assigned delays a
 * runtime instead of stopping it, the same way in every runtime. Not thread-safe: the runtime's
 * thread calls it.
 */
public final class LedgerWait {
  private static final Logger LOG = LoggerFactory.getLogger(LedgerWait.class);

  /** What a runtime does to its consumer while partitions wait. */
  public interface Consumer {
    /** Stops fetching the partitions: they have no position until their ledger is read. */
    void pause(List<TopicPartition> partitions);

    /** Fetches the partitions again, once the runtime has sought them. */
    void resume(List<TopicPartition> partitions);
  }

  /**
   * The partitions whose ledger was read, and the offset each resumes at: the ledger's (as the
   * session's open returned it), or the first record withheld while it waited; absent when neither
   * says (nothing loaded yet).
   */
  public record Resumed(List<TopicPartition> partitions, Map<TopicPartition, Long> next) {}

  /** Each waiting partition, with the offset of the first record withheld from it, or -1. */
  private final Map<TopicPartition, Long> waiting = new LinkedHashMap<>();

  private final LongSupplier nanoTime;
  private boolean paused;
  private long retryAt;

  public LedgerWait() {
    this(System::nanoTime);
  }

  /** A wait whose retry time is read from {@code nanoTime}. */
  public LedgerWait(LongSupplier nanoTime) {
    this.nanoTime = nanoTime;
    this.retryAt = nanoTime.getAsLong();
  }

  /** Newly assigned partitions: each waits until its ledger is read. */
  public void add(Collection<TopicPartition> partitions) {
    partitions.forEach(tp -> waiting.putIfAbsent(tp, -1L));
  }

  /** Partitions revoked: they no longer wait. */
  public void remove(Collection<TopicPartition> partitions) {
    partitions.forEach(waiting::remove);
  }

  /** Whether no partition waits. */
  public boolean isEmpty() {
    return waiting.isEmpty();
  }

  /** Whether partitions wait and the retry delay since the last attempt has passed. */
  public boolean isDue() {
    return !waiting.isEmpty() && nanoTime.getAsLong() - retryAt >= 0;
  }

  /** How long until the next attempt is due, at most {@code atMost}. */
  public Duration untilRetry(Duration atMost) {
    if (waiting.isEmpty()) {
      return atMost;
    }
    long nanos = Math.max(0, retryAt - nanoTime.getAsLong());
    return nanos < atMost.toNanos() ? Duration.ofNanos(nanos) : atMost;
  }

  /**
   * Whether a record delivered for its partition must be withheld because the partition still
   * waits; when no ledger row says where it resumes, it resumes at the first record withheld.
   */
  public boolean withholds(TopicPartition partition, long offset) {
    Long withheld = waiting.get(partition);
    if (withheld == null) {
      return false;
    }
    if (withheld < 0 || offset < withheld) {
      waiting.put(partition, offset);
    }
    return true;
  }

  /**
   * Reads the ledger of the waiting partitions with {@code ledger} (a session's open). When
   * Redshift cannot answer yet (a transient failure), pauses them, and returns empty: the next
   * attempt is due {@code retryDelay} later. Otherwise they no longer wait, and the runtime seeks
   * them to the returned offsets, then calls {@link #resume}.
   *
   * @throws RedsinkException a failure that is not transient
   */
  public Optional<Resumed> read(
      Function<List<TopicPartition>, Map<TopicPartition, Long>> ledger,
      Duration retryDelay,
      Consumer consumer) {
    if (waiting.isEmpty()) {
      return Optional.empty();
    }
    List<TopicPartition> partitions = List.copyOf(waiting.keySet());
    Map<TopicPartition, Long> read;
    try {
      read = ledger.apply(partitions);
    } catch (RedsinkException e) {
      if (!e.isTransient()) {
        throw e;
      }
      Duration delay =
          retryDelay.isZero() || retryDelay.isNegative() ? Duration.ofMillis(1) : retryDelay;
      retryAt = nanoTime.getAsLong() + delay.toNanos();
      consumer.pause(partitions);
      paused = true;
      LOG.warn(
          "Cannot resume {} from the ledger yet, trying again in {} ms (the partitions are paused"
              + " until then): {}",
          partitions,
          delay.toMillis(),
          e.getMessage());
      return Optional.empty();
    }
    Map<TopicPartition, Long> next = new HashMap<>(read);
    waiting.forEach(
        (partition, withheld) -> {
          if (withheld >= 0) {
            next.putIfAbsent(partition, withheld);
          }
        });
    waiting.clear();
    return Optional.of(new Resumed(partitions, next));
  }

  /**
   * Lets the consumer fetch the partitions just resumed, when this wait paused them: a runtime's
   * own pauses (Kafka Connect's while it backs off) are not this wait's to lift.
   */
  public void resume(Resumed resumed, Consumer consumer) {
    if (paused) {
      consumer.resume(resumed.partitions());
      paused = false;
    }
  }
}
