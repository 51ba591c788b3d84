package dev.redsink.core.typed;

/**
 * One top-level field of a record value. The value is null (no type information when schemaless),
 * or by kind: Long (int8…int64), Double (float32/64), Boolean, String (string), byte[] (bytes),
 * BigDecimal (Decimal), Integer days (Date), Long microseconds of the day (Time), Long microseconds
 * since the epoch (Timestamp, TimestampTz), String JSON text (struct, array, map, JSON).
 *
 * @param type null only for a schemaless null
 */
public record FieldValue(String name, FieldType type, Object value) {

  /** The value's JSON text, for a SUPER column: nested values as sent, scalars encoded. */
  public String json() {
    return json(type, value);
  }

  /** {@link #json()} of a field's type and value, without the field. */
  public static String json(FieldType type, Object value) {
    return type != null && type.kind().isNested() ? (String) value : ValueReader.json(value);
  }
}
