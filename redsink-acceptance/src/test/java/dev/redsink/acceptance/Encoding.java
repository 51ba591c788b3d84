package dev.redsink.acceptance;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.redsink.acceptance.Message.ChangeEvent;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.Map;

/**
 * The bytes a message is produced with (or written as a line): raw payload bytes, schemaless JSON,
 * or a JsonConverter envelope whose schema a Kafka Connect producer would have written (Decimal as
 * base64 of its unscaled two's-complement bytes, Timestamp as epoch milliseconds).
 */
final class Encoding {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private Encoding() {}

  /** The key bytes, or null. */
  static byte[] key(Cell cell, Message m) {
    if (m.key() == null) {
      return null;
    }
    if (m.key() instanceof byte[] raw) {
      return raw;
    }
    Map<String, Object> fields = m.keyFields();
    String json =
        cell.layout() == Layout.TYPED_ENVELOPE
            ? envelope(struct(fields, false), values(fields)).toString()
            : values(fields).toString();
    return json.getBytes(StandardCharsets.UTF_8);
  }

  /** The value bytes, or null for a tombstone. */
  static byte[] value(Cell cell, Message m) {
    Object value = m.value() instanceof Message.Refused refused ? refused.value() : m.value();
    if (value == null) {
      return null;
    }
    if (value instanceof byte[] raw) {
      return raw;
    }
    boolean envelope = cell.layout() == Layout.TYPED_ENVELOPE;
    String json;
    if (value instanceof ChangeEvent event) {
      ObjectNode payload = NODES.objectNode();
      payload.set("before", event.before() == null ? NODES.nullNode() : values(event.before()));
      payload.set("after", event.after() == null ? NODES.nullNode() : values(event.after()));
      payload.put("op", event.op());
      // source.ts_ms, the source's commit time, versions a history row.
      payload
          .putObject("source")
          .put("lsn", event.lsn())
          .put("ts_ms", m.timestamp())
          .put("connector", "postgresql");
      payload.put("ts_ms", m.timestamp());
      json = envelope ? envelope(changeSchema(event), payload).toString() : payload.toString();
    } else {
      @SuppressWarnings("unchecked")
      Map<String, Object> row = (Map<String, Object>) value;
      json =
          envelope ? envelope(struct(row, true), values(row)).toString() : values(row).toString();
    }
    return json.getBytes(StandardCharsets.UTF_8);
  }

  private static ObjectNode envelope(ObjectNode schema, ObjectNode payload) {
    ObjectNode e = NODES.objectNode();
    e.set("schema", schema);
    e.set("payload", payload);
    return e;
  }

  /** The fields as JSON values; in an envelope the Decimal and Timestamp encodings apply. */
  private static ObjectNode values(Map<String, Object> fields) {
    ObjectNode o = NODES.objectNode();
    fields.forEach(
        (name, v) -> {
          if (v == null) {
            o.putNull(name);
          } else if (v instanceof Long l) {
            o.put(name, l);
          } else if (v instanceof Integer i) {
            o.put(name, i);
          } else if (v instanceof Double d) {
            o.put(name, d);
          } else if (v instanceof Boolean b) {
            o.put(name, b);
          } else if (v instanceof BigDecimal d) {
            o.put(name, Base64.getEncoder().encodeToString(d.unscaledValue().toByteArray()));
          } else if (v instanceof Instant t) {
            o.put(name, t.toEpochMilli());
          } else {
            o.put(name, v.toString());
          }
        });
    return o;
  }

  /** A struct schema for the fields; names and types follow the row generator's. */
  private static ObjectNode struct(Map<String, Object> fields, boolean optionalFields) {
    ObjectNode s = NODES.objectNode();
    s.put("type", "struct");
    ArrayNode list = s.putArray("fields");
    for (String name : fields.keySet()) {
      ObjectNode f = list.addObject();
      f.put("field", name);
      f.put("optional", optionalFields && !name.equals("order_id"));
      switch (name) {
        case "order_id" -> f.put("type", "int64");
        case "qty" -> f.put("type", "int32");
        case "active" -> f.put("type", "boolean");
        case "amount" -> {
          f.put("type", "bytes");
          f.put("name", "org.apache.kafka.connect.data.Decimal");
          f.put("version", 1);
          f.putObject("parameters").put("scale", "2").put("connect.decimal.precision", "10");
        }
        case "placed_at" -> {
          f.put("type", "int64");
          f.put("name", "org.apache.kafka.connect.data.Timestamp");
          f.put("version", 1);
        }
        default -> f.put("type", "string");
      }
    }
    return s;
  }

  /** Debezium's value schema: optional before and after structs, op, source, ts_ms. */
  private static ObjectNode changeSchema(ChangeEvent event) {
    Map<String, Object> image = event.after() != null ? event.after() : event.before();
    ObjectNode s = NODES.objectNode();
    s.put("type", "struct");
    s.put("name", "acc.Envelope");
    ArrayNode list = s.putArray("fields");
    for (String side : new String[] {"before", "after"}) {
      ObjectNode f = struct(image, true);
      f.put("optional", true);
      f.put("field", side);
      f.put("name", "acc.Value");
      list.add(f);
    }
    list.addObject().put("field", "op").put("type", "string").put("optional", false);
    ObjectNode source = list.addObject();
    source.put("field", "source").put("type", "struct").put("optional", false);
    ArrayNode sourceFields = source.putArray("fields");
    sourceFields.addObject().put("field", "lsn").put("type", "int64").put("optional", true);
    sourceFields.addObject().put("field", "ts_ms").put("type", "int64").put("optional", true);
    sourceFields.addObject().put("field", "connector").put("type", "string").put("optional", true);
    list.addObject().put("field", "ts_ms").put("type", "int64").put("optional", true);
    return s;
  }
}
