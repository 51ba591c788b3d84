package dev.redsink.core.typed;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.util.Base64;
import java.util.Locale;

/**
 * Writes a {@link TypedRow} back as a Kafka Connect JsonConverter envelope that {@link ValueReader}
 * reads as the same fields and types: the one form key-folded rows are staged in. Schemaless nulls
 * (no type) are left out, as they get no column.
 */
final class Envelopes {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String LOGICAL = "org.apache.kafka.connect.data.";
  private static final String DEBEZIUM = "io.debezium.";

  /** The struct name marking a row whose types its values suggested (no schema declared them). */
  static final String SCHEMALESS = "redsink.schemaless";

  private Envelopes() {}

  static byte[] write(TypedRow row) {
    ObjectNode root = JSON.createObjectNode();
    ObjectNode schema = root.putObject("schema");
    schema.put("type", "struct");
    if (!row.declared()) {
      schema.put("name", SCHEMALESS);
    }
    ArrayNode fields = schema.putArray("fields");
    ObjectNode payload = root.putObject("payload");
    for (FieldValue field : row.fields()) {
      if (field.type() == null) {
        continue;
      }
      ObjectNode f = fields.addObject();
      f.put("field", field.name());
      f.put("optional", true);
      schema(f, field.type());
      payload.set(field.name(), value(field));
    }
    try {
      return JSON.writeValueAsBytes(root);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void schema(ObjectNode f, FieldType type) {
    switch (type.kind()) {
      case DECIMAL -> {
        f.put("type", "bytes");
        f.put("name", LOGICAL + "Decimal");
        ObjectNode parameters = f.putObject("parameters");
        parameters.put("scale", Integer.toString(type.scale()));
        if (type.precision() > 0) {
          parameters.put("connect.decimal.precision", Integer.toString(type.precision()));
        }
      }
      case DATE -> {
        f.put("type", "int32");
        f.put("name", LOGICAL + "Date");
      }
      case TIME -> {
        f.put("type", "int64");
        f.put("name", DEBEZIUM + "time.MicroTime");
      }
      case TIMESTAMP -> {
        f.put("type", "int64");
        f.put("name", DEBEZIUM + "time.MicroTimestamp");
      }
      case TIMESTAMPTZ -> {
        f.put("type", "string");
        f.put("name", DEBEZIUM + "time.ZonedTimestamp");
      }
      case JSON -> {
        f.put("type", "string");
        f.put("name", DEBEZIUM + "data.Json");
      }
      default -> f.put("type", type.kind().name().toLowerCase(Locale.ROOT));
    }
  }

  private static JsonNode value(FieldValue field) {
    Object v = field.value();
    if (v == null) {
      return JSON.nullNode();
    }
    if (field.type().kind() == FieldKind.TIMESTAMPTZ) {
      return JSON.getNodeFactory().textNode(Micros.instant((Long) v).toString());
    }
    if (field.type().kind() == FieldKind.JSON) {
      return JSON.getNodeFactory().textNode((String) v);
    }
    if (field.type().kind().isNested()) {
      try {
        return JSON.readTree((String) v);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    if (v instanceof byte[] bytes) {
      return JSON.getNodeFactory().textNode(Base64.getEncoder().encodeToString(bytes));
    }
    if (v instanceof BigDecimal d) {
      return JSON.getNodeFactory().numberNode(d);
    }
    return JSON.valueToTree(v);
  }
}
