package dev.redsink.core.session;

import dev.redsink.core.record.Header;
import dev.redsink.core.record.Record;
import dev.redsink.core.record.TopicPartition;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Records waiting for the next load, across the runtime's calls, with the thresholds that trigger
 * it: record count, key and value bytes, and the age of the oldest record.
 */
public final class RecordBuffer {
  /**
   * Debezium's header on the old key's delete event of a primary-key change; the new key's create
   * event follows it (with the old key in {@code __debezium.oldkey}) and takes the values the
   * source did not send from the old key's row, which a load between the two would have deleted.
   */
  static final String KEY_CHANGE_HEADER = "__debezium.newkey";

  private final FlushPolicy policy;
  private final List<Record> records = new ArrayList<>();
  private long bytes;
  private long oldestMillis;

  /**
   * Partitions whose last record (tombstones aside) is the delete of a primary-key change, with
   * when it came: the buffer is not due until the next record of the partition comes, or a flush
   * interval after the delete (the create may be in another partition).
   */
  private final Map<TopicPartition, Long> keyChanges = new HashMap<>();

  public RecordBuffer(FlushPolicy policy) {
    this.policy = policy;
  }

  public void add(Record record, long nowMillis) {
    if (records.isEmpty()) {
      oldestMillis = nowMillis;
    }
    records.add(record);
    bytes += record.bytes();
    if (!keyChanges.isEmpty() && record.value() != null) {
      // Not the old key's tombstone, which comes between the delete and the create.
      keyChanges.remove(new TopicPartition(record.topic(), record.partition()));
    }
    if (startsKeyChange(record)) {
      keyChanges.put(new TopicPartition(record.topic(), record.partition()), nowMillis);
    }
  }

  private static boolean startsKeyChange(Record record) {
    for (Header header : record.headers()) {
      if (KEY_CHANGE_HEADER.equals(header.key())) {
        return true;
      }
    }
    return false;
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

  /**
   * Whether the oldest record has waited the flush interval, and no partition's last record is the
   * delete of a primary-key change that came less than an interval ago; in any case once the oldest
   * record has waited two intervals. The wait for a create is bounded by the oldest record, not by
   * the deletes: with key changes in several partitions more often than the interval, some
   * partition's last record is always a fresh delete, and a wait re-armed by each would never end.
   */
  public boolean isDue(long nowMillis) {
    return !records.isEmpty() && millisUntilDue(nowMillis) == 0;
  }

  /**
   * Whether a partition's last record is the delete of a primary-key change that came less than a
   * flush interval ago (its create is on its way, and a load now would miss it), while the oldest
   * record has waited less than two intervals.
   */
  public boolean awaitsKeyChange(long nowMillis) {
    long interval = policy.interval().toMillis();
    if (nowMillis >= latestDue()) {
      return false;
    }
    for (long since : keyChanges.values()) {
      if (since + interval > nowMillis) {
        return true;
      }
    }
    return false;
  }

  /** Milliseconds until the buffer is due (0 when due): see {@link #isDue}. */
  public long millisUntilDue(long nowMillis) {
    long due = oldestMillis;
    for (long since : keyChanges.values()) {
      due = Math.max(due, since);
    }
    long interval = policy.interval().toMillis();
    return Math.max(0, Math.min(due + interval, latestDue()) - nowMillis);
  }

  /**
   * When the buffer is due whatever key changes wait: the flush interval after the oldest record,
   * plus the one interval that waiting for a create may add.
   */
  private long latestDue() {
    return oldestMillis + 2 * policy.interval().toMillis();
  }

  /** The buffered records in arrival order (a copy). */
  public List<Record> records() {
    return List.copyOf(records);
  }

  public void clear() {
    records.clear();
    bytes = 0;
    keyChanges.clear();
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
    keyChanges.keySet().removeAll(partitions);
  }
}
