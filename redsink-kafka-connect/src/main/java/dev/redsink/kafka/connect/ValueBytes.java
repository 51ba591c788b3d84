package dev.redsink.kafka.connect;

import dev.redsink.core.record.EnvelopeBytes;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Map;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.json.DecimalFormat;
import org.apache.kafka.connect.json.JsonConverter;
import org.apache.kafka.connect.json.JsonConverterConfig;
import org.apache.kafka.connect.storage.ConverterConfig;
import org.apache.kafka.connect.storage.ConverterType;

/**
 * Turns a key, value or header as a converter delivered it into the bytes Redsink stores: byte[] as
 * is, String as UTF-8, everything else (Struct, Map, List, numbers) as schemaless JSON — except
 * values with a schema when the table is typed, which keep it in JsonConverter's envelope.
 */
final class ValueBytes {
  private final JsonConverter json = converter(false);
  private final JsonConverter withSchema = converter(true);

  /** The JSON of the schemas met so far, by instance; past this many it starts again, empty. */
  private final Map<Schema, byte[]> schemas = Collections.synchronizedMap(new IdentityHashMap<>());

  private static final int SCHEMAS_KEPT = 64;
  private final StructFormat valueFormat;

  ValueBytes() {
    this(StructFormat.SCHEMALESS_JSON);
  }

  ValueBytes(StructFormat valueFormat) {
    this.valueFormat = valueFormat;
  }

  private static JsonConverter converter(boolean schemas) {
    JsonConverter converter = new JsonConverter();
    converter.configure(
        Map.of(
            JsonConverterConfig.SCHEMAS_ENABLE_CONFIG,
            schemas,
            JsonConverterConfig.DECIMAL_FORMAT_CONFIG,
            DecimalFormat.NUMERIC.name(),
            ConverterConfig.TYPE_CONFIG,
            ConverterType.VALUE.getName()));
    return converter;
  }

  /**
   * A record value's bytes, and the schema's when the value is held split from it ({@link
   * dev.redsink.core.record.Record#valueSchema()}).
   *
   * @param bytes the value's bytes, or a split envelope's payload; null for null
   * @param schema null, or the envelope's schema, shared by every value of that schema
   */
  record Value(byte[] bytes, byte[] schema) {}

  /**
   * A record value: like {@link #of}, but a value with a schema keeps it for typed tables, in
   * JsonConverter's envelope held split.
   */
  Value value(String topic, Schema schema, Object value) {
    if (valueFormat == StructFormat.JSON_WITH_SCHEMA
        && schema != null
        && value != null
        && !(value instanceof byte[])
        && !(value instanceof ByteBuffer)
        && !(value instanceof String)) {
      return enveloped(topic, schema, value);
    }
    return new Value(of(topic, schema, value), null);
  }

  /**
   * JsonConverter's envelope ({@code {"schema":…,"payload":…}}), byte for byte as {@code
   * schemas.enable = true} writes it, held split: the schema's JSON written once per schema and
   * shared by its records (converters and transforms hand every record of a schema the same
   * instance, and in a Debezium change event the schema is most of the bytes), the payload per
   * record.
   */
  private Value enveloped(String topic, Schema schema, Object value) {
    byte[] schemaJson = schemas.get(schema);
    if (schemaJson == null) {
      byte[] envelope = withSchema.fromConnectData(topic, schema, value);
      int to = EnvelopeBytes.schemaEnd(envelope);
      if (to < 0) {
        return new Value(envelope, null);
      }
      schemaJson = Arrays.copyOfRange(envelope, EnvelopeBytes.schemaStart(), to);
      if (schemas.size() >= SCHEMAS_KEPT) {
        schemas.clear();
      }
      schemas.put(schema, schemaJson);
      return new Value(
          Arrays.copyOfRange(envelope, EnvelopeBytes.payloadStart(to), envelope.length - 1),
          schemaJson);
    }
    return new Value(json.fromConnectData(topic, schema, value), schemaJson);
  }

  /**
   * The stored bytes, or null for null.
   *
   * @throws org.apache.kafka.connect.errors.DataException when the value cannot be serialized
   */
  byte[] of(String topic, Schema schema, Object value) {
    if (value == null) {
      return null;
    }
    if (value instanceof byte[] bytes) {
      return bytes;
    }
    if (value instanceof ByteBuffer buffer) {
      ByteBuffer copy = buffer.duplicate();
      byte[] bytes = new byte[copy.remaining()];
      copy.get(bytes);
      return bytes;
    }
    if (value instanceof String text) {
      return text.getBytes(StandardCharsets.UTF_8);
    }
    return json.fromConnectData(topic, schema, value);
  }
}
