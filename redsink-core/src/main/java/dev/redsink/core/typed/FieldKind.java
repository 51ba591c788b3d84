package dev.redsink.core.typed;

/**
 * The type of a top-level field as Kafka Connect names it (int8 … map, and the logical types
 * Decimal, Date, Time, Timestamp); schemaless values are inferred as INT64, FLOAT64, BOOLEAN,
 * STRING or STRUCT/ARRAY.
 */
public enum FieldKind {
  INT8,
  INT16,
  INT32,
  INT64,
  FLOAT32,
  FLOAT64,
  BOOLEAN,
  STRING,
  BYTES,
  STRUCT,
  ARRAY,
  MAP,
  /** org.apache.kafka.connect.data.Decimal: a BigDecimal at the schema's scale. */
  DECIMAL,
  /** org.apache.kafka.connect.data.Date: days since the epoch. */
  DATE,
  /** org.apache.kafka.connect.data.Time: milliseconds of the day. */
  TIME,
  /** org.apache.kafka.connect.data.Timestamp: milliseconds since the epoch. */
  TIMESTAMP;

  /** True for struct, array and map, which land in SUPER as JSON. */
  public boolean isNested() {
    return this == STRUCT || this == ARRAY || this == MAP;
  }
}
