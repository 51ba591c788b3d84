package dev.redsink.core.typed;

import com.fasterxml.jackson.databind.JsonNode;
import dev.redsink.core.error.BadRecordException;
import dev.redsink.core.record.Header;
import dev.redsink.core.record.Record;
import dev.redsink.core.table.CdcDeleteMode;
import dev.redsink.core.table.TableName;
import dev.redsink.core.table.WriteMode;
import dev.redsink.core.table.WriteSettings;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Reads one record as a keyed {@link Change} for write_mode = upsert (the value's fields, keyed by
 * primary_key or the record key), cdc (a Debezium change event, optionally in a JsonConverter
 * envelope: the after image, or for op d the before image, ordered by the source position) or
 * history (either).
 */
final class ChangeReader {
  private final WriteSettings settings;
  private final FieldNames names;
  private final UnavailableValues unavailable;
  private final VersionTime versionTime;

  ChangeReader(WriteSettings settings, FieldNames names) {
    this.settings = settings;
    this.names = names;
    this.unavailable = new UnavailableValues(settings.unavailableValue());
    this.versionTime = new VersionTime(settings);
  }

  Change read(Record record, int index) {
    return switch (settings.mode()) {
      case CDC -> cdc(record, index);
      case HISTORY -> versionTime.stamped(history(record, index));
      default -> upsert(record, index);
    };
  }

  /**
   * write_mode = history reads Debezium change events as cdc does and any other keyed record as
   * upsert does: each a new version of its key. Debezium's other records (heartbeats, schema
   * changes, transaction metadata), which a topic pattern matching the change topics also matches,
   * are skipped as cdc skips them, not versioned as records keyed by their server name.
   */
  private Change history(Record record, int index) {
    if (record.value() == null) {
      return upsert(record, index);
    }
    ParsedValue parsed;
    try {
      parsed = ParsedValue.of(record);
    } catch (IOException e) {
      throw bad(record, "the value is not valid JSON");
    }
    JsonNode payload = parsed.payload();
    boolean event =
        payload != null
            && payload.isObject()
            && payload.has("op")
            && (payload.has("after") || payload.has("before"));
    if (!event && payload != null && payload.isObject() && !payload.has("op")) {
      Optional<String> other = NotChanges.kindOfKeyed(parsed.schema(), payload);
      if (other.isPresent()) {
        NotChanges.warnOnce(record.topic(), other.get());
        return new Change(record, index, Change.Op.SKIP, List.of(), List.of(), null, Position.NONE);
      }
    }
    return event ? cdc(record, index, parsed) : upsert(record, index);
  }

  private Change upsert(Record record, int index) {
    if (record.value() == null) {
      if (settings.tombstones() == WriteSettings.TombstoneHandling.DELETE) {
        TypedRow key = recordKey(record);
        return keyed(record, index, Change.Op.DELETE, key, key, Position.NONE);
      }
      return new Change(record, index, Change.Op.SKIP, List.of(), List.of(), null, Position.NONE);
    }
    UnavailableValues.Split split = unavailable.split(ValueReader.read(record, names));
    TypedRow key = settings.keyFromRecordKey() ? recordKey(record) : null;
    return keyed(
        record,
        index,
        Change.Op.UPSERT,
        merge(split.row(), key),
        key,
        Position.NONE,
        split.unavailable());
  }

  private Change cdc(Record record, int index) {
    if (record.value() == null) {
      // Debezium follows each delete with a tombstone for log compaction: nothing to apply.
      return new Change(record, index, Change.Op.SKIP, List.of(), List.of(), null, Position.NONE);
    }
    ParsedValue parsed;
    try {
      parsed = ParsedValue.of(record);
    } catch (IOException e) {
      throw bad(record, "the value is not valid JSON");
    }
    return cdc(record, index, parsed);
  }

