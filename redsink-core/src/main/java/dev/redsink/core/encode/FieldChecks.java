package dev.redsink.core.encode;

import dev.redsink.core.error.BadRecordException;
import dev.redsink.core.error.FatalException;
import dev.redsink.core.record.Record;
import dev.redsink.core.sql.TypeMapping;
import dev.redsink.core.sql.TypeMapping.Fit;
import dev.redsink.core.table.Column;
import dev.redsink.core.table.ColumnType;
import dev.redsink.core.table.FieldColumns;
import dev.redsink.core.table.RowLayout;
import dev.redsink.core.table.SchemaEvolution;
import dev.redsink.core.typed.FieldKind;
import dev.redsink.core.typed.FieldType;
import dev.redsink.core.typed.FieldValue;
import dev.redsink.core.typed.TypedRow;
import java.math.BigDecimal;
import java.util.List;

/**
 * Checks a typed record's fields against a typed table's field columns: a value that no column of
 * its family can hold, (with schema evolution) one of a type no widening makes room for, or one its
 * column would hold only rounded and no wider DECIMAL holds exactly, is a bad record naming record,
 * field, column type and field type (and the value, for one that would be rounded).
 */
final class FieldChecks {
  private final RowLayout layout;
  private final FieldColumns columns;
  private final SchemaEvolution evolution;

  FieldChecks(RowLayout layout, SchemaEvolution evolution) {
    this.layout = layout;
    this.columns = new FieldColumns(layout);
    this.evolution = evolution;
  }

  /** Whether a row {@link #check} found to fit as is fits {@code other}'s field columns as is. */
  boolean settlesFor(RowLayout other) {
    return other == layout || other.fields().equals(layout.fields());
  }

  /**
   * Before schema evolution: fields without a column or needing a wider VARCHAR are fine. Returns
   * whether every non-null field has a column that takes it as is (then no write can refuse it:
   * columns only ever widen).
   */
  boolean check(Record record, TypedRow row) {
    boolean asIs = true;
    for (int j = 0; j < row.size(); j++) {
      // The field's parts, not the field: this runs for every field of every record taken.
      String name = row.name(j);
      FieldType type = row.type(j);
      Column column = columns.column(j, name);
      Fit fit =
          column == null
              ? TypeMapping.fit(
                  TypeMapping.column(type == null ? FieldType.of(FieldKind.STRING) : type, 0),
                  Integer.MAX_VALUE,
                  row,
                  j)
              : TypeMapping.fit(column.type(), column.maxBytes(), row, j);
      if (fit == Fit.TOO_LONG) {
        throw new BadRecordException(
            record.id(),
            "Cannot encode record "
                + record.id()
                + ": field '"
                + name
                + "' is "
                + TypeMapping.bytes(row, j)
                + " bytes, over the 65535 bytes a VARCHAR or SUPER staged as text holds");
      }
      if (fit == Fit.INEXACT) {
        ColumnType into = column == null ? TypeMapping.column(type, 0) : column.type();
        if (TypeMapping.widened(into, type, row.value(j)).isEmpty()) {
          // Never rounded: no DECIMAL holds it with what the column holds, or no type at all.
          throw inexact(record, row.fields().get(j), column == null ? name : column.name(), into);
        }
      }
      if (fit == Fit.INCOMPATIBLE
          && evolution != SchemaEvolution.NONE
          && !row.declared()
          && (column == null || TypeMapping.widened(column.type(), type).isEmpty())) {
        // A wider numeric type is the schema evolution's to make (or, when it may not change
        // types, to refuse loudly), and a type a schema declares is the source's schema
        // changing, which the load refuses loudly: neither is one bad record.
        throw incompatible(record, row.fields().get(j), column);
      }
      asIs &= row.isNull(j) || (column != null && fit == Fit.FITS);
    }
    return asIs;
  }

  /**
   * After schema evolution, which made every non-null field of a load fit its column as is: each
   * such field has a column in the layout being written, so no value is left out of its file.
   */
  void requireColumns(Record record, TypedRow row) {
    List<FieldValue> fields = row.fields();
    for (int j = 0; j < fields.size(); j++) {
      FieldValue field = fields.get(j);
      if (field.value() != null && columns.column(j, field.name()) == null) {
        throw noColumn(record, field);
      }
    }
  }

  /** The failure for a field with a value and no column in the layout being written. */
  static FatalException noColumn(Record record, FieldValue field) {
    return new FatalException(
        "Cannot encode record "
            + record.id()
            + ": field '"
            + field.name()
            + "' has no column in the layout being written");
  }

  /** Every field has a column it fits as is: for rows no schema step has seen. */
  void requireFit(Record record, TypedRow row) {
    requireColumns(record, row);
    List<FieldValue> fields = row.fields();
    for (int j = 0; j < fields.size(); j++) {
      FieldValue field = fields.get(j);
      Column column = columns.column(j, field.name());
      if (column == null) {
        continue;
      }
      Fit fit = TypeMapping.fit(column.type(), column.maxBytes(), field);
      if (fit == Fit.INCOMPATIBLE) {
        throw incompatible(record, field, column);
      }
      if (fit == Fit.INEXACT) {
        throw inexact(record, field, column.name(), column.type());
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

  /**
   * The exception for a value of a type its column takes that the column would hold only rounded
   * (or not at all), naming record, field, column, value and the ways to load it exactly.
   */
  static BadRecordException inexact(
      Record record, FieldValue field, String columnName, ColumnType column) {
    Object value = field.value();
    String shown = value instanceof BigDecimal d ? d.toPlainString() : String.valueOf(value);
    if (shown.length() > 60) {
      shown = shown.substring(0, 60) + "…";
    }
    String why;
    String fix;
    if (value instanceof BigDecimal d) {
      int places = TypeMapping.places(d);
      int digits = TypeMapping.integerDigits(d);
      why =
          " ("
              + digits
              + " integer digits and "
              + places
              + " places; it keeps "
              + (column.length() - column.scale())
              + " and "
              + column.scale()
              + ", and no DECIMAL holds both its values and this one)";
      fix =
          "give the column a type that holds such values (a DECIMAL(p,s) with s >= "
              + places
              + " and p - s >= "
              + digits
              + ", p at most 38: rename column '"
              + columnName
              + "' and add it with that type, or create the table with it)"
              + (field.type().kind() == FieldKind.VARIABLE_DECIMAL
                  ? ", or set decimal.handling.mode = string on the Debezium source connector to"
                      + " load such numbers as text"
                  : "");
    } else {
      why = " (it would be " + BigDecimal.valueOf(((Number) value).doubleValue()) + ")";
      fix =
          "load the field into a BIGINT column (rename column '"
              + columnName
              + "' so that the next load adds one) or send such integers as strings";
    }
    return new BadRecordException(
        record.id(),
        "Cannot load record "
            + record.id()
            + ": field '"
            + field.name()
            + "' holds "
            + shown
            + ", which column '"
            + columnName
            + "' "
            + column.display()
            + " cannot hold exactly"
            + why
            + "; Redsink never rounds a value. To load it, "
            + fix);
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
}
