package dev.redsink.core.encode;

import dev.redsink.core.error.BadRecordException;
import dev.redsink.core.error.FatalException;
import dev.redsink.core.record.Record;
import dev.redsink.core.sql.TypeMapping;
import dev.redsink.core.sql.TypeMapping.Fit;
import dev.redsink.core.table.Column;
import dev.redsink.core.table.RowLayout;
import dev.redsink.core.table.SchemaEvolution;
import dev.redsink.core.table.TableName;
import dev.redsink.core.typed.FieldKind;
import dev.redsink.core.typed.FieldType;
import dev.redsink.core.typed.FieldValue;
import dev.redsink.core.typed.TypedRow;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Checks a typed record's fields against a typed table's field columns: a value that no column of
 * its family can hold, or (with schema evolution) one of a type no widening makes room for, is a
 * bad record naming record, field, column type and field type.
 */
final class FieldChecks {
  private final Map<String, Column> columns = new HashMap<>();
  private final SchemaEvolution evolution;

  /** A field's folded name and its column (null when it has none). */
  private record Slot(String field, Column column) {}

  /** Fields positions remembered: rows of one table mostly carry the same fields in order. */
  private static final int SLOTS = 64;

  /**
   * The column of the field seen last at each position of a row, so that a row like the last one
   * finds its columns without a map lookup; written by any thread checking (a slot is replaced
   * whole, and a stale one is only a miss).
   */
  private final Slot[] slots = new Slot[SLOTS];

  FieldChecks(RowLayout layout, SchemaEvolution evolution) {
    layout.fields().forEach(c -> columns.put(TableName.fold(c.name()), c));
    this.evolution = evolution;
  }

  /**
   * Before schema evolution: fields without a column or needing a wider VARCHAR are fine. Returns
   * whether every non-null field has a column that takes it as is (then no write can refuse it:
   * columns only ever widen).
   */
  boolean check(Record record, TypedRow row) {
    boolean asIs = true;
    List<FieldValue> fields = row.fields();
    for (int j = 0; j < fields.size(); j++) {
      FieldValue field = fields.get(j);
      Column column = column(j, field.name());
      Fit fit =
          column == null
              ? TypeMapping.fit(
                  TypeMapping.column(typeOrString(field), 0), Integer.MAX_VALUE, field)
              : TypeMapping.fit(column.type(), column.maxBytes(), field);
      if (fit == Fit.TOO_LONG) {
        throw new BadRecordException(
            record.id(),
            "Cannot encode record "
                + record.id()
                + ": field '"
                + field.name()
                + "' is "
                + TypeMapping.bytes(field)
                + " bytes, over the 65535 bytes a VARCHAR or SUPER staged as text holds");
      }
      if (fit == Fit.INCOMPATIBLE
          && evolution != SchemaEvolution.NONE
          && !row.declared()
          && (column == null || TypeMapping.widened(column.type(), field.type()).isEmpty())) {
        // A wider numeric type is the schema evolution's to make (or, when it may not change
        // types, to refuse loudly), and a type a schema declares is the source's schema
        // changing, which the load refuses loudly: neither is one bad record.
        throw incompatible(record, field, column);
      }
      asIs &= field.value() == null || (column != null && fit == Fit.FITS);
    }
    return asIs;
  }

  /** After schema evolution: every field has a column it fits as is. */
  void requireColumns(Record record, TypedRow row) {
    List<FieldValue> fields = row.fields();
    for (int j = 0; j < fields.size(); j++) {
      FieldValue field = fields.get(j);
      Column column = column(j, field.name());
      if (column == null) {
        if (field.value() == null) {
          continue;
        }
        throw new FatalException(
            "Cannot encode record "
                + record.id()
                + ": field '"
                + field.name()
                + "' has no column in the layout being written");
      }
      Fit fit = TypeMapping.fit(column.type(), column.maxBytes(), field);
      if (fit == Fit.INCOMPATIBLE) {
        throw incompatible(record, field, column);
      }
      if (fit != Fit.FITS) {
        throw new FatalException(
            "Cannot encode record "
                + record.id()
                + ": field '"
                + field.name()
                + "' ("
                + TypeMapping.bytes(field)
                + " bytes) does not fit column '"
                + column.name()
                + "' "
                + column.type().display());
      }
    }
  }

  /** The column of the field {@code name} at position {@code j} of a row, or null. */
  private Column column(int j, String name) {
    Slot slot = j < SLOTS ? slots[j] : null;
    if (slot != null && slot.field().equals(name)) {
      return slot.column();
    }
    String folded = TableName.fold(name);
    Column column = columns.get(folded);
    if (j < SLOTS) {
      slots[j] = new Slot(name, column);
    }
    return column;
  }

  /** The exception for a value whose type its column cannot take. */
  static BadRecordException incompatible(Record record, FieldValue field, Column column) {
    return new BadRecordException(
        record.id(),
        "Cannot load record "
            + record.id()
            + ": field '"
            + field.name()
            + "' is now "
            + field.type()
            + " but its column '"
            + column.name()
            + "' is "
            + column.type().display()
            + ", and Redshift cannot change a column to that type; Redsink never drops or"
            + " narrows columns");
  }

  private static FieldType typeOrString(FieldValue field) {
    return field.type() == null ? FieldType.of(FieldKind.STRING) : field.type();
  }
}
