package dev.redsink.core.record;

import java.time.Instant;

/**
 * One row of a ledger: the next offset to load of one partition into one table.
 *
 * @param table the target table (as Redshift stores its name)
 * @param ledgerTable the ledger table holding the row
 * @param updatedAt when a load (or a reset) last moved it
 */
public record LedgerEntry(
    String table,
    String ledgerTable,
    String topic,
    int partition,
    long nextOffset,
    Instant updatedAt) {

  /** The partition of the row. */
  public TopicPartition topicPartition() {
    return new TopicPartition(topic, partition);
  }
}
