package dev.redsink.acceptance;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.redsink.acceptance.Message.ChangeEvent;
import dev.redsink.acceptance.Message.HeaderValue;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Seeded random input for a cell: small enough to load in seconds, varied enough to matter — binary
 * and multibyte payloads, nested JSON, nulls, keys that repeat (so upserts replace rows),
 * tombstones, and change events that create, update, delete and re-create rows. Part sizes are
 * multiples of {@link #BATCH} so a stopped {@code redsink load} has loaded its first part whole.
 */
final class InputGenerator {
  /** Records per load batch in every runtime (flush_max_records, flush.max.records). */
  static final int BATCH = 10;

  /** The field the second part brings with lifecycle new-field. */
  static final String NEW_FIELD = "coupon";

  /**
   * A field every typed row carries whose name, folded to lower case, is a metadata column's: it
   * lands in {@code pico_topic_value} beside the record's topic.
   */
  static final String METADATA_NAMED_FIELD = "Pico_Topic";

  /**
   * A field a refused record carries beside {@code note}: both names fold to one column, so the
   * plugin refuses the record (Kafka Connect cells divert it to the dead letter queue).
   */
  static final String FOLDING_FIELD = "NOTE";

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String[] REGIONS = {"eu", "us"};
  private static final String[] WORDS = {
    "plain",
    "café",
    "naïve",
    "日本語",
    "Ünïcödé",
    "emoji 🚀",
    "quote \"q\"",
    "back\\slash",
    "tab\tstop",
    "ß",
    "Ω≈ç",
    "x"
  };
  private static final long EPOCH = Instant.parse("2024-05-01T10:00:00Z").toEpochMilli();

  private final Cell cell;
  private final Random random;
  private final Map<Long, Map<String, Object>> current = new LinkedHashMap<>();
  private long lsn = 1000;
  private long clock = EPOCH;

  private InputGenerator(Cell cell, long seed) {
    this.cell = cell;
    this.random = new Random(seed);
  }

  static CellInput generate(Cell cell, long seed) {
    InputGenerator g = new InputGenerator(cell, seed);
    List<Message> earlier =
        cell.state() == TableState.EARLIER_RUN ? g.messages(BATCH, false, true) : List.of();
    List<Message> part1 = g.messages(BATCH * (2 + g.random.nextInt(2)), false, false);
    List<Message> part2 =
        g.messages(
            BATCH * (2 + g.random.nextInt(2)), cell.lifecycle() == Lifecycle.NEW_FIELD, false);
    if (cell.runtime().isConnect() && cell.layout().isTyped()) {
      part1 = g.withRefused(part1);
      part2 = g.withRefused(part2);
    }
    return new CellInput(seed, earlier, part1, part2);
  }

  /**
   * The part with one record the plugin refuses, never first or last, and followed by a record of
   * its own partition (so the partition's committed offset moves past it).
   */
  private List<Message> withRefused(List<Message> part) {
    int at = 1 + random.nextInt(part.size() - 1);
    long orderId = 1 + random.nextInt(8);
    if (partition(orderId) != part.get(at).partition()) {
      orderId++;
    }
    Map<String, Object> row = row(orderId, region(), false);
    row.put("note", "a note");
    row.put(FOLDING_FIELD, "folds onto note");
    Message m =
        typed(
            orderId,
            cell.mode().takesChangeEvents() ? new ChangeEvent("c", null, row, lsn++) : row);
    List<Message> out = new ArrayList<>(part);
    out.add(
        at,
        new Message(
            m.partition(), m.timestamp(), m.key(), new Message.Refused(m.value()), m.headers()));
    return out;
  }

  private List<Message> messages(int count, boolean newField, boolean snapshot) {
    List<Message> out = new ArrayList<>(count);
    while (out.size() < count) {
      if (!cell.layout().isTyped()) {
        out.add(payloadMessage());
      } else if (cell.mode().takesChangeEvents()) {
        out.addAll(changeEvents(newField, snapshot, count - out.size()));
      } else if (cell.mode() == WriteMode.APPEND) {
        long orderId = 1 + random.nextInt(1_000_000);
        out.add(typed(orderId, row(orderId, region(), newField)));
      } else {
        out.add(upsert(newField));
      }
    }
    return out;
  }

  // ---- payload layouts -------------------------------------------------------------------

  private Message payloadMessage() {
    Object key = null;
    if (cell.runtime().fromKafka()) {
      int kind = random.nextInt(10);
      key =
          kind < 2
              ? null
              : kind < 5
                  ? bytes(1 + random.nextInt(12))
                  : ("k-" + random.nextInt(100)).getBytes(StandardCharsets.UTF_8);
    }
    byte[] value =
        switch (cell.layout()) {
          case VARBYTE ->
              cell.runtime().fromKafka()
                  ? bytes(random.nextInt(40))
                  : line(random.nextInt(30)).getBytes(StandardCharsets.UTF_8);
          case TEXT, HEADERS -> text().getBytes(StandardCharsets.UTF_8);
          case SUPER -> superValue().getBytes(StandardCharsets.UTF_8);
          default -> throw new IllegalStateException(cell.layout().toString());
        };
    List<HeaderValue> headers = new ArrayList<>();
    if (cell.layout() == Layout.HEADERS) {
      int n = random.nextInt(4);
      for (int i = 1; i <= n; i++) {
        headers.add(new HeaderValue("h" + i, random.nextInt(6) == 0 ? null : headerWord()));
      }
    }
    return new Message(partition(random.nextInt(1000)), tick(), key, value, headers);
  }

  private byte[] bytes(int length) {
    byte[] b = new byte[length];
    random.nextBytes(b);
    return b;
  }

  /** Printable UTF-8 text without line breaks (a line of {@code redsink load}'s input). */
  private String line(int words) {
    StringBuilder s = new StringBuilder();
    for (int i = 0; i < words; i++) {
      s.append(i == 0 ? "" : " ").append(WORDS[random.nextInt(WORDS.length)]);
    }
    return s.toString();
  }

  private String text() {
    String text = line(1 + random.nextInt(8));
    // Records from Kafka may hold line breaks; a line of redsink load's input cannot.
    return cell.runtime().fromKafka() && random.nextInt(4) == 0 ? text + "\nsecond line" : text;
  }

  private String superValue() {
    ObjectNode o = JsonNodeFactory.instance.objectNode();
    o.put("n", random.nextInt(10_000));
    o.put("price", random.nextInt(100_000) / 100.0);
    o.put("name", line(1 + random.nextInt(3)));
    o.put("ok", random.nextBoolean());
    o.putNull("nothing");
    ArrayNode tags = o.putArray("tags");
    for (int i = random.nextInt(3); i > 0; i--) {
      tags.add(WORDS[random.nextInt(WORDS.length)]);
    }
    o.putObject("nested").put("depth", 2).putArray("list").add(1).add("two");
    return random.nextInt(5) == 0 ? JSON.createArrayNode().add(o).add(7).toString() : o.toString();
  }

  private String headerWord() {
    // Letters only: Connect's header converter would read digits or dates as typed values.
    String[] words = {"alpha", "beta", "gamma", "café", "日本", "Ωmega"};
    return words[random.nextInt(words.length)];
  }

  // ---- typed layouts ---------------------------------------------------------------------

  private String region() {
    return REGIONS[random.nextInt(REGIONS.length)];
  }

  /** A row's fields; the envelope layout has a Decimal, an int32 and a Timestamp among them. */
  private Map<String, Object> row(long orderId, String region, boolean newField) {
    Map<String, Object> row = new LinkedHashMap<>();
    row.put("order_id", orderId);
    row.put("region", region);
    int cents = random.nextInt(1_000_000);
    if (cell.layout() == Layout.TYPED_ENVELOPE) {
      row.put("amount", BigDecimal.valueOf(cents, 2));
      row.put("qty", 1 + random.nextInt(50));
      row.put("placed_at", Instant.ofEpochMilli(EPOCH + random.nextInt(1_000_000_000)));
    } else {
      row.put("amount", cents / 100.0);
      row.put("qty", (long) (1 + random.nextInt(50)));
    }
    row.put("active", random.nextBoolean());
    row.put("note", random.nextInt(3) == 0 ? null : line(1 + random.nextInt(3)));
    row.put(METADATA_NAMED_FIELD, line(1));
    if (newField) {
      row.put(NEW_FIELD, random.nextInt(4) == 0 ? null : "C-" + random.nextInt(1000));
    }
    return row;
  }

  private Message typed(long orderId, Object value) {
    Map<String, Object> key = null;
    if (cell.runtime().fromKafka()) {
      key = new LinkedHashMap<>();
      if (cell.mode() == WriteMode.UPSERT_FIELDS && value instanceof Map<?, ?> row) {
        key.put("region", row.get("region"));
      }
      key.put("order_id", orderId);
    }
    return new Message(partition(orderId), tick(), key, value, List.of());
  }

  private Message upsert(boolean newField) {
    long orderId = 1 + random.nextInt(8);
    if (cell.mode() == WriteMode.DELETE_ON_TOMBSTONE) {
      int roll = random.nextInt(20);
      if (roll < 4 && current.containsKey(orderId)) {
        current.remove(orderId);
        return typed(orderId, null);
      }
      if (roll == 4) {
        return typed(100 + random.nextInt(10), null); // a key that has no row: changes nothing
      }
    }
    Map<String, Object> row = row(orderId, region(), newField);
    current.put(orderId, row);
    return typed(orderId, row);
  }

  /** One change event, and after a delete from Kafka the tombstone Debezium sends with it. */
  private List<Message> changeEvents(boolean newField, boolean snapshot, int room) {
    long orderId = 1 + random.nextInt(8);
    Map<String, Object> before = current.get(orderId);
    ChangeEvent event;
    if (before == null) {
      Map<String, Object> after = row(orderId, region(), newField);
      current.put(orderId, after);
      event = new ChangeEvent(snapshot ? "r" : "c", null, after, lsn++);
    } else if (snapshot || random.nextInt(100) < 65) {
      Map<String, Object> after = row(orderId, (String) before.get("region"), newField);
      current.put(orderId, after);
      event = new ChangeEvent(snapshot ? "r" : "u", snapshot ? null : before, after, lsn++);
    } else {
      current.remove(orderId);
      event = new ChangeEvent("d", before, null, lsn++);
    }
    List<Message> out = new ArrayList<>(2);
    out.add(typed(orderId, event));
    if (event.isDelete() && cell.runtime().fromKafka() && room > 1) {
      out.add(typed(orderId, null));
    }
    return out;
  }

  private int partition(long key) {
    return (int) (key % cell.partitions());
  }

  private long tick() {
    clock += 1000;
    return clock;
  }
}
