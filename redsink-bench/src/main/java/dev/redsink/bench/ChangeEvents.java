package dev.redsink.bench;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.debezium.data.Envelope;
import io.debezium.data.Json;
import io.debezium.data.Uuid;
import io.debezium.time.Date;
import io.debezium.time.MicroTimestamp;
import io.debezium.time.ZonedTimestamp;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.UUID;
import org.apache.kafka.connect.data.Decimal;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.json.JsonConverter;

/**
 * The change events of one PostgreSQL table of ordinary OLTP columns as Debezium's PostgreSQL
 * connector writes them to its topic, with its defaults: built with Debezium's own envelope and
 * semantic types ({@code io.debezium.time.Date}, {@code MicroTimestamp}, {@code ZonedTimestamp},
 * {@code Uuid}, {@code Json}, precise decimals) and serialised, key and value, by Kafka Connect's
 * JsonConverter with schemas — the bytes the topic holds.
 *
 * <p>The mix: 70% inserts ({@code op = c}, a new key), 25% updates ({@code op = u}, before and
 * after images, a live key), 5% deletes ({@code op = d}, the before image, then a tombstone, as
 * {@code tombstones.on.delete = true}); updated and deleted keys are drawn uniformly from the live
 * keys, a set that grows. The generator keeps the table the events describe, so a load can be
 * checked: its row count and the sum of its {@code qty} column; and, for a history table, the
 * versions the events make (one per insert and update), their keys and the sum of their {@code
 * qty}.
 *
 * <p>Every message's schema is the same, so its JSON is written once: each message is that schema's
 * bytes around the payload JsonConverter writes without a schema, which is byte for byte what
 * JsonConverter writes with it (the first {@value #CHECKED} messages are compared with it). A
 * benchmark's producer then spends its CPU on the payloads, not on writing the same 3.6 KB of
 * schema per event on the cores the pipeline it measures runs on.
 */
final class ChangeEvents {
  static final String TOPIC = "dbz.public.orders";

  /** One message of the topic; a null value is a tombstone. */
  record Message(byte[] key, byte[] value) {}

  private static final Schema KEY =
      SchemaBuilder.struct()
          .name("dbz.public.orders.Key")
          .field("order_id", Schema.INT64_SCHEMA)
          .build();
  private static final Schema ROW =
      SchemaBuilder.struct()
          .name("dbz.public.orders.Value")
          .optional()
          .field("order_id", Schema.INT64_SCHEMA)
          .field("store", Schema.OPTIONAL_INT16_SCHEMA)
          .field("qty", Schema.OPTIONAL_INT32_SCHEMA)
          .field("customer", Schema.OPTIONAL_INT64_SCHEMA)
          .field(
              "price",
              Decimal.builder(2).parameter("connect.decimal.precision", "10").optional().build())
          .field("discount", Schema.OPTIONAL_FLOAT32_SCHEMA)
          .field("weight", Schema.OPTIONAL_FLOAT64_SCHEMA)
          .field("paid", Schema.OPTIONAL_BOOLEAN_SCHEMA)
          .field("note", Schema.OPTIONAL_STRING_SCHEMA)
          .field("status", Schema.OPTIONAL_STRING_SCHEMA)
          .field("ship_day", Date.builder().optional().build())
          .field("created", MicroTimestamp.builder().optional().build())
          .field("updated", ZonedTimestamp.builder().optional().build())
          .field("ref", Uuid.builder().optional().build())
          .field("attrs", Json.builder().optional().build())
          .build();
  private static final Schema SOURCE =
      SchemaBuilder.struct()
          .name("io.debezium.connector.postgresql.Source")
          .field("version", Schema.STRING_SCHEMA)
          .field("connector", Schema.STRING_SCHEMA)
          .field("name", Schema.STRING_SCHEMA)
          .field("ts_ms", Schema.INT64_SCHEMA)
          .field("snapshot", Schema.OPTIONAL_STRING_SCHEMA)
          .field("db", Schema.STRING_SCHEMA)
          .field("schema", Schema.STRING_SCHEMA)
          .field("table", Schema.STRING_SCHEMA)
          .field("txId", Schema.OPTIONAL_INT64_SCHEMA)
          .field("lsn", Schema.OPTIONAL_INT64_SCHEMA)
          .build();
  private static final Envelope ENVELOPE =
      Envelope.defineSchema()
          .withName("dbz.public.orders.Envelope")
          .withRecord(ROW)
          .withSource(SOURCE)
          .build();
  private static final long BASE_MICROS = 1_704_067_200_000_000L; // 2024-01-01T00:00:00Z
  private static final String[] STATUSES = {"new", "paid", "packed", "shipped", "returned"};

