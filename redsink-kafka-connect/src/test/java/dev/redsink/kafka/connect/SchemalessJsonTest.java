package dev.redsink.kafka.connect;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.kafka.connect.data.Date;
import org.apache.kafka.connect.data.Decimal;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.data.Timestamp;
import org.apache.kafka.connect.json.DecimalFormat;
import org.apache.kafka.connect.json.JsonConverter;
import org.apache.kafka.connect.json.JsonConverterConfig;
import org.apache.kafka.connect.storage.ConverterConfig;
import org.apache.kafka.connect.storage.ConverterType;
import org.junit.jupiter.api.Test;

/**
 * The fast writer against JsonConverter itself: every value it writes must be byte for byte what
 * JsonConverter writes, and it must cover the common shapes (or the fast path silently never runs).
 */
class SchemalessJsonTest {
  private final JsonConverter reference = reference();
  private final SchemalessJson writer = new SchemalessJson();

  private static JsonConverter reference() {
    JsonConverter converter = new JsonConverter();
    converter.configure(
        Map.of(
            JsonConverterConfig.SCHEMAS_ENABLE_CONFIG,
            false,
            JsonConverterConfig.DECIMAL_FORMAT_CONFIG,
            DecimalFormat.NUMERIC.name(),
            ConverterConfig.TYPE_CONFIG,
            ConverterType.VALUE.getName()));
    return converter;
  }

  private static final Schema ADDRESS =
      SchemaBuilder.struct()
          .name("shop.Address")
          .field("street", Schema.STRING_SCHEMA)
          .field("zip", Schema.OPTIONAL_STRING_SCHEMA)
          .optional()
          .build();

  private static final Schema ORDER =
      SchemaBuilder.struct()
          .name("shop.Order")
          .field("id", Schema.INT64_SCHEMA)
          .field("qty", Schema.INT32_SCHEMA)
          .field("small", Schema.INT16_SCHEMA)
          .field("tiny", Schema.INT8_SCHEMA)
          .field("paid", Schema.BOOLEAN_SCHEMA)
          .field("note", Schema.OPTIONAL_STRING_SCHEMA)
          .field("blob", Schema.OPTIONAL_BYTES_SCHEMA)
          .field("tags", SchemaBuilder.array(Schema.STRING_SCHEMA).build())
          .field(
              "attrs",
              SchemaBuilder.map(Schema.STRING_SCHEMA, Schema.OPTIONAL_INT64_SCHEMA).build())
          .field("address", ADDRESS)
          .build();

  @Test
  void writesWhatJsonConverterWritesForGeneratedOrders() {
    Random random = new Random(20261130);
    int covered = 0;
    for (int i = 0; i < 3_000; i++) {
      Struct order = order(random);
      if (sameAsReference(ORDER, order)) {
        covered++;
      }
    }
    assertThat(covered).as("orders the fast writer covered").isEqualTo(3_000);
  }

  @Test
  void writesEveryCharacterAsJacksonEscapesIt() {
    StringBuilder all = new StringBuilder();
    for (char c = 0; c < 0x800; c++) {
      all.append(c);
    }
    all.append("\u20ac\uffff\ud83d\ude00 \"quoted\" back\\slash /slash");
    assertThat(sameAsReference(Schema.STRING_SCHEMA, all.toString())).isTrue();
    assertThat(sameAsReference(null, Map.of(all.toString(), all.toString()))).isTrue();
  }

  @Test
  void writesSchemalessMapsListsAndScalars() {
    Map<String, Object> map = new LinkedHashMap<>();
    map.put("n", 1L);
    map.put("i", 2);
    map.put("s", (short) 3);
    map.put("b", (byte) 4);
    map.put("t", true);
    map.put("text", "line\nbreak");
    map.put("none", null);
    map.put("list", List.of("a", 1, false));
    map.put("bytes", new byte[] {0, 1, (byte) 0xfe, (byte) 0xff});
    map.put("nested", Map.of("k", List.of()));
    assertThat(sameAsReference(null, map)).isTrue();
    assertThat(sameAsReference(null, List.of(Long.MIN_VALUE, Long.MAX_VALUE))).isTrue();
    assertThat(sameAsReference(Schema.INT32_SCHEMA, Integer.MIN_VALUE)).isTrue();
    assertThat(sameAsReference(Schema.OPTIONAL_STRING_SCHEMA, "")).isTrue();
  }

