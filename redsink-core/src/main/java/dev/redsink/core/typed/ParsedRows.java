package dev.redsink.core.typed;

import dev.redsink.core.record.Record;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The typed rows of one table's records in a load, each read once with the table's {@link
 * FieldNames}: what creating the table and the schema check read, the encoding reuses instead of
 * parsing every JSON value again. Filled on the load's thread before its files are encoded, then
 * only read (the encoding threads start after it is filled).
 */
public final class ParsedRows {
  /** Remembers nothing: every row is read when needed. */
  public static final ParsedRows NONE = new ParsedRows(null);

  private final FieldNames names;
  private final JudgedRows judged;
  private final Map<Record, TypedRow> rows;

  public ParsedRows(FieldNames names) {
    this(names, null, 0);
  }

  /**
   * Rows of about {@code records} records that take what a runtime's check read already from {@code
   * judged} before reading.
   */
  public ParsedRows(FieldNames names, JudgedRows judged, int records) {
    this.names = names;
    this.judged = judged;
    this.rows = new IdentityHashMap<>(records);
  }

  /** The record's row read with these rows' names: read once, then remembered. */
  public TypedRow read(Record record) {
    TypedRow row = rows.get(record);
    if (row == null) {
      row = judged == null ? null : judged.take(record, names);
      if (row == null) {
        row = ValueReader.read(record, names);
      }
      rows.put(record, row);
    }
    return row;
  }

  /** Remembers the row a record's value reads as with these rows' names, without reading it. */
  void remember(Record record, TypedRow row) {
    rows.put(record, row);
  }

  /** Whether these rows were read with {@code names}. */
  public boolean readWith(FieldNames names) {
    return names == this.names;
  }

  /** The row already read for this very record with {@code names}, if any. */
  public Optional<TypedRow> of(Record record, FieldNames names) {
    return names == this.names ? Optional.ofNullable(rows.get(record)) : Optional.empty();
  }
}