  private static final int CHECKED = 1_000;

  private final SplittableRandom random;
  private final JsonConverter keys = converter(true, true);
  private final JsonConverter values = converter(false, true);
  private final Enveloped keyBytes = new Enveloped(KEY, true);
  private final Enveloped valueBytes = new Enveloped(ENVELOPE.schema(), false);
  private int checked;
  private long[] live = new long[1 << 16];
  private int liveCount;
  private int[] slotById = new int[1 << 16];
  private int[] qtyById = new int[1 << 16];
  private long nextId = 1;
  private long lsn = 33_000_000L;
  private long events;
  private long inserts;
  private long versions;
  private long versionQty;

  ChangeEvents(long seed) {
    random = new SplittableRandom(seed);
  }

  private static JsonConverter converter(boolean isKey, boolean schemas) {
    JsonConverter c = new JsonConverter();
    c.configure(Map.of("schemas.enable", Boolean.toString(schemas)), isKey);
    return c;
  }

  /**
   * JsonConverter's envelope, {@code {"schema":…,"payload":…}}, with the schema's part written
   * once.
   */
  private static final class Enveloped {
    private final byte[] head;
    private final JsonConverter payloads;

    Enveloped(Schema schema, boolean isKey) {
      payloads = converter(isKey, false);
      try {
        head =
            ("{\"schema\":"
                    + new ObjectMapper().writeValueAsString(payloads.asJsonSchema(schema))
                    + ",\"payload\":")
                .getBytes(StandardCharsets.UTF_8);
      } catch (JsonProcessingException e) {
        throw new IllegalStateException(e);
      }
    }

    byte[] write(Schema schema, Object value) {
      byte[] payload = payloads.fromConnectData(TOPIC, schema, value);
      byte[] out = Arrays.copyOf(head, head.length + payload.length + 1);
      System.arraycopy(payload, 0, out, head.length, payload.length);
      out[out.length - 1] = '}';
      return out;
    }
  }

  /**
   * The messages of the next change: one for an insert or update, two (the delete event and its
   * tombstone) for a delete.
   */
  List<Message> next() {
    events++;
    int roll = random.nextInt(100);
    Instant now = Instant.ofEpochMilli(BASE_MICROS / 1000 + events);
    Struct source = source(now);
    if (liveCount == 0 || roll < 70) {
      long id = nextId++;
      Struct after = row(id);
      add(id, after.getInt32("qty"));
      inserts++;
      version(after);
      return List.of(message(id, ENVELOPE.create(after, source, now)));
    }
    long id = live[random.nextInt(liveCount)];
    Struct before = row(id);
    before.put("qty", qtyById[(int) id]);
    if (roll < 95) {
      Struct after = row(id);
      qtyById[(int) id] = after.getInt32("qty");
      version(after);
      return List.of(message(id, ENVELOPE.update(before, after, source, now)));
    }
    remove(id);
    List<Message> delete = new ArrayList<>(2);
    delete.add(message(id, ENVELOPE.delete(before, source, now)));
    delete.add(new Message(key(id), null));
    return delete;
  }

  /** A version of a row, as write_mode = history keeps one per insert and update. */
  private void version(Struct after) {
    versions++;
    versionQty += after.getInt32("qty");
  }

