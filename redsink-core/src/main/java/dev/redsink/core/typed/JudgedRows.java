package dev.redsink.core.typed;

import dev.redsink.core.record.Record;
import dev.redsink.core.record.TopicPartition;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;

/**
 * The typed rows (in upsert and cdc, the changes) a runtime's check read when it took records (to
 * divert a bad record before it is buffered), kept for the load that encodes those records so each
 * value is parsed once, not twice. Kept per partition in the order taken, which is the order loads
 * read them: a load reading a record forgets the rows of its partition's earlier records (the
 * ledger skipped them, or they were taken again after a rewind). Bounded: it keeps rows of records
 * weighing at most {@code maxBytes} in all, and no more than a shared {@link RowBudget} has left,
 * and forgets a row no load took within {@value #LOADS_KEPT} loads of the table (its record was
 * revoked, or its load failed and will read it again).
 */
public final class JudgedRows {
  /** Loads of the table after which a row no load took is forgotten. */
  static final int LOADS_KEPT = 3;

  /**
   * What a check read of one record: a {@link TypedRow}, or a {@link Change} in upsert and cdc;
   * with what found it to fit its columns as is, or null.
   */
  private record Kept(
      Record record, FieldNames names, Object read, Object settledBy, long load, long bytes) {}

  private final long maxBytes;
  private final RowBudget.Held shared;
  private final Map<TopicPartition, ArrayDeque<Kept>> partitions = new HashMap<>();
  private long bytes;
  private long loads;

  /** The rows of the partition used last, found without a map lookup. */
  private ArrayDeque<Kept> last;

  private Record lastRecord;

  /**
   * Keeps rows of records weighing at most {@code maxBytes} (key, value and headers, less the
   * envelope schema records share) in all.
   */
  public JudgedRows(long maxBytes) {
    this(maxBytes, null);
  }

  /**
   * Keeps rows of records weighing at most {@code maxBytes}, taking them from {@code budget} too
   * (none when null).
   */
  public JudgedRows(long maxBytes, RowBudget budget) {
    this.maxBytes = maxBytes;
    this.shared = budget == null ? null : budget.held(this);
  }

  /** Keeps the row {@code record} read as with {@code names}, unless the bound is reached. */
  public void keep(Record record, FieldNames names, TypedRow row) {
    keepRead(record, names, row, null);
  }

  /**
   * Keeps the row {@code record} read as with {@code names}, unless the bound is reached.
   *
   * @param settledBy what found every non-null field to fit its column as is (the load asks it
   *     whether that still holds for the table's columns then); null when it did not
   */
  public void keep(Record record, FieldNames names, TypedRow row, Object settledBy) {
    keepRead(record, names, row, settledBy);
  }

  /** Keeps the change {@code record} read as with {@code names}, unless the bound is reached. */
  void keep(Record record, FieldNames names, Change change) {
    keepRead(record, names, change, null);
  }

  private synchronized void keepRead(
      Record record, FieldNames names, Object read, Object settledBy) {
    // what the row holds: the record's bytes, less an envelope schema it holds split (shared)
    long weight = record.bytes();
    if (bytes + weight > maxBytes || (shared != null && !shared.take(weight))) {
      return;
    }
    rowsOf(record, true).addLast(new Kept(record, names, read, settledBy, loads, weight));
    bytes += weight;
  }

  /** The row kept for this very record read with {@code names}, taken out; null when none. */
  public TypedRow take(Record record, FieldNames names) {
    Kept kept = takeRead(record, names);
    return kept != null && kept.read() instanceof TypedRow row ? row : null;
  }

  /**
   * Like {@link #take}, handing the row and what settled it ({@link #keep}) to {@code rows}; false
   * when none was kept.
   */
  boolean take(Record record, FieldNames names, ParsedRows rows) {
    Kept kept = takeRead(record, names);
    if (kept == null || !(kept.read() instanceof TypedRow row)) {
      return false;
    }
    rows.remember(record, row, kept.settledBy());
    return true;
  }

  /** The change kept for this very record read with {@code names}, taken out; null when none. */
  Change takeChange(Record record, FieldNames names) {
    Kept kept = takeRead(record, names);
    return kept != null && kept.read() instanceof Change change ? change : null;
  }

  private synchronized Kept takeRead(Record record, FieldNames names) {
    ArrayDeque<Kept> rows = rowsOf(record, false);
    if (rows == null) {
      return null;
    }
    Kept head = rows.peekFirst();
    while (head != null && head.record().offset() < record.offset()) {
      forget(rows);
      head = rows.peekFirst();
    }
    if (head == null || head.record() != record) {
      return null;
    }
    forget(rows);
    return head.names() == names ? head : null;
  }

  /** A load of the table begins: rows older than {@value #LOADS_KEPT} loads are forgotten. */
  public synchronized void loadStarted() {
    loads++;
    for (Iterator<ArrayDeque<Kept>> it = partitions.values().iterator(); it.hasNext(); ) {
      ArrayDeque<Kept> rows = it.next();
      while (!rows.isEmpty() && rows.peekFirst().load() < loads - LOADS_KEPT) {
        forget(rows);
      }
      if (rows.isEmpty() && rows != last) {
        it.remove();
      }
    }
  }

  /** Forgets the rows of a partition's records: the runtime no longer owns it. */
  public synchronized void forget(TopicPartition partition) {
    ArrayDeque<Kept> rows = partitions.remove(partition);
    if (rows != null) {
      rows.forEach(kept -> release(kept.bytes()));
      if (rows == last) {
        last = null;
        lastRecord = null;
      }
    }
  }

  /** How many rows are kept, for tests. */
  synchronized int size() {
    return partitions.values().stream().mapToInt(ArrayDeque::size).sum();
  }

  private void forget(ArrayDeque<Kept> rows) {
    release(rows.pollFirst().bytes());
  }

  private void release(long weight) {
    bytes -= weight;
    if (shared != null) {
      shared.give(weight);
    }
  }

  /** The rows kept for the record's partition (created when {@code create}; else maybe null). */
  private ArrayDeque<Kept> rowsOf(Record record, boolean create) {
    if (last != null
        && lastRecord.partition() == record.partition()
        && lastRecord.topic().equals(record.topic())) {
      return last;
    }
    TopicPartition tp = new TopicPartition(record.topic(), record.partition());
    ArrayDeque<Kept> rows =
        create ? partitions.computeIfAbsent(tp, k -> new ArrayDeque<>()) : partitions.get(tp);
    if (rows != null) {
      last = rows;
      lastRecord = record;
    }
    return rows;
  }
}
