package dev.redsink.core.error;

import dev.redsink.core.record.TopicPartition;
import java.util.Map;
import java.util.Optional;

/**
 * A partition's log ends below the ledger's next offset: the topic was deleted and recreated, or
 * the cluster restored from a backup. Loading on would skip the new log's records as "already
 * loaded", so the runtime stops that partition and says how to make the ledger match the log.
 */
public final class LogBehindLedgerException extends LedgerMismatchException {
  private LogBehindLedgerException(TopicPartition partition, long ledgerNext, String message) {
    super(partition, ledgerNext, message);
  }

  /**
   * The first partition whose log end offset is below the ledger's next offset, for a runtime that
   * can read the log end offsets (partitions absent from either map are not checked).
   */
  public static Optional<LogBehindLedgerException> check(
      Map<TopicPartition, Long> ledgerNext, Map<TopicPartition, Long> logEnd) {
    return first(ledgerNext, logEnd, (next, log) -> log < next)
        .map(e -> logEnds(e.getKey(), e.getValue(), logEnd.get(e.getKey())));
  }

  /** The log of {@code partition} ends at {@code logEnd}, below the ledger's {@code next}. */
  public static LogBehindLedgerException logEnds(TopicPartition partition, long next, long logEnd) {
    return new LogBehindLedgerException(
        partition, next, describe(partition, next, "its log end offset is " + logEnd));
  }

  /**
   * For a runtime that cannot read the log end offset: the consumer found the ledger's offset out
   * of range and restarted at {@code restartedAt}, below it, so the log ends below the ledger.
   */
  public static LogBehindLedgerException restartedBelow(
      TopicPartition partition, long next, long restartedAt) {
    return new LogBehindLedgerException(
        partition,
        next,
        describe(
            partition,
            next,
            "its log end offset is below that (the consumer found offset "
                + next
                + " out of range and restarted at offset "
                + restartedAt
                + ")"));
  }

  private static String describe(TopicPartition partition, long next, String logEnd) {
    return "Cannot load topic "
        + partition.topic()
        + " partition "
        + partition.partition()
        + ": the ledger's next offset is "
        + next
        + " but "
        + logEnd
        + ". The topic was deleted and recreated, or the Kafka cluster restored; loading on would"
        + " skip the new records as already loaded, so nothing more is loaded from this partition."
        + " To load the log as it is now, stop the connector and run: redsink ledger reset"
        + " CONNECTOR.toml --topic "
        + partition.topic()
        + " --partition "
        + partition.partition()
        + " --to-earliest (or --to-offset N to start elsewhere), then start it again";
  }
}