  /** Keys inserted so far: the keys a history table has versions of. */
  long keys() {
    return inserts;
  }

  /** Inserts and updates so far: the versions a history table holds after them. */
  long versions() {
    return versions;
  }

  /** The sum of {@code qty} over every version. */
  long sumOfVersionQty() {
    return versionQty;
  }

  /** Rows the table holds after the changes so far. */
  long liveRows() {
    return liveCount;
  }

  /** The sum of {@code qty} over those rows. */
  long sumOfQty() {
    long sum = 0;
    for (int i = 0; i < liveCount; i++) {
      sum += qtyById[(int) live[i]];
    }
    return sum;
  }

  private Struct row(long id) {
    long micros = BASE_MICROS + id * 1_000_003L;
    return new Struct(ROW)
        .put("order_id", id)
        .put("store", (short) (id % 300))
        .put("qty", random.nextInt(1, 1_000))
        .put("customer", 1_000_000L + random.nextInt(50_000))
        .put("price", BigDecimal.valueOf(random.nextLong(10_000_000L), 2))
        .put("discount", (float) random.nextInt(50) / 100)
        .put("weight", random.nextDouble() * 30)
        .put("paid", random.nextBoolean())
        .put(
            "note", random.nextInt(10) == 0 ? null : "order " + id + " for customer, leave at door")
        .put("status", STATUSES[random.nextInt(STATUSES.length)])
        .put("ship_day", (int) (19_723 + id % 400))
        .put("created", micros)
        .put(
            "updated",
            ZonedTimestamp.toIsoString(
                OffsetDateTime.ofInstant(
                    Instant.ofEpochSecond(micros / 1_000_000, (micros % 1_000_000) * 1000),
                    ZoneOffset.UTC),
                null))
        .put("ref", new UUID(id, random.nextLong()).toString())
        .put("attrs", "{\"channel\": \"web\", \"items\": " + random.nextInt(1, 9) + "}");
  }

  private Struct source(Instant now) {
    lsn += 64;
    return new Struct(SOURCE)
        .put("version", "3.5.0.Final")
        .put("connector", "postgresql")
        .put("name", "dbz")
        .put("ts_ms", now.toEpochMilli())
        .put("snapshot", "false")
        .put("db", "shop")
        .put("schema", "public")
        .put("table", "orders")
        .put("txId", 700L + events)
        .put("lsn", lsn);
  }

  private Message message(long id, Struct envelope) {
    return new Message(key(id), serialise(values, valueBytes, ENVELOPE.schema(), envelope));
  }

  private byte[] key(long id) {
    return serialise(keys, keyBytes, KEY, new Struct(KEY).put("order_id", id));
  }

  private byte[] serialise(JsonConverter whole, Enveloped enveloped, Schema schema, Struct value) {
    byte[] bytes = enveloped.write(schema, value);
    if (checked < CHECKED) {
      checked++;
      byte[] expected = whole.fromConnectData(TOPIC, schema, value);
      if (!Arrays.equals(bytes, expected)) {
        throw new IllegalStateException(
            "The schema written once differs from JsonConverter's envelope: "
                + new String(bytes, StandardCharsets.UTF_8)
                + " against "
                + new String(expected, StandardCharsets.UTF_8));
      }
    }
    return bytes;
  }

  private void add(long id, int qty) {
    if (liveCount == live.length) {
      live = Arrays.copyOf(live, live.length * 2);
    }
    if (id >= slotById.length) {
      slotById = Arrays.copyOf(slotById, slotById.length * 2);
      qtyById = Arrays.copyOf(qtyById, qtyById.length * 2);
    }
    slotById[(int) id] = liveCount;
    qtyById[(int) id] = qty;
    live[liveCount++] = id;
  }

  private void remove(long id) {
    int slot = slotById[(int) id];
    long last = live[--liveCount];
    live[slot] = last;
    slotById[(int) last] = slot;
  }
}