  private Change cdc(Record record, int index, ParsedValue parsed) {
    JsonNode schema = parsed.schema();
    JsonNode payload = parsed.payload();
    if (schema == null && (payload == null || !payload.isObject())) {
      throw bad(record, "the value is not a JSON object");
    }
    if (payload == null || payload.isNull()) {
      return new Change(record, index, Change.Op.SKIP, List.of(), List.of(), null, Position.NONE);
    }
    String op = payload.path("op").asText("");
    if (op.isEmpty()) {
      Optional<String> other = NotChanges.kind(schema, payload);
      if (other.isPresent()) {
        NotChanges.warnOnce(record.topic(), other.get());
        return new Change(record, index, Change.Op.SKIP, List.of(), List.of(), null, Position.NONE);
      }
    }
    if (op.equals("t")) {
      return new Change(
          record,
          index,
          Change.Op.TRUNCATE,
          List.of(),
          List.of(),
          null,
          Position.of(payload.path("source")));
    }
    boolean delete = op.equals("d");
    if (!delete && !op.equals("c") && !op.equals("r") && !op.equals("u")) {
      throw bad(
          record,
          "op '"
              + op
              + "' is not a Debezium change-event op (c, r, u, d or t); write_mode = "
              + settings.mode().keyword()
              + " needs Debezium change-event envelopes as values");
    }
    String imageName = delete ? "before" : "after";
    JsonNode image = payload.get(imageName);
    TypedRow key = settings.keyFromRecordKey() && record.key() != null ? recordKey(record) : null;
    TypedRow row;
    if (image == null || image.isNull()) {
      if (!delete || key == null) {
        throw bad(record, "the op '" + op + "' event has no " + imageName + " image");
      }
      row = key;
    } else {
      row = ValueReader.read(record, names, imageSchema(schema, imageName), image);
    }
    if (settings.keyFromRecordKey() && key == null) {
      throw bad(record, "primary_key = record_key, and the record has no key");
    }
    UnavailableValues.Split split = unavailable.split(merge(row, key));
    row = split.row();
    Change.Op kind = Change.Op.UPSERT;
    if (settings.mode() == WriteMode.CDC && settings.cdcDelete() == CdcDeleteMode.SOFT) {
      row = withDeletedFlag(row, delete);
      if (delete) {
        kind = Change.Op.SOFT_DELETE;
      }
    } else if (delete) {
      kind = Change.Op.DELETE;
    }
    return keyed(
        record,
        index,
        kind,
        row,
        key,
        Position.of(payload.path("source")),
        delete ? Set.of() : split.unavailable());
  }

  /** The schema of the envelope's image field, or null when the value has no schema. */
  private static JsonNode imageSchema(JsonNode schema, String imageName) {
    if (schema == null) {
      return null;
    }
    for (JsonNode field : schema.path("fields")) {
      if (imageName.equals(field.path("field").asText())) {
        return field;
      }
    }
    return null;
  }

  TypedRow withDeletedFlag(TypedRow row, boolean deleted) {
    List<FieldValue> fields = new ArrayList<>();
    String flag = TableName.fold(settings.deletedColumn());
    for (FieldValue f : row.fields()) {
      if (!f.name().equals(flag)) {
        fields.add(f);
      }
    }
    fields.add(new FieldValue(flag, FieldType.of(FieldKind.BOOLEAN), deleted));
    return row.withFields(fields);
  }

  private Change keyed(
      Record record, int index, Change.Op op, TypedRow row, TypedRow recordKey, Position position) {
    return keyed(record, index, op, row, recordKey, position, Set.of());
  }

  private Change keyed(
      Record record,
      int index,
      Change.Op op,
      TypedRow row,
      TypedRow recordKey,
      Position position,
      Set<String> unavailable) {
    List<String> keys;
    if (settings.keyFromRecordKey()) {
      keys = recordKey.fields().stream().map(FieldValue::name).toList();
      if (keys.isEmpty()) {
        throw bad(record, "primary_key = record_key, and the record key has no fields");
      }
    } else {
      keys = settings.primaryKey().stream().map(k -> names.column(record, k)).toList();
    }
    List<String> values = new ArrayList<>(keys.size());
    for (String name : keys) {
      FieldValue f = field(row, name);
      if (f == null || f.value() == null) {
        throw new BadRecordException(
            record.id(),
            "Cannot "
                + settings.mode().keyword()
                + " record "
                + record.id()
                + ": primary key field '"
                + name
                + "' (primary_key = "
                + String.join(",", settings.primaryKey())
                + ") is "
                + (f == null ? "absent" : "null"));
      }
      values.add(f.json());
    }
    ChangedKey previous =
        op == Change.Op.UPSERT ? changedKey(record, keys, ChangedKey.OLD_KEY_HEADER) : null;
    ChangedKey next =
        op == Change.Op.DELETE ? changedKey(record, keys, ChangedKey.NEW_KEY_HEADER) : null;
    return new Change(record, index, op, keys, values, row, position, unavailable, previous, next);
  }

