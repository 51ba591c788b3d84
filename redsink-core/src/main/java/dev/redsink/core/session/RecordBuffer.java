package dev.redsink.core.session;

import dev.redsink.core.record.Record;
import dev.redsink.core.record.TopicPartition;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;

/**
 * Records waiting for the next load, across the runtime's calls, with the thresholds that trigger
 * it: record count, key and value bytes, and the age of the oldest record.
 */
public final class RecordBuffer {
  private final FlushPolicy policy;
  private final List<Record> records = new ArrayList<>();
  private long bytes;
  private long oldestMillis;

  public RecordBuffer(FlushPolicy policy) {
    this.policy = policy;
  }

  public void add(Record record, long nowMillis) {
    if (records.isEmpty()) {
      oldestMillis = nowMillis;
    }
    records.add(record);
    bytes += record.bytes();
  }

  public boolean isEmpty() {
    return records.isEmpty();
  }

  public int size() {
    return records.size();
  }

  public long bytes() {
    return bytes;
  }

  /** Whether the record or byte threshold is reached. */
  public boolean isFull() {
    return records.size() >= policy.maxRecords() || bytes >= policy.maxBytes();
  }

  /** Whether the oldest record has waited the flush interval. */
  public boolean isDue(long nowMillis) {
    return !records.isEmpty() && millisUntilDue(nowMillis) == 0;
  }

  /** Milliseconds until the oldest record has waited the flush interval (0 when due). */
  public long millisUntilDue(long nowMillis) {
    return Math.max(0, oldestMillis + policy.interval().toMillis() - nowMillis);
  }

  /** The buffered records in arrival order (a copy). */
  public List<Record> records() {
    return List.copyOf(records);
  }

  public void clear() {
    records.clear();
    bytes = 0;
  }

  /**
   * Puts the records of a failed load back in front, due at once: they come before anything
   * buffered since, and the next load tries them again.
   */
  public void putBack(List<Record> failed) {
    records.addAll(0, failed);
    for (Record record : failed) {
      bytes += record.bytes();
    }
    oldestMillis = Long.MIN_VALUE / 2;
  }

  /** Drops the records of partitions the runtime no longer owns. */
  public void discard(Collection<TopicPartition> partitions) {
    for (Iterator<Record> it = records.iterator(); it.hasNext(); ) {
      Record record = it.next();
      if (partitions.contains(new TopicPartition(record.topic(), record.partition()))) {
        it.remove();
        bytes -= record.bytes();
      }
    }
  }
}
