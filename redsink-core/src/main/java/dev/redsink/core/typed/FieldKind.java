package dev.redsink.core.typed;

/**
 * The type of a top-level field: Kafka Connect's schema types (int8 … map, which JsonConverter
 * spells {@code float} and {@code double} for float32 and float64), its logical types (Decimal,
 * Date, Time, Timestamp) and the Debezium semantic types that map onto them or onto
 * VARIABLE_DECIMAL, TIMESTAMPTZ and JSON (see {@link SemanticTypes}); schemaless values are
 * inferred as INT64, FLOAT64, BOOLEAN, STRING or STRUCT/ARRAY.
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
  /**
   * io.debezium.data.VariableScaleDecimal (a NUMERIC without a declared scale): a BigDecimal at the
   * scale of its own value, which any DECIMAL column takes when it holds that value exactly.
   */
  VARIABLE_DECIMAL,
  /** org.apache.kafka.connect.data.Date: days since the epoch. */
  DATE,
  /** Time (Connect's or Debezium's): microseconds of the day. */
  TIME,
  /** Timestamp (Connect's or Debezium's): microseconds since the epoch, a wall-clock time. */
  TIMESTAMP,
  /** io.debezium.time.ZonedTimestamp: microseconds since the epoch, an instant. */
  TIMESTAMPTZ,
  /** io.debezium.data.Json: JSON text, which lands in SUPER. */
  JSON;

  /** True for the integers, floats and decimals. */
  public boolean isNumeric() {
    return this == INT8
        || this == INT16
        || this == INT32
        || this == INT64
        || this == FLOAT32
        || this == FLOAT64
        || isDecimal();
  }

  /** True for the decimals, declared or of variable scale: their values are BigDecimals. */
  public boolean isDecimal() {
    return this == DECIMAL || this == VARIABLE_DECIMAL;
  }

  /** True for struct, array, map and JSON text, which land in SUPER as JSON. */
  public boolean isNested() {
    return this == STRUCT || this == ARRAY || this == MAP || this == JSON;
  }
}
