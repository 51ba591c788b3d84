package dev.redsink.core.verify;

import java.util.BitSet;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * What one partition's log says a table must hold: the offsets, from where the log starts up to the
 * ledger's next offset, whose records a row of the table carries. A record a load settles without a
 * row (a tombstone Kafka Connect skips, a heartbeat, a record on the dead letter queue, a delete)
 * carries none, and neither does an offset the log no longer has (compacted away). For upsert and
 * cdc, only the last change of each key still in the table carries its row ({@link TopicReplay}).
 *
 * <p>One bit per offset, and an int per offset where payloads are compared: a 10-million-record
 * partition takes 1.25 MB, 41 MB with payloads.
 */
public final class LogPartition {
  private final String topic;
  private final int partition;
  private final long start;
  private final long end;
  private final long ledgerNext;
  private final Set<Long> deadLetters;
  private final BitSet rows = new BitSet();
  private int[] digests = new int[0];
  private final Map<Long, Long> alternatives = new HashMap<>();
  private long read;
  private long settled;
  private long deadLettered;
  private long refused;

  /**
   * @param start the offset of the log's earliest record still there
   * @param end the log's end offset (the next record's)
   * @param ledgerNext the ledger's next offset: every record before it is loaded or settled
   * @param deadLetters offsets of this partition found on the dead letter queue
   */
  public LogPartition(
      String topic, int partition, long start, long end, long ledgerNext, Set<Long> deadLetters) {
    this.topic = topic;
    this.partition = partition;
    this.start = start;
    this.end = end;
    this.ledgerNext = ledgerNext;
    this.deadLetters = Set.copyOf(deadLetters);
  }

  /** Where reading the log must stop: the ledger's next offset, or the log's end before it. */
  public long readUntil() {
    return Math.min(end, ledgerNext);
  }

  /** True when the dead letter queue holds the record at {@code offset}. */
  public boolean deadLettered(long offset) {
    return deadLetters.contains(offset);
  }

  /** True when the audit reads the record at {@code offset}. */
  public boolean covers(long offset) {
    return offset >= start && offset < readUntil();
  }

  /**
   * Notes a record read from the log and what it does; returns false when a row keyed by it is not
   * the partition's to decide (outside the audit, or on the dead letter queue).
   */
  boolean note(long offset, RecordEffect effect) {
    if (!covers(offset)) {
      return false;
    }
    read++;
    if (deadLetters.contains(offset)) {
      deadLettered++;
      return false;
    }
    switch (effect.effect()) {
      case ROW -> {
        int i = Math.toIntExact(offset - start);
        rows.set(i);
        if (effect.digest() != null) {
          digest(i, effect.digest());
        }
      }
      case NONE -> settled++;
      case REFUSED -> refused++;
      default -> {
        // a key's change: its row is decided once the whole topic is replayed
      }
    }
    return true;
  }

  /** Payload digests, one int per offset from the start, grown as records are read. */
  private void digest(int index, long value) {
    if (index >= digests.length) {
      digests = java.util.Arrays.copyOf(digests, Math.max(index + 1, digests.length * 2 + 1024));
    }
    digests[index] = (int) value;
  }

  /** The payload digest the row of {@code offset} must have (0 where values are not compared). */
  public long digestOf(long offset) {
    int i = Math.toIntExact(offset - start);
    return i < digests.length ? digests[i] : 0;
  }

  /** The row of a key's last change is at {@code offset}. */
  void keyRow(long offset) {
    rows.set(Math.toIntExact(offset - start));
  }

  /**
   * The row carrying {@code offset} may carry {@code instead} (a soft delete's, when the change
   * before it came in the same load): the audit asks the table which one it holds.
   */
  void alternative(long offset, long instead) {
    alternatives.put(offset, instead);
  }

  /** Rows that may carry either of two offsets: the expected one, and the other. */
  public Map<Long, Long> alternatives() {
    return Map.copyOf(alternatives);
  }

  /** The table holds the other offset of {@code offset}'s row: expect that one. */
  public void takeAlternative(long offset) {
    Long instead = alternatives.remove(offset);
    if (instead != null) {
      rows.clear(Math.toIntExact(offset - start));
      rows.set(Math.toIntExact(instead - start));
    }
  }

  /** True when a row of the table must carry {@code offset}. */
  public boolean loads(long offset) {
    return covers(offset) && rows.get(Math.toIntExact(offset - start));
  }

  /** The figures the table's rows of offsets {@code [from, to)} must have. */
  public OffsetFigures figures(long from, long to) {
    OffsetFigures f = OffsetFigures.NONE;
    long lo = Math.max(from, start);
    long hi = Math.min(to, readUntil());
    if (lo >= hi) {
      return f;
    }
    for (int i = rows.nextSetBit(Math.toIntExact(lo - start));
        i >= 0 && start + i < hi;
        i = rows.nextSetBit(i + 1)) {
      f = f.plus(start + i, i < digests.length ? digests[i] : 0);
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

  /** Records a load settles without a row: skipped tombstones, heartbeats, deletes of nothing. */
  public long settled() {
    return settled;
  }

  public long deadLettered() {
    return deadLettered;
  }

  /** Records a load refuses as bad that the dead letter queue does not hold. */
  public long refused() {
    return refused;
  }
}
