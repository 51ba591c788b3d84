package dev.redsink.core.typed;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How a field's schema in a JsonConverter envelope reads: its schema type as JsonConverter spells
 * it, and the named types Kafka Connect (org.apache.kafka.connect.data.*) and Debezium
 * (io.debezium.*) put on top of it, each to the column type a Redshift user would choose.
 *
 * <p>A name Redsink does not know reads as its schema type (an int64 as BIGINT, a string as
 * VARCHAR), with one warning per name naming it.
 *
 * @see <a
 *     href="https://debezium.io/documentation/reference/stable/connectors/postgresql.html#postgresql-data-types">Debezium's
 *     PostgreSQL data types</a>
 */
final class SemanticTypes {
  private static final Logger LOG = LoggerFactory.getLogger(SemanticTypes.class);

  private static final String CONNECT = "org.apache.kafka.connect.data.";
  private static final String DEBEZIUM = "io.debezium.";

  /** How the JSON value of a field of a type is read into its {@link FieldValue}. */
  enum Unit {
    /** As the kind says (numbers, strings, base64 bytes, nested JSON). */
    PLAIN,
    /** An integer of milliseconds, held as microseconds. */
    MILLIS,
    /** An integer of microseconds. */
    MICROS,
    /**
     * An integer of nanoseconds, held as microseconds (Redshift keeps six digits): a value with
     * digits below a microsecond is refused, never cut.
     */
    NANOS,
    /** An ISO-8601 instant with an offset ({@code 2024-01-15T07:30:00.123456Z}). */
    ZONED,
    /**
     * A struct of {@code scale} and the base64 {@code value} of the unscaled integer, held at its
     * own scale.
     */
    VARIABLE_SCALE
  }

  /** A field's type and how its values read. */
  record Reading(FieldType type, Unit unit) {
    static Reading plain(FieldKind kind) {
      return new Reading(FieldType.of(kind), Unit.PLAIN);
    }
  }

  /** JsonConverter's type names (and Kafka Connect's, which name float32 and float64). */
  private static final Map<String, FieldKind> SCHEMA_TYPES =
      Map.ofEntries(
          Map.entry("int8", FieldKind.INT8),
          Map.entry("int16", FieldKind.INT16),
          Map.entry("int32", FieldKind.INT32),
          Map.entry("int64", FieldKind.INT64),
          Map.entry("float", FieldKind.FLOAT32),
          Map.entry("float32", FieldKind.FLOAT32),
          Map.entry("double", FieldKind.FLOAT64),
          Map.entry("float64", FieldKind.FLOAT64),
          Map.entry("boolean", FieldKind.BOOLEAN),
          Map.entry("string", FieldKind.STRING),
          Map.entry("bytes", FieldKind.BYTES),
          Map.entry("struct", FieldKind.STRUCT),
          Map.entry("array", FieldKind.ARRAY),
          Map.entry("map", FieldKind.MAP));

  private static final Map<String, Reading> NAMED =
      Map.ofEntries(
          Map.entry(CONNECT + "Date", Reading.plain(FieldKind.DATE)),
          Map.entry(CONNECT + "Time", new Reading(FieldType.of(FieldKind.TIME), Unit.MILLIS)),
          Map.entry(
              CONNECT + "Timestamp", new Reading(FieldType.of(FieldKind.TIMESTAMP), Unit.MILLIS)),
          Map.entry(DEBEZIUM + "time.Date", Reading.plain(FieldKind.DATE)),
          Map.entry(DEBEZIUM + "time.Time", new Reading(FieldType.of(FieldKind.TIME), Unit.MILLIS)),
          Map.entry(
              DEBEZIUM + "time.MicroTime", new Reading(FieldType.of(FieldKind.TIME), Unit.MICROS)),
          Map.entry(
              DEBEZIUM + "time.NanoTime", new Reading(FieldType.of(FieldKind.TIME), Unit.NANOS)),
          Map.entry(
              DEBEZIUM + "time.Timestamp",
              new Reading(FieldType.of(FieldKind.TIMESTAMP), Unit.MILLIS)),
          Map.entry(
              DEBEZIUM + "time.MicroTimestamp",
              new Reading(FieldType.of(FieldKind.TIMESTAMP), Unit.MICROS)),
          Map.entry(
              DEBEZIUM + "time.NanoTimestamp",
              new Reading(FieldType.of(FieldKind.TIMESTAMP), Unit.NANOS)),
          Map.entry(
              DEBEZIUM + "time.ZonedTimestamp",
              new Reading(FieldType.of(FieldKind.TIMESTAMPTZ), Unit.ZONED)),
          Map.entry(
              DEBEZIUM + "data.VariableScaleDecimal",
              new Reading(FieldType.of(FieldKind.VARIABLE_DECIMAL), Unit.VARIABLE_SCALE)),
          Map.entry(DEBEZIUM + "data.Json", Reading.plain(FieldKind.JSON)));

  /**
   * Debezium's names whose schema type is already the right column: a year as INTEGER, an interval
   * as BIGINT microseconds (or its ISO text), identifiers and enums as VARCHAR, bits as VARBYTE,
   * geometries and vectors as SUPER.
   */
  private static final Set<String> AS_SCHEMA_TYPE =
      Set.of(
          DEBEZIUM + "time.Year",
          DEBEZIUM + "time.MicroDuration",
          DEBEZIUM + "time.Interval",
          DEBEZIUM + "time.ZonedTime",
          DEBEZIUM + "data.Uuid",
          DEBEZIUM + "data.Enum",
          DEBEZIUM + "data.EnumSet",
          DEBEZIUM + "data.Xml",
          DEBEZIUM + "data.Bits",
          DEBEZIUM + "data.Ltree",
          DEBEZIUM + "data.Tsvector",
          DEBEZIUM + "data.geometry.Point",
          DEBEZIUM + "data.geometry.Geometry",
          DEBEZIUM + "data.geometry.Geography",
          DEBEZIUM + "data.DoubleVector",
          DEBEZIUM + "data.FloatVector",
          DEBEZIUM + "data.SparseDoubleVector");

  private static final Set<String> WARNED = ConcurrentHashMap.newKeySet();

  private SemanticTypes() {}

  /**
   * The reading of a field's schema node, or empty when its schema type is none JsonConverter
   * writes.
   */
  static Optional<Reading> of(JsonNode schema) {
    String name = schema.path("name").asText("");
    if (!name.isEmpty()) {
      if (name.equals(CONNECT + "Decimal")) {
        JsonNode parameters = schema.path("parameters");
        return Optional.of(
            new Reading(
                FieldType.decimal(
                    parameters.path("connect.decimal.precision").asInt(0),
                    parameters.path("scale").asInt(0)),
                Unit.PLAIN));
      }
      Reading named = NAMED.get(name);
      if (named != null) {
        return Optional.of(named);
      }
      if ((name.startsWith(DEBEZIUM) || name.startsWith(CONNECT))
          && !AS_SCHEMA_TYPE.contains(name)
          && WARNED.add(name)) {
        LOG.warn(
            "Fields of the type {} are loaded as their schema type '{}' (Redsink does not know"
                + " this type; see docs/table-layouts.md, type mapping)",
            name,
            schema.path("type").asText(""));
      }
    }
    FieldKind kind = SCHEMA_TYPES.get(schema.path("type").asText(""));
    return kind == null ? Optional.empty() : Optional.of(Reading.plain(kind));
  }
}
