package dev.redsink.core.error;

import dev.redsink.core.record.TopicPartition;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiPredicate;

/**
 * A partition whose log no longer holds the ledger's next offset: the runtime stops that partition
 * rather than skip records without a word, and the message says which ledger reset to run.
 */
public abstract class LedgerMismatchException extends FatalException {
  private final TopicPartition partition;
  private final long ledgerNext;

  LedgerMismatchException(TopicPartition partition, long ledgerNext, String message) {
    super(message);
    this.partition = partition;
    this.ledgerNext = ledgerNext;
  }

  /** The partition whose log does not match the ledger. */
  public TopicPartition partition() {
    return partition;
  }

  /** The ledger's next offset for it. */
  public long ledgerNext() {
    return ledgerNext;
  }

  /**
   * The first partition, in partition order, present in both maps whose ledger offset and log
   * offset are a {@code mismatch}; its entry holds the ledger's next offset.
   */
  static Optional<Map.Entry<TopicPartition, Long>> first(
      Map<TopicPartition, Long> ledgerNext,
      Map<TopicPartition, Long> logOffset,
      BiPredicate<Long, Long> mismatch) {
    return ledgerNext.entrySet().stream()
        .filter(
            e ->
                logOffset.containsKey(e.getKey())
                    && mismatch.test(e.getValue(), logOffset.get(e.getKey())))
        .sorted(Map.Entry.comparingByKey(TopicPartition.ORDER))
        .findFirst();
  }
}
