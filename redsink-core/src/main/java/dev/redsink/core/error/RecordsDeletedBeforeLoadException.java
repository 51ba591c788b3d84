package dev.redsink.core.error;

import dev.redsink.core.record.TopicPartition;
import java.util.Map;
import java.util.Optional;

/**
 * A partition's log starts above the ledger's next offset: records were deleted from Kafka (the
 * topic's retention, or kafka-delete-records) before they were loaded. A consumer sent to the
 * ledger's offset would silently restart at the log's first record, so the runtime stops that
 * partition and says how to accept the loss.
 */
public final class RecordsDeletedBeforeLoadException extends LedgerMismatchException {
  private RecordsDeletedBeforeLoadException(
      TopicPartition partition, long ledgerNext, String message) {
    super(partition, ledgerNext, message);
  }

  /**
   * The first partition whose log start offset is above the ledger's next offset (partitions absent
   * from either map are not checked).
   */
  public static Optional<RecordsDeletedBeforeLoadException> check(
      Map<TopicPartition, Long> ledgerNext, Map<TopicPartition, Long> logStart) {
    return first(ledgerNext, logStart, (next, log) -> log > next)
        .map(e -> logStarts(e.getKey(), e.getValue(), logStart.get(e.getKey())));
  }

  /** The log of {@code partition} starts at {@code logStart}, above the ledger's {@code next}. */
  public static RecordsDeletedBeforeLoadException logStarts(
      TopicPartition partition, long next, long logStart) {
    return new RecordsDeletedBeforeLoadException(
        partition,
        next,
        "Cannot load topic "
            + partition.topic()
            + " partition "
            + partition.partition()
            + ": the ledger's next offset is "
            + next
            + " but the log starts at offset "
            + logStart
            + ". Its "
            + (logStart - next)
            + " records from offset "
            + next
            + " were deleted from Kafka (the topic's retention.ms or retention.bytes, or"
            + " kafka-delete-records) before they were loaded and cannot be loaded any more;"
            + " nothing more is loaded from this partition rather than skipping them unnoticed."
            + " To accept the loss and load on from the log's first record, stop the connector"
            + " and run: redsink ledger reset CONNECTOR.toml --topic "
            + partition.topic()
            + " --partition "
            + partition.partition()
            + " --to-earliest, then start it again. Keep the topic's retention longer than a"
            + " connector may be stopped or behind");
  }
}
