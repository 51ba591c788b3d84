package dev.redsink.core.typed;

import com.fasterxml.jackson.databind.JsonNode;
import dev.redsink.core.error.BadRecordException;
import dev.redsink.core.record.Record;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.time.format.DateTimeParseException;
import java.util.Base64;

/**
 * A JSON value read as the type its Kafka Connect schema declares: integers within their width,
 * exact decimals, times to microseconds, bytes from base64. A value that does not match, or that
 * would be rounded or cut, refuses its record naming the field; nothing is changed silently.
 */
final class DeclaredValues {
  private DeclaredValues() {}

  /**
   * The value of field {@code name} as its schema declares it ({@code reading}).
   *
   * @throws BadRecordException naming the record and field when the value does not match its type
   *     or no column type would hold it exactly
   */
  static Object value(Record record, String name, SemanticTypes.Reading reading, JsonNode node) {
    if (node.isNull()) {
      return null;
    }
    FieldType type = reading.type();
    switch (reading.unit()) {
      case MILLIS, MICROS, NANOS:
        if (node.isIntegralNumber() && node.canConvertToLong()) {
          return micros(record, name, reading, node.longValue());
        }
        break;
      case ZONED:
        if (node.isTextual()) {
          return instantMicros(record, name, node.textValue());
        }
        break;
      case VARIABLE_SCALE:
        return variableScale(record, name, node);
      case PLAIN:
        return plain(record, name, type, node);
    }
    throw ValueReader.bad(
        record,
        "field '" + name + "' is declared " + type + " but holds " + node.getNodeType().name());
  }

  private static Object plain(Record record, String name, FieldType type, JsonNode node) {
    switch (type.kind()) {
      case INT8, INT16, INT32, INT64:
        if (node.isIntegralNumber() && node.canConvertToLong()) {
          long n = node.longValue();
          if (!inRange(type.kind(), n)) {
            // JsonConverter never writes one; an envelope written by hand may, and its column
            // (SMALLINT for int16) would not hold it.
            throw ValueReader.bad(
                record,
                "field '"
                    + name
                    + "' is declared "
                    + type
                    + " but holds "
                    + n
                    + ", beyond its range");
          }
          return n;
        }
        break;
      case FLOAT32, FLOAT64:
        if (node.isNumber()) {
          return node.doubleValue();
        }
        break;
      case BOOLEAN:
        if (node.isBoolean()) {
          return node.booleanValue();
        }
        break;
      case STRING, JSON:
        if (node.isTextual()) {
          return node.textValue();
        }
        break;
      case BYTES:
        if (node.isTextual()) {
          return base64(record, name, node.textValue());
        }
        break;
      case DECIMAL:
        return decimal(record, name, type, node);
      case DATE:
        if (node.isIntegralNumber() && node.canConvertToInt()) {
          return node.intValue();
        }
        break;
      case STRUCT, MAP:
        if (node.isObject() || node.isArray()) {
          return ValueReader.text(node);
        }
        break;
      case ARRAY:
        if (node.isArray()) {
          return ValueReader.text(node);
        }
        break;
    }
    throw ValueReader.bad(
        record,
        "field '" + name + "' is declared " + type + " but holds " + node.getNodeType().name());
  }

  private static boolean inRange(FieldKind kind, long n) {
    return switch (kind) {
      case INT8 -> n >= Byte.MIN_VALUE && n <= Byte.MAX_VALUE;
      case INT16 -> n >= Short.MIN_VALUE && n <= Short.MAX_VALUE;
      case INT32 -> n >= Integer.MIN_VALUE && n <= Integer.MAX_VALUE;
      default -> true;
    };
  }

  private static long micros(
      Record record, String name, SemanticTypes.Reading reading, long value) {
    if (reading.unit() == SemanticTypes.Unit.NANOS && value % 1000L != 0) {
      throw ValueReader.bad(
          record,
          "field '"
              + name
              + "' holds "
              + value
              + " nanoseconds, and Redshift's "
              + (reading.type().kind() == FieldKind.TIME ? "TIME" : "TIMESTAMP")
              + " keeps microseconds: its last three digits ("
              + String.format("%03d", Math.abs(value % 1000L))
              + ") would be lost; set Debezium's time.precision.mode = connect to send such"
              + " times in milliseconds, or send the field as a string to load it as text");
    }
    try {
      return switch (reading.unit()) {
        case MILLIS -> Math.multiplyExact(value, 1000L);
        case NANOS -> value / 1000L;
        default -> value;
      };
    } catch (ArithmeticException e) {
      throw ValueReader.bad(
          record, "field '" + name + "' holds a time beyond any Redshift can store");
    }
  }

  private static long instantMicros(Record record, String name, String text) {
    try {
      return IsoTimestamps.micros(text);
    } catch (DateTimeParseException | ArithmeticException e) {
      throw ValueReader.bad(
          record,
          "field '"
              + name
              + "' holds '"
              + ValueReader.shown(text)
              + "', which is not an ISO-8601 time stamp with an offset (Redshift's TIMESTAMPTZ"
              + " has no infinity)");
    } catch (IsoTimestamps.BelowMicrosecondsException e) {
      throw ValueReader.bad(
          record,
          "field '"
              + name
              + "' holds '"
              + ValueReader.shown(text)
              + "', whose digits below a microsecond Redshift's TIMESTAMPTZ cannot hold (it keeps"
              + " six); round such times to microseconds at the source, or send them as a plain"
              + " string field to load them as text");
    }
  }

  /**
   * Debezium's VariableScaleDecimal at its own scale: whether its column holds it exactly (the
   * column's scale and integer digits) is the load's to decide, never rounded here.
   */
  private static BigDecimal variableScale(Record record, String name, JsonNode node) {
    JsonNode scale = node.path("scale");
    JsonNode value = node.path("value");
    if (!scale.isIntegralNumber() || !scale.canConvertToInt() || !value.isTextual()) {
      throw ValueReader.bad(
          record,
          "field '"
              + name
              + "' is declared io.debezium.data.VariableScaleDecimal but does not hold"
              + " {\"scale\": …, \"value\": …}");
    }
    try {
      return new BigDecimal(
          new BigInteger(base64(record, name, value.textValue())), scale.intValue());
    } catch (NumberFormatException e) {
      throw ValueReader.bad(record, "field '" + name + "' does not hold a decimal value");
    }
  }

  private static BigDecimal decimal(Record record, String name, FieldType type, JsonNode node) {
    try {
      if (node.isTextual()) {
        return new BigDecimal(new BigInteger(base64(record, name, node.textValue())), type.scale());
      }
      if (node.isNumber()) {
        return node.decimalValue().setScale(type.scale(), RoundingMode.UNNECESSARY);
      }
    } catch (ArithmeticException | NumberFormatException e) {
      throw ValueReader.bad(record, "field '" + name + "' does not hold a " + type + " value");
    }
    throw ValueReader.bad(
        record, "field '" + name + "' is declared " + type + " but holds " + node.getNodeType());
  }

  private static byte[] base64(Record record, String name, String text) {
    try {
      return Base64.getDecoder().decode(text);
    } catch (IllegalArgumentException e) {
      throw ValueReader.bad(record, "field '" + name + "' is not valid base64");
    }
  }
}
