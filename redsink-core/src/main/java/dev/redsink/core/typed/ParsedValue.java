package dev.redsink.core.typed;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import dev.redsink.core.record.EnvelopeBytes;
import dev.redsink.core.record.Record;
import java.io.IOException;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * A record value read as JSON: a Kafka Connect JsonConverter envelope's schema and payload, or any
 * other JSON value whole.
 *
 * <p>JsonConverter writes the same schema in front of every record of a table, and in a Debezium
 * change event (before, after and source images) it is most of the bytes. An envelope as
 * JsonConverter writes it ({@code {"schema":{…},"payload":…}}, nothing between) has its schema
 * parsed once per distinct schema text and shared, read only, by every record that carries the same
 * bytes; only the payload is parsed per record. The schemas read last are found by comparing bytes,
 * without scanning the schema for its end. Any other form is parsed whole.
 *
 * @param schema the envelope's schema (shared: never modify it), or null when the value is not an
 *     envelope
 * @param payload the envelope's payload, or the whole value
 */
record ParsedValue(JsonNode schema, JsonNode payload) {
  private static final ObjectMapper JSON =
      new ObjectMapper().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);

  /** Reads trees without resolving JsonNode's type on every record, as ObjectMapper does. */
  private static final ObjectReader TREES = JSON.readerFor(JsonNode.class);

  /** Distinct schemas remembered; past this many the memory starts again, empty. */
  private static final int SCHEMAS_KEPT = 256;

  private static final Map<SchemaText, Recent> SCHEMAS = new ConcurrentHashMap<>();

  /** Schemas read last, tried first: a record's key and value schemas, a table or two. */
  private static final int RECENT = 4;

  private static final AtomicReferenceArray<Recent> RECENT_SCHEMAS =
      new AtomicReferenceArray<>(RECENT);

  private static final AtomicInteger NEXT_RECENT = new AtomicInteger();

  /** A schema's whole bytes and the schema they read as. */
  private record Recent(byte[] bytes, JsonNode schema) {}

  /**
   * Reads the record's value, whole or held split ({@link Record#valueSchema()}).
   *
   * @throws IOException when it is not valid JSON
   */
  static ParsedValue of(Record record) throws IOException {
    byte[] schemaBytes = record.valueSchema();
    if (schemaBytes == null) {
      return of(record.value());
    }
    JsonNode schema = known(schemaBytes);
    if (schema == null) {
      schema = schema(schemaBytes, 0, schemaBytes.length).schema();
      remember(schemaBytes, schema);
    }
    if (schema.path("type").isTextual()) {
      try (JsonParser parser = JSON.createParser(record.value())) {
        JsonNode payload = TREES.readTree(parser);
        if (payload != null && nothingFollows(parser)) {
          return new ParsedValue(schema, payload);
        }
      }
    }
    return of(record.wholeValue());
  }

  /**
   * The record as a buffer holds it: a value in JsonConverter's exact envelope form held split
   * ({@link Record#withEnvelope}), its schema's bytes the instance every record of that schema
   * shares; any other record as it is.
   */
  static Record held(Record record) {
    byte[] value = record.value();
    if (record.valueSchema() != null || value == null) {
      return record;
    }
    Recent shared = null;
    int to = -1;
    for (int i = 0; i < RECENT && shared == null; i++) {
      Recent recent = RECENT_SCHEMAS.get(i);
      if (recent != null && (to = EnvelopeBytes.schemaEndIfSame(value, recent.bytes())) >= 0) {
        shared = recent;
      }
    }
    if (shared == null) {
      to = EnvelopeBytes.schemaEnd(value);
      if (to < 0) {
        return record;
      }
      try {
        shared = schema(value, EnvelopeBytes.schemaStart(), to);
      } catch (IOException e) {
        return record; // not JSON: the record's check says so
      }
      remember(shared.bytes(), shared.schema());
    }
    if (!shared.schema().path("type").isTextual()) {
      return record; // not a schema: the value is read whole
    }
    int payloadFrom = EnvelopeBytes.payloadStart(to);
    return record.withEnvelope(
        shared.bytes(), Arrays.copyOfRange(value, payloadFrom, value.length - 1));
  }

  /** The schema of these very bytes when they are one of the schemas read last; else null. */
  private static JsonNode known(byte[] schemaBytes) {
    for (int i = 0; i < RECENT; i++) {
      Recent recent = RECENT_SCHEMAS.get(i);
      if (recent != null && recent.bytes() == schemaBytes) {
        return recent.schema();
      }
    }
    for (int i = 0; i < RECENT; i++) {
      Recent recent = RECENT_SCHEMAS.get(i);
      if (recent != null && Arrays.equals(recent.bytes(), schemaBytes)) {
        // the same schema through another copy (a runtime's own): found by identity from now on
        RECENT_SCHEMAS.compareAndSet(i, recent, new Recent(schemaBytes, recent.schema()));
        return recent.schema();
      }
    }
    return null;
  }

  private static void remember(byte[] bytes, JsonNode schema) {
    RECENT_SCHEMAS.set(
        Math.floorMod(NEXT_RECENT.getAndIncrement(), RECENT), new Recent(bytes, schema));
  }

  /**
   * Reads {@code value}.
   *
   * @throws IOException when it is not valid JSON
   */
  static ParsedValue of(byte[] value) throws IOException {
    ParsedValue fast = asJsonConverterWrites(value);
    if (fast != null) {
      return fast;
    }
    JsonNode root = TREES.readTree(value);
    if (root != null
        && root.size() == 2
        && root.has("payload")
        && root.path("schema").isObject()
        && root.path("schema").path("type").isTextual()) {
      return new ParsedValue(root.get("schema"), root.get("payload"));
    }
    return new ParsedValue(null, root);
  }

  /** The envelope, when the value has JsonConverter's exact form; null otherwise. */
  private static ParsedValue asJsonConverterWrites(byte[] value) throws IOException {
    JsonNode schema = null;
    int to = -1;
    for (int i = 0; i < RECENT && schema == null; i++) {
      Recent recent = RECENT_SCHEMAS.get(i);
      if (recent != null && (to = EnvelopeBytes.schemaEndIfSame(value, recent.bytes())) >= 0) {
        schema = recent.schema();
      }
    }
    if (schema == null) {
      to = EnvelopeBytes.schemaEnd(value);
      if (to < 0) {
        return null;
      }
      Recent known = schema(value, EnvelopeBytes.schemaStart(), to);
      schema = known.schema();
      remember(known.bytes(), schema);
    }
    if (!schema.path("type").isTextual()) {
      return null;
    }
    int payloadFrom = EnvelopeBytes.payloadStart(to);
    try (JsonParser parser =
        JSON.createParser(value, payloadFrom, value.length - 1 - payloadFrom)) {
      JsonNode payload = TREES.readTree(parser);
      return payload != null && nothingFollows(parser) ? new ParsedValue(schema, payload) : null;
    }
  }

  /** Whether the parser is at the end: else more than a payload follows, to be read whole. */
  private static boolean nothingFollows(JsonParser parser) {
    try {
      return parser.nextToken() == null;
    } catch (IOException e) {
      return false;
    }
  }

  /**
   * The schema in {@code value} from {@code from} to {@code to}, read once per distinct text, and
   * the bytes every record of that schema shares.
   */
  private static Recent schema(byte[] value, int from, int to) throws IOException {
    SchemaText text = new SchemaText(value, from, to);
    Recent known = SCHEMAS.get(text);
    if (known != null) {
      return known;
    }
    JsonNode schema = TREES.readTree(value, from, to - from);
    byte[] bytes = from == 0 && to == value.length ? value : Arrays.copyOfRange(value, from, to);
    if (SCHEMAS.size() >= SCHEMAS_KEPT) {
      SCHEMAS.clear();
    }
    Recent read = new Recent(bytes, schema);
    SCHEMAS.put(new SchemaText(bytes, 0, bytes.length), read);
    return read;
  }

  /** A schema's bytes within a value, equal to another's when the bytes are. */
  private static final class SchemaText {
    private final byte[] bytes;
    private final int from;
    private final int to;
    private final int hash;

    SchemaText(byte[] bytes, int from, int to) {
      this.bytes = bytes;
      this.from = from;
      this.to = to;
      int h = to - from;
      // Every 8th byte: enough to tell schemas apart, equals compares them all.
      for (int i = from; i < to; i += 8) {
        h = 31 * h + bytes[i];
      }
      this.hash = h;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof SchemaText other
          && hash == other.hash
          && Arrays.equals(bytes, from, to, other.bytes, other.from, other.to);
    }

    @Override
    public int hashCode() {
      return hash;
    }
  }
}
