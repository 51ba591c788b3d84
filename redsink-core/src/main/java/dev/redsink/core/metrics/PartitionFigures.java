package dev.redsink.core.metrics;

import java.util.concurrent.atomic.AtomicLong;

/** One partition's place in its log and in its table's ledger. Thread-safe. */
public final class PartitionFigures {
  private final String table;
  private final AtomicLong records = new AtomicLong();
  private volatile long ledgerOffset = -1;
  private volatile long logEndOffset = -1;
  private volatile long lastLoadMillis;

  PartitionFigures(String table) {
    this.table = table;
  }

  void loaded(long count, long nowMillis) {
    records.addAndGet(count);
    lastLoadMillis = nowMillis;
  }

  void ledgerOffset(long next) {
    ledgerOffset = Math.max(ledgerOffset, next);
  }

  void logEndOffset(long end) {
    logEndOffset = end;
  }

  /** The table the partition loads into. */
  public String table() {
    return table;
  }

  /** Records of the partition the loads committed. */
  public long records() {
    return records.get();
  }

  /** The ledger's next offset for the partition; -1 while unknown (nothing loaded yet). */
  public long ledgerOffset() {
    return ledgerOffset;
  }

  /** The log's end offset as the runtime last saw it; -1 while unknown. */
  public long logEndOffset() {
    return logEndOffset;
  }

  /**
   * Records in the log the ledger does not cover yet: what is not in Redshift; -1 while the log's
   * end is unknown.
   */
  public long lag() {
    if (logEndOffset < 0) {
      return -1;
    }
    return Math.max(0, logEndOffset - Math.max(0, ledgerOffset));
  }

  /** When a load last committed records of the partition, in epoch milliseconds; 0 before. */
  public long lastLoadMillis() {
    return lastLoadMillis;
  }
}
