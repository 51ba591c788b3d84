package dev.redsink.core.typed;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.ByteArrayBuilder;
import com.fasterxml.jackson.databind.ObjectMapper;
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
    ByteArrayBuilder out = new ByteArrayBuilder(256);
    try (JsonGenerator g = JSON.getFactory().createGenerator(out)) {
      g.writeStartObject();
      g.writeFieldName("schema");
      g.writeStartObject();
      g.writeStringField("type", "struct");
      if (!row.declared()) {
        g.writeStringField("name", SCHEMALESS);
      }
      g.writeArrayFieldStart("fields");
      for (FieldValue field : row.fields()) {
        if (field.type() != null) {
          g.writeStartObject();
          g.writeStringField("field", field.name());
          g.writeBooleanField("optional", true);
          schema(g, field.type());
          g.writeEndObject();
        }
      }
      g.writeEndArray();
      g.writeEndObject();
      g.writeFieldName("payload");
      g.writeStartObject();
      for (FieldValue field : row.fields()) {
        if (field.type() != null) {
          g.writeFieldName(field.name());
          value(g, field);
        }
      }
      g.writeEndObject();
      g.writeEndObject();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }

  private static void schema(JsonGenerator g, FieldType type) throws IOException {
    switch (type.kind()) {
      case DECIMAL -> {
        g.writeStringField("type", "bytes");
        g.writeStringField("name", LOGICAL + "Decimal");
        g.writeObjectFieldStart("parameters");
        g.writeStringField("scale", Integer.toString(type.scale()));
        if (type.precision() > 0) {
          g.writeStringField("connect.decimal.precision", Integer.toString(type.precision()));
        }
        g.writeEndObject();
      }
      case DATE -> logical(g, "int32", LOGICAL + "Date");
      case TIME -> logical(g, "int64", DEBEZIUM + "time.MicroTime");
      case TIMESTAMP -> logical(g, "int64", DEBEZIUM + "time.MicroTimestamp");
      case TIMESTAMPTZ -> logical(g, "string", DEBEZIUM + "time.ZonedTimestamp");
      case JSON -> logical(g, "string", DEBEZIUM + "data.Json");
      default -> g.writeStringField("type", type.kind().name().toLowerCase(Locale.ROOT));
    }
  }

  private static void logical(JsonGenerator g, String type, String name) throws IOException {
    g.writeStringField("type", type);
    g.writeStringField("name", name);
  }

  private static void value(JsonGenerator g, FieldValue field) throws IOException {
    Object v = field.value();
    FieldKind kind = field.type().kind();
    if (v == null) {
      g.writeNull();
    } else if (kind == FieldKind.TIMESTAMPTZ) {
      g.writeString(Micros.instant((Long) v).toString());
    } else if (kind == FieldKind.JSON) {
      g.writeString((String) v);
    } else if (kind.isNested()) {
      // the value's JSON text, as the reader made it: written as it is
      g.writeRawValue((String) v);
    } else if (v instanceof byte[] bytes) {
      g.writeString(Base64.getEncoder().encodeToString(bytes));
    } else if (v instanceof BigDecimal d) {
      g.writeNumber(d);
    } else if (v instanceof String text) {
      g.writeString(text);
    } else if (v instanceof Long n) {
      g.writeNumber(n);
    } else if (v instanceof Integer n) {
      g.writeNumber(n);
    } else if (v instanceof Double n) {
      g.writeNumber(n);
    } else if (v instanceof Float n) {
      g.writeNumber(n);
    } else if (v instanceof Boolean b) {
      g.writeBoolean(b);
    } else {
      JSON.writeValue(g, v);
    }
  }
}
