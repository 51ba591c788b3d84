package dev.redsink.core.typed;

import dev.redsink.core.record.Record;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.Map;

/**
 * The typed rows a runtime's check read when it took records (to divert a bad record before it is
 * buffered), kept for the load that encodes those records so each value is parsed once, not twice.
 * Bounded: it keeps rows of records weighing at most {@code maxBytes} in all, and forgets a row no
 * load took within {@value #LOADS_KEPT} loads of the table (its record was revoked, or its load
 * failed and will read it again).
 */
public final class JudgedRows {
  /** Loads of the table after which a row no load took is forgotten. */
  static final int LOADS_KEPT = 3;

  private record Kept(FieldNames names, TypedRow row, long load, long bytes) {}

  private final long maxBytes;
  private final Map<Record, Kept> rows = new IdentityHashMap<>();
  private long bytes;
  private long loads;

  /** Keeps rows of records weighing at most {@code maxBytes} (key, value and headers) in all. */
  public JudgedRows(long maxBytes) {
    this.maxBytes = maxBytes;
  }

  /** Keeps the row {@code record} read as with {@code names}, unless the bound is reached. */
  public synchronized void keep(Record record, FieldNames names, TypedRow row) {
    long weight = record.bytes();
    if (bytes + weight > maxBytes) {
      return;
    }
    Kept old = rows.put(record, new Kept(names, row, loads, weight));
    bytes += weight - (old == null ? 0 : old.bytes());
  }

  /** The row kept for this very record read with {@code names}, taken out; null when none. */
  public synchronized TypedRow take(Record record, FieldNames names) {
    Kept kept = rows.remove(record);
    if (kept == null) {
      return null;
    }
    bytes -= kept.bytes();
    return kept.names() == names ? kept.row() : null;
  }

  /** A load of the table begins: rows older than {@value #LOADS_KEPT} loads are forgotten. */
  public synchronized void loadStarted() {
    loads++;
    for (Iterator<Kept> it = rows.values().iterator(); it.hasNext(); ) {
      Kept kept = it.next();
      if (kept.load() < loads - LOADS_KEPT) {
        bytes -= kept.bytes();
        it.remove();
      }
    }
  }

  /** How many rows are kept, for tests. */
  synchronized int size() {
    return rows.size();
  }
}