  @Test
  void leavesWhatItDoesNotCoverToJsonConverter() {
    Schema withDefault =
        SchemaBuilder.struct()
            .field("n", SchemaBuilder.int32().optional().defaultValue(5).build())
            .build();
    Schema decimal = SchemaBuilder.struct().field("amount", Decimal.schema(2)).build();
    Map<Integer, String> intKeys = Map.of(1, "one");
    List<Object[]> leftOver =
        List.of(
            new Object[] {Schema.FLOAT64_SCHEMA, 1.5d},
            new Object[] {Schema.FLOAT32_SCHEMA, 1.5f},
            new Object[] {null, 0.1d},
            new Object[] {decimal, new Struct(decimal).put("amount", new BigDecimal("1.25"))},
            new Object[] {Date.SCHEMA, new java.util.Date(86_400_000L)},
            new Object[] {Timestamp.SCHEMA, new java.util.Date(1L)},
            new Object[] {null, intKeys},
            new Object[] {Schema.STRING_SCHEMA, "lone \ud800 surrogate"},
            new Object[] {Schema.BYTES_SCHEMA, ByteBuffer.wrap(new byte[] {1, 2})},
            new Object[] {Schema.INT64_SCHEMA, 5}); // wrong class: JsonConverter's error
    for (Object[] v : leftOver) {
      assertThat(writer.write((Schema) v[0], v[1])).as("left over: %s", v[1]).isNull();
    }
    // And through ValueBytes they come out as JsonConverter writes them.
    ValueBytes bytes = new ValueBytes();
    assertThat(new String(bytes.of("t", null, 0.1d), StandardCharsets.UTF_8)).isEqualTo("0.1");
    assertThat(
            new String(
                bytes.of("t", decimal, new Struct(decimal).put("amount", BigDecimal.ONE)), UTF8))
        .isEqualTo("{\"amount\":1}");
    // A field's default stands in for its null, as Struct.get gives it.
    assertThat(sameAsReference(withDefault, new Struct(withDefault))).isTrue();
  }

  @Test
  void anyStringComesOutAsJsonConverterWritesIt() {
    Random random = new Random(7);
    ValueBytes bytes = new ValueBytes();
    int fast = 0;
    for (int i = 0; i < 2_000; i++) {
      StringBuilder text = new StringBuilder();
      for (int n = random.nextInt(20); n > 0; n--) {
        text.append(
            (char) (random.nextInt(8) == 0 ? random.nextInt(0x10000) : random.nextInt(0x80)));
      }
      Map<String, Object> value = Map.of("k", text.toString());
      byte[] expected = reference.fromConnectData("t", null, value);
      assertThat(bytes.of("t", null, value)).as("%s", text).isEqualTo(expected);
      if (writer.write(null, value) != null) {
        fast++;
      }
    }
    assertThat(fast).as("strings written by the fast path").isGreaterThan(1_000);
  }

  @Test
  void leavesVeryDeepNestingToJsonConverter() {
    Object nested = "leaf";
    for (int i = 0; i < 150; i++) {
      nested = List.of(nested);
    }
    assertThat(writer.write(null, nested)).isNull();
  }

  @Test
  void reusesItsBufferAcrossValuesOfDifferentSizes() {
    String big = "x".repeat(100_000);
    assertThat(sameAsReference(Schema.STRING_SCHEMA, big)).isTrue();
    assertThat(sameAsReference(Schema.STRING_SCHEMA, "small")).isTrue();
  }

  private static final java.nio.charset.Charset UTF8 = StandardCharsets.UTF_8;

  /** True when the writer covered the value, which then must equal JsonConverter's bytes. */
  private boolean sameAsReference(Schema schema, Object value) {
    byte[] fast = writer.write(schema, value);
    if (fast == null) {
      return false;
    }
    byte[] expected = reference.fromConnectData("t", schema, value);
    assertThat(new String(fast, UTF8)).isEqualTo(new String(expected, UTF8));
    assertThat(fast).isEqualTo(expected);
    return true;
  }

  private static Struct order(Random random) {
    Struct order =
        new Struct(ORDER)
            .put("id", random.nextLong())
            .put("qty", random.nextInt())
            .put("small", (short) random.nextInt())
            .put("tiny", (byte) random.nextInt())
            .put("paid", random.nextBoolean())
            .put("note", random.nextInt(4) == 0 ? null : text(random))
            .put("blob", random.nextInt(3) == 0 ? null : blob(random))
            .put("tags", tags(random));
    Map<String, Long> attrs = new LinkedHashMap<>();
    for (int i = random.nextInt(4); i > 0; i--) {
      attrs.put(text(random), random.nextInt(5) == 0 ? null : random.nextLong());
    }
    order.put("attrs", attrs);
    if (random.nextBoolean()) {
      order.put(
          "address",
          new Struct(ADDRESS)
              .put("street", text(random))
              .put("zip", random.nextBoolean() ? null : text(random)));
    }
    return order;
  }

  private static List<String> tags(Random random) {
    List<String> tags = new ArrayList<>();
    for (int i = random.nextInt(4); i > 0; i--) {
      tags.add(text(random));
    }
    return tags;
  }

  private static byte[] blob(Random random) {
    byte[] b = new byte[random.nextInt(40)];
    random.nextBytes(b);
    return b;
  }

  /** Mostly ASCII JSON-ish text, with quotes, backslashes, controls, accents and emoji. */
  private static String text(Random random) {
    String[] pieces = {
      "{\"k\":", "\"", "\\", "\n", "\t", "\u0001", "\u001f", "é", "€", "😀", "abc", " ", "/",
      "\u007f"
    };
    StringBuilder s = new StringBuilder();
    for (int i = random.nextInt(30); i > 0; i--) {
      s.append(pieces[random.nextInt(pieces.length)]);
    }
    return s.toString();
  }
}