  /**
   * The other key of a primary-key change, from Debezium's {@code header} (a JSON object or a
   * JsonConverter envelope of the key struct); null when the record has none or it does not hold
   * every key column.
   */
  private ChangedKey changedKey(Record record, List<String> keys, String header) {
    byte[] bytes = null;
    for (Header h : record.headers()) {
      if (header.equals(h.key()) && h.value() != null) {
        bytes = h.value();
      }
    }
    if (bytes == null) {
      return null;
    }
    Map<String, FieldValue> other = headerKey(record, bytes);
    if (other == null) {
      return null; // not a key this table can read: the change keeps what it has
    }
    List<FieldValue> fields = new ArrayList<>(keys.size());
    for (String name : keys) {
      fields.add(other.get(name));
    }
    return ChangedKey.of(fields);
  }

  /**
   * A key header's fields: typed by the record key's schema when the record holds one (Debezium's
   * key headers hold a key of the same table, written as the key's payload), so they compare with
   * the record keys read with it; read on their own otherwise, or when that schema does not read
   * them. Null when neither reads.
   */
  private Map<String, FieldValue> headerKey(Record record, byte[] bytes) {
    if (record.keySchema() != null) {
      try {
        return ValueReader.read(record.withEnvelope(record.keySchema(), bytes), names)
            .byColumnName();
      } catch (BadRecordException e) {
        // not the key's payload: read it as it is
      }
    }
    try {
      return ValueReader.read(record.withValue(bytes), names).byColumnName();
    } catch (BadRecordException e) {
      return null;
    }
  }

  /** The record key's fields; the key must be a JSON object (or a JsonConverter envelope). */
  private TypedRow recordKey(Record record) {
    if (record.key() == null) {
      throw bad(record, "primary_key = record_key, and the record has no key");
    }
    try {
      return ValueReader.read(record.keyAsValue(), names);
    } catch (BadRecordException e) {
      throw bad(
          record,
          "primary_key = record_key needs a record key that is a JSON object (or a JsonConverter"
              + " envelope of a struct) whose fields can name columns: "
              + e.getMessage());
    }
  }

  /** The value's fields with the record key's fields added or replacing those of the same name. */
  private static TypedRow merge(TypedRow row, TypedRow key) {
    if (key == null || carries(row, key)) {
      return row;
    }
    Map<String, FieldValue> merged = new LinkedHashMap<>();
    row.fields().forEach(f -> merged.put(f.name(), f));
    for (FieldValue k : key.fields()) {
      FieldValue have = merged.get(k.name());
      if (have == null || have.value() == null) {
        merged.put(k.name(), k);
      }
    }
    return row.withFields(new ArrayList<>(merged.values()));
  }

  /**
   * Whether the row has a value for each of the key's fields (Debezium's images carry the key
   * columns): then merging the key changes nothing.
   */
  private static boolean carries(TypedRow row, TypedRow key) {
    for (int j = 0; j < key.size(); j++) {
      int at = indexOf(row, key.name(j));
      if (at < 0 || row.value(at) == null) {
        return false;
      }
    }
    return true;
  }

  /**
   * The row's last field of this column name, as {@link TypedRow#byColumnName} keeps it; null when
   * it has none. A row's fields are few and a key's one or two, so a scan beats building a map.
   */
  private static FieldValue field(TypedRow row, String name) {
    int at = indexOf(row, name);
    return at < 0 ? null : row.fields().get(at);
  }

  /** The index of {@link #field}'s field, or -1. */
  private static int indexOf(TypedRow row, String name) {
    for (int j = row.size() - 1; j >= 0; j--) {
      if (row.name(j).equals(name)) {
        return j;
      }
    }
    return -1;
  }

  private static BadRecordException bad(Record record, String reason) {
    return new BadRecordException(
        record.id(), "Cannot read record " + record.id() + " as a change: " + reason);
  }
}
