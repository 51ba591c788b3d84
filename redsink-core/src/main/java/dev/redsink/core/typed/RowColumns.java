package dev.redsink.core.typed;

import dev.redsink.core.record.Record;
import java.util.HashMap;
import java.util.Map;

/**
 * The columns of one record's fields so far, to find two fields landing in one column: a short
 * array for the few fields most records have (no map per record), a map beyond.
 */
final class RowColumns {
  static final int FEW = 16;

  private final Record record;
  private final FieldNames names;
  private final String[] columns;
  private final String[] fields;
  private int count;
  private Map<String, String> fieldByColumn;

  RowColumns(Record record, FieldNames names, int fields) {
    this.record = record;
    this.names = names;
    this.columns = new String[Math.min(fields, FEW)];
    this.fields = new String[columns.length];
  }

  /**
   * Whether a field leaves the record to the JSON tree: a top-level {@code schema} or {@code
   * payload} (maybe an envelope), or a name given twice (the tree keeps its last value).
   */
  boolean leavesToTree(String field) {
    return field.equals("schema") || field.equals("payload") || has(field);
  }

  /** Whether this very field name came before. */
  boolean has(String field) {
    if (fieldByColumn != null) {
      return field.equals(fieldByColumn.get(names.column(record, field)));
    }
    for (int i = 0; i < count; i++) {
      if (fields[i].equals(field)) {
        return true;
      }
    }
    return false;
  }

  /**
   * The column of the next field.
   *
   * @throws dev.redsink.core.error.BadRecordException when no column can have its name, or an
   *     earlier field lands in the same column
   */
  String of(String field) {
    return add(field, names.column(record, field));
  }

  /** {@link #of}, for a field whose column its {@link FieldNames} found already. */
  String add(String field, String column) {
    if (fieldByColumn == null && count < columns.length) {
      for (int i = 0; i < count; i++) {
        if (columns[i].equals(column)) {
          throw FieldNames.collision(record, fields[i], field, column);
        }
      }
      columns[count] = column;
      fields[count++] = field;
      return column;
    }
    if (fieldByColumn == null) {
      fieldByColumn = new HashMap<>();
      for (int i = 0; i < count; i++) {
        fieldByColumn.put(columns[i], fields[i]);
      }
    }
    String other = fieldByColumn.putIfAbsent(column, field);
    if (other != null) {
      throw FieldNames.collision(record, other, field, column);
    }
    return column;
  }
}
