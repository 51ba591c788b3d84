package dev.redsink.core.typed;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.ByteArrayBuilder;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.redsink.core.record.EnvelopeBytes;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
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

  /** The schema each thread wrote last: a load's staged rows mostly have the same fields. */
  private static final ThreadLocal<Schema> LAST_SCHEMA = new ThreadLocal<>();

  /** The struct name marking a row whose types its values suggested (no schema declared them). */
  static final String SCHEMALESS = "redsink.schemaless";

  private Envelopes() {}

  static byte[] write(TypedRow row) {
    return EnvelopeBytes.of(schema(row), payload(row));
  }

  /** The schema's bytes: those of the thread's last row when this row has the same fields. */
  private static byte[] schema(TypedRow row) {
    Schema last = LAST_SCHEMA.get();
    if (last != null && last.describes(row)) {
      return last.bytes();
    }
    ByteArrayBuilder out = new ByteArrayBuilder(256);
    List<String> names = new ArrayList<>();
    List<FieldType> types = new ArrayList<>();
    try (JsonGenerator g = JSON.getFactory().createGenerator(out)) {
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
          names.add(field.name());
          types.add(field.type());
        }
      }
      g.writeEndArray();
      g.writeEndObject();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    Schema schema = new Schema(row.declared(), names, types, out.toByteArray());
    LAST_SCHEMA.set(schema);
    return schema.bytes();
  }

  private static byte[] payload(TypedRow row) {
    ByteArrayBuilder out = new ByteArrayBuilder(256);
    try (JsonGenerator g = JSON.getFactory().createGenerator(out)) {
      g.writeStartObject();
      for (FieldValue field : row.fields()) {
        if (field.type() != null) {
          g.writeFieldName(field.name());
          value(g, field);
        }
      }
      g.writeEndObject();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }

  /** A written schema and the fields it describes: those of the rows with a type, in order. */
  private record Schema(boolean declared, List<String> names, List<FieldType> types, byte[] bytes) {
    boolean describes(TypedRow row) {
      if (row.declared() != declared) {
        return false;
      }
      int i = 0;
      for (FieldValue field : row.fields()) {
        if (field.type() != null) {
          if (i == names.size()
              || !field.name().equals(names.get(i))
              || !field.type().equals(types.get(i))) {
            return false;
          }
          i++;
        }
      }
      return i == names.size();
    }
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
      case VARIABLE_DECIMAL -> {
        g.writeStringField("type", "struct");
        g.writeStringField("name", DEBEZIUM + "data.VariableScaleDecimal");
        g.writeArrayFieldStart("fields");
        g.writeStartObject();
        g.writeStringField("field", "scale");
        g.writeStringField("type", "int32");
        g.writeEndObject();
        g.writeStartObject();
        g.writeStringField("field", "value");
        g.writeStringField("type", "bytes");
        g.writeEndObject();
        g.writeEndArray();
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
    } else if (v instanceof BigDecimal d && kind == FieldKind.VARIABLE_DECIMAL) {
      // at its own scale, as Debezium sends it: a number would be read at a declared scale
      g.writeStartObject();
      g.writeNumberField("scale", d.scale());
      g.writeStringField(
          "value", Base64.getEncoder().encodeToString(d.unscaledValue().toByteArray()));
      g.writeEndObject();
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
