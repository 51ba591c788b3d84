package dev.redsink.core.typed;

import dev.redsink.core.error.BadRecordException;
import dev.redsink.core.record.Record;
import dev.redsink.core.table.HistoryColumns;
import dev.redsink.core.table.TableName;
import dev.redsink.core.table.WriteSettings;
import java.util.ArrayList;
import java.util.List;

/**
 * When a change happened, for write_mode = history: the configured history_time_field, else the
 * source's commit time of a change event (source.ts_ms), else the record's timestamp; in
 * microseconds since the epoch, UTC. Stamps a change's row with the history columns.
 */
final class VersionTime {
  private static final FieldType TIMESTAMP = FieldType.of(FieldKind.TIMESTAMP);
  private static final FieldType BOOLEAN = FieldType.of(FieldKind.BOOLEAN);

  private final String field;

  VersionTime(WriteSettings settings) {
    this.field =
        settings.historyTimeField() == null ? null : TableName.fold(settings.historyTimeField());
  }

  /**
   * The change's row with the three history columns last: active, created at the change's time, not
   * deleted. The fold later closes versions that later changes end.
   */
  Change stamped(Change change) {
    if (change.row() == null) {
      return change;
    }
    long micros = micros(change);
    List<FieldValue> fields = new ArrayList<>(change.row().size() + 3);
    for (FieldValue f : change.row().fields()) {
      if (!HistoryColumns.ALL.contains(f.name())) {
        fields.add(f);
      }
    }
    fields.add(new FieldValue(HistoryColumns.IS_ACTIVE, BOOLEAN, Boolean.TRUE));
    fields.add(new FieldValue(HistoryColumns.CREATE_TIME, TIMESTAMP, micros));
    fields.add(new FieldValue(HistoryColumns.DELETE_TIME, TIMESTAMP, null));
    return change.withRow(change.row().withFields(fields));
  }

  /**
   * The time of a change, in microseconds since the epoch. A delete without history_time_field (a
   * tombstone's key, or a before image of the key columns only, as Debezium sends with the source's
   * default replica identity) closes its key at the source's time, else the record's: a delete
   * carries no values, so it need not carry the field.
   */
  long micros(Change change) {
    if (field != null && change.row() != null) {
      Long micros = fieldMicros(change.record(), change.row());
      if (micros != null) {
        return micros;
      }
      if (change.op() == Change.Op.UPSERT) {
        throw refused(change.record(), "is absent or null");
      }
    }
    if (change.position().sourceMillis() != Position.NO_TIME) {
      return change.position().sourceMillis() * 1000;
    }
    long timestamp = change.record().timestamp();
    // A record without a timestamp (-1) versions at the time it is read.
    return (timestamp >= 0 ? timestamp : System.currentTimeMillis()) * 1000;
  }

  /** The time of a stamped row (its {@link HistoryColumns#CREATE_TIME}). */
  static long of(TypedRow row) {
    for (int j = row.size() - 1; j >= 0; j--) {
      if (row.name(j).equals(HistoryColumns.CREATE_TIME)) {
        return (Long) row.value(j);
      }
    }
    throw new IllegalStateException("row has no " + HistoryColumns.CREATE_TIME);
  }

  /** The field's time, or null when the row does not have it or it is null. */
  private Long fieldMicros(Record record, TypedRow row) {
    for (int j = row.size() - 1; j >= 0; j--) {
      if (!row.name(j).equals(field)) {
        continue;
      }
      Object value = row.value(j);
      FieldType type = row.type(j);
      if (value == null || type == null) {
        break;
      }
      switch (type.kind()) {
        case TIMESTAMP, TIMESTAMPTZ:
          return (Long) value;
        case INT32, INT64:
          return ((Number) value).longValue() * 1000;
        case STRING:
          try {
            return IsoTimestamps.micros(((String) value).trim());
          } catch (RuntimeException e) {
            throw refused(record, "holds '" + value + "', not an ISO-8601 time with an offset");
          }
        default:
          throw refused(
              record, "is a " + type + ", not a timestamp, epoch milliseconds or ISO-8601 text");
      }
    }
    return null;
  }

  private BadRecordException refused(Record record, String why) {
    return new BadRecordException(
        record.id(),
        "Cannot version record "
            + record.id()
            + ": its history_time_field '"
            + field
            + "' "
            + why
            + "; give every record the field, or remove history_time_field to version by the"
            + " source's commit time");
  }
}
