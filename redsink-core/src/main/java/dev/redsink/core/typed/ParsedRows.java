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
  private final Map<Record, Object> settledBy;

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
    this.settledBy = new IdentityHashMap<>(judged == null ? 0 : records);
  }

  /** The record's row read with these rows' names: read once, then remembered. */
  public TypedRow read(Record record) {
    TypedRow row = rows.get(record);
    if (row == null) {
      if (judged != null && judged.take(record, names, this)) {
        return rows.get(record);
      }
      row = ValueReader.read(record, names);
      rows.put(record, row);
    }
    return row;
  }

  /** Remembers the row a record's value reads as with these rows' names, without reading it. */
  void remember(Record record, TypedRow row) {
    rows.put(record, row);
  }

  /** {@link #remember}, with what found its fields to fit their columns as is (if not null). */
  void remember(Record record, TypedRow row, Object settled) {
    rows.put(record, row);
    if (settled != null) {
      settledBy.put(record, settled);
    }
  }

  /**
   * What found the fields of the record's row, {@link #read} already, to fit their columns as is
   * when a runtime's check took it ({@link JudgedRows#keep}); null when nothing did.
   */
  public Object settledBy(Record record) {
    return settledBy.get(record);
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
