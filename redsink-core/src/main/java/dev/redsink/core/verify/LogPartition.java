package dev.redsink.core.verify;

import java.util.BitSet;
import java.util.Set;

/**
 * What one partition's log says a table must hold, read once from the log (or a file) by the
 * runtime: the offsets from where the log starts up to the ledger's next offset whose records load
 * a row, apart from the records a load settles without a row (tombstones an append skips, records
 * on the dead letter queue). Offsets the log no longer has (compacted away) load nothing.
 *
 * <p>Whether a tombstone loads a row depends on the runtime: {@code redsink run} and {@code redsink
 * load} store it (a row without a value), Kafka Connect skips it ({@code behavior.on.null.values =
 * ignore}).
 *
 * <p>One bit per offset: a 10-million-record partition takes 1.25 MB.
 */
public final class LogPartition {
  private final String topic;
  private final int partition;
  private final long start;
  private final long end;
  private final long ledgerNext;
  private final Set<Long> deadLetters;
  private final boolean tombstonesLoad;
  private final BitSet loading = new BitSet();
  private long read;
  private long tombstones;
  private long deadLettered;

  /**
   * @param start the offset of the log's earliest record still there
   * @param end the log's end offset (the next record's)
   * @param ledgerNext the ledger's next offset: every record before it is loaded or settled
   * @param deadLetters offsets of this partition found on the dead letter queue
   * @param tombstonesLoad whether the runtime that loaded the table stores a tombstone as a row
   */
  public LogPartition(
      String topic,
      int partition,
      long start,
      long end,
      long ledgerNext,
      Set<Long> deadLetters,
      boolean tombstonesLoad) {
    this.topic = topic;
    this.partition = partition;
    this.start = start;
    this.end = end;
    this.ledgerNext = ledgerNext;
    this.deadLetters = Set.copyOf(deadLetters);
    this.tombstonesLoad = tombstonesLoad;
  }

  /** Where reading the log must stop: the ledger's next offset, or the log's end before it. */
  public long readUntil() {
    return Math.min(end, ledgerNext);
  }

  /** Notes a record read from the log; a null value is a tombstone. */
  public void record(long offset, boolean tombstone) {
    if (offset < start || offset >= readUntil()) {
      return;
    }
    read++;
    if (deadLetters.contains(offset)) {
      deadLettered++;
    } else if (tombstone && !tombstonesLoad) {
      tombstones++;
    } else {
      loading.set(Math.toIntExact(offset - start));
    }
  }

  /** True when {@code offset}'s record loads a row. */
  public boolean loads(long offset) {
    return offset >= start && offset < readUntil() && loading.get(Math.toIntExact(offset - start));
  }

  /** The figures the table's rows of offsets {@code [from, to)} must have. */
  public OffsetFigures figures(long from, long to) {
    OffsetFigures f = OffsetFigures.NONE;
    long lo = Math.max(from, start);
    long hi = Math.min(to, readUntil());
    for (long o = lo; o < hi; o++) {
      int i = loading.nextSetBit(Math.toIntExact(o - start));
      if (i < 0 || start + i >= hi) {
        break;
      }
      o = start + i;
      f = f.plus(o);
    }
    return f;
  }

  public String topic() {
    return topic;
  }

  public int partition() {
    return partition;
  }

  public long start() {
    return start;
  }

  public long end() {
    return end;
  }

  public long ledgerNext() {
    return ledgerNext;
  }

  /** Records read from the log. */
  public long read() {
    return read;
  }

  public long tombstones() {
    return tombstones;
  }

  public long deadLettered() {
    return deadLettered;
  }

  /** Offsets before the ledger the log no longer has: compacted away, or never written. */
  public long absent() {
    return Math.max(0, readUntil() - start) - read;
  }
}
