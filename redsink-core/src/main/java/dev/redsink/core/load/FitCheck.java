package dev.redsink.core.load;

import dev.redsink.core.encode.RecordChecks;
import dev.redsink.core.error.BadRecordException;
import dev.redsink.core.error.ErrorCategory;
import dev.redsink.core.error.RedsinkException;
import dev.redsink.core.error.TransientException;
import dev.redsink.core.record.Record;
import dev.redsink.core.sql.TypeMapping;
import dev.redsink.core.sql.TypeMapping.Fit;
import dev.redsink.core.table.Column;
import dev.redsink.core.table.FieldColumns;
import dev.redsink.core.table.SchemaEvolution;
import dev.redsink.core.table.TableName;
import dev.redsink.core.table.TypedTableColumns;
import dev.redsink.core.typed.FieldValue;
import dev.redsink.core.typed.TypedRow;
import java.util.List;

/**
 * The check that every value of a load fits its column exactly once the columns evolved: a value
 * that would be rounded or cut refuses its record, a field whose source changed its type stops the
 * load, a column not yet in the catalog or not yet wide enough retries it.
 */
final class FitCheck {
  private FitCheck() {}

  static void require(
      TableName name,
      SchemaEvolution evolution,
      TypedTableColumns columns,
      List<Record> records,
      List<TypedRow> rows) {
    FieldColumns byPosition = columns.byPosition();
    for (int i = 0; i < records.size(); i++) {
      Record record = records.get(i);
      List<FieldValue> fields = rows.get(i).fields();
      for (int j = 0; j < fields.size(); j++) {
        FieldValue field = fields.get(j);
        if (field.value() == null) {
          continue;
        }
        Column column = byPosition.column(j, field.name());
        if (column == null) {
          throw new TransientException(
              "Cannot load record "
                  + record.id()
                  + " into "
                  + name
                  + ": the column of field '"
                  + field.name()
                  + "' is not in the catalog yet");
        }
        Fit fit = TypeMapping.fit(column.type(), column.maxBytes(), field);
        if (fit == Fit.INEXACT) {
          // Its type fits the column (the source did not change it), this value does not: one
          // bad record, whatever the schema declares and however the table may evolve.
          throw RecordChecks.inexact(record, field, column);
        }
        if (fit == Fit.INCOMPATIBLE) {
          BadRecordException bad = RecordChecks.incompatible(record, field, column);
          if (evolution == SchemaEvolution.NONE) {
            throw new RedsinkException(
                ErrorCategory.INVALID_CONFIG, bad.getMessage() + " (schema_evolution = none)");
          }
          if (rows.get(i).declared()) {
            throw schemaChanged(name, record, field, column);
          }
          throw bad;
        }
        if (fit == Fit.TOO_LONG) {
          throw new BadRecordException(
              record.id(),
              "Cannot load record "
                  + record.id()
                  + ": field '"
                  + field.name()
                  + "' is "
                  + TypeMapping.bytes(field)
                  + " bytes, over the "
                  + column.maxBytes()
                  + " bytes column '"
                  + column.name()
                  + "' of "
                  + name
                  + " holds");
        }
        if (fit == Fit.WIDEN) {
          throw new TransientException(
              "Cannot load record "
                  + record.id()
                  + " into "
                  + name
                  + ": column '"
                  + column.name()
                  + "' is not wide enough yet");
        }
      }
    }
  }

  /**
   * A field whose schema now declares a type its column cannot take, widened or not: the source
   * changed the field's type. Every later record would be refused too, so the load stops instead of
   * sending them all to the errant-record path.
   */
  private static RedsinkException schemaChanged(
      TableName name, Record record, FieldValue field, Column column) {
    return new RedsinkException(
        ErrorCategory.INVALID_CONFIG,
        "Cannot load record "
            + record.id()
            + " into table "
            + name
            + ": its schema declares field '"
            + field.name()
            + "' as "
            + field.type()
            + ", and column '"
            + column.name()
            + "' is "
            + column.type().display()
            + ", which no wider Redshift type turns into one that holds both: the source changed"
            + " the field's type. Redsink stops rather than refuse every later record. Rename the"
            + " column (ALTER TABLE "
            + name
            + " RENAME COLUMN "
            + column.name()
            + " TO "
            + column.name()
            + "_old) so that the next load adds one of the new type, or load the topic into"
            + " another table");
  }
}
