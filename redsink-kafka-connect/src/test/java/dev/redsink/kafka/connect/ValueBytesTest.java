package dev.redsink.kafka.connect;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.kafka.connect.data.Decimal;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.apache.kafka.connect.data.Struct;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ValueBytesTest {
  private static final Schema ORDER =
      SchemaBuilder.struct()
          .field("id", Schema.INT64_SCHEMA)
          .field("note", Schema.OPTIONAL_STRING_SCHEMA)
          .field("amount", Decimal.schema(2))
          .build();

  static Stream<Arguments> values() {
    Map<String, Object> map = new LinkedHashMap<>();
    map.put("a", 1);
    map.put("b", List.of("x", "y"));
    return Stream.of(
        Arguments.of("bytes as is", Schema.BYTES_SCHEMA, new byte[] {0, (byte) 0xff}, null),
        Arguments.of("a byte buffer", null, ByteBuffer.wrap(new byte[] {1, 2, 3}), null),
        Arguments.of("a string as UTF-8", Schema.STRING_SCHEMA, "zürich €", "zürich €"),
        Arguments.of(
            "a struct as JSON with decimals as numbers",
            ORDER,
            new Struct(ORDER).put("id", 7L).put("amount", new BigDecimal("12.50")),
            "{\"id\":7,\"note\":null,\"amount\":12.50}"),
        Arguments.of("a schemaless map", null, map, "{\"a\":1,\"b\":[\"x\",\"y\"]}"),
        Arguments.of("a list", null, List.of(1, 2), "[1,2]"),
        Arguments.of("a number", Schema.INT32_SCHEMA, 42, "42"),
        Arguments.of("a boolean", null, true, "true"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("values")
  void convertsWhatConvertersDeliver(String what, Schema schema, Object value, String json) {
    byte[] bytes = new ValueBytes().of("orders", schema, value);
    if (json != null) {
      assertThat(new String(bytes, StandardCharsets.UTF_8)).isEqualTo(json);
    } else if (value instanceof byte[] raw) {
      assertThat(bytes).isSameAs(raw);
    } else {
      assertThat(bytes).containsExactly(1, 2, 3);
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("values")
  void nullStaysNull(String what, Schema schema, Object value, String json) {
    assertThat(new ValueBytes().of("orders", schema, null)).isNull();
  }

  @org.junit.jupiter.api.Test
  void aByteBufferIsReadWithoutMovingIt() {
    ByteBuffer buffer = ByteBuffer.wrap(new byte[] {9, 8, 7});
    buffer.get();
    assertThat(new ValueBytes().of("t", null, buffer)).containsExactly(8, 7);
    assertThat(buffer.position()).isEqualTo(1);
    assertThat(Arrays.equals(new ValueBytes().of("t", null, buffer), new byte[] {8, 7})).isTrue();
  }

  @org.junit.jupiter.api.Test
  void typedTablesGetTheSchemaTheEngineReadsTypesFrom() {
    Schema schema =
        SchemaBuilder.struct()
            .field("id", Schema.INT64_SCHEMA)
            .field("qty", Schema.INT16_SCHEMA)
            .field("amount", Decimal.schema(2))
            .field("day", org.apache.kafka.connect.data.Date.SCHEMA)
            .field("at", org.apache.kafka.connect.data.Timestamp.SCHEMA)
            .build();
    Struct value =
        new Struct(schema)
            .put("id", 7L)
            .put("qty", (short) 3)
            .put("amount", new BigDecimal("12.50"))
            .put("day", new java.util.Date(86_400_000L * 3))
            .put("at", new java.util.Date(1_700_000_000_123L));
    ValueBytes.Value typed =
        new ValueBytes(StructFormat.JSON_WITH_SCHEMA).value("orders", schema, value);
    assertThat(typed.schema()).as("held split from its schema").isNotNull();
    dev.redsink.core.typed.TypedRow row =
        dev.redsink.core.typed.ValueReader.read(
            new dev.redsink.core.record.Record(
                "orders", 0, 0, 0L, null, List.of(), typed.bytes(), typed.schema()),
            dev.redsink.core.typed.FieldNames.of(
                dev.redsink.core.table.RowLayout.typed(java.util.Set.of(), "pico_"),
                dev.redsink.core.table.WriteSettings.APPEND));
    assertThat(row.fields())
        .extracting(f -> f.name() + ":" + f.type().kind())
        .containsExactly(
            "id_value:INT64", "qty:INT16", "amount:DECIMAL", "day:DATE", "at:TIMESTAMP");
    ValueBytes.Value schemaless = new ValueBytes().value("orders", schema, value);
    assertThat(schemaless.schema()).isNull();
    assertThat(new String(schemaless.bytes(), StandardCharsets.UTF_8)).doesNotContain("\"schema\"");
    assertThat(StructFormat.of(Map.of("table.layout", "typed")))
        .isEqualTo(StructFormat.JSON_WITH_SCHEMA);
    assertThat(StructFormat.of(Map.of("table_layout", "payload")))
        .isEqualTo(StructFormat.SCHEMALESS_JSON);
  }

  @org.junit.jupiter.api.Test
  void aTypedTablesEnvelopeIsJsonConvertersByteForByteWithTheSchemaWrittenOnce() {
    Schema row =
        SchemaBuilder.struct()
            .name("dbz.public.orders.Value")
            .optional()
            .field("id", Schema.INT64_SCHEMA)
            .field("price", Decimal.builder(2).parameter("connect.decimal.precision", "10").build())
            .field("tags", SchemaBuilder.array(Schema.STRING_SCHEMA).optional().build())
            .field("attrs", SchemaBuilder.map(Schema.STRING_SCHEMA, Schema.INT32_SCHEMA).build())
            .field("note", SchemaBuilder.string().optional().doc("a \"quoted\" doc").build())
            .build();
    Schema envelope =
        SchemaBuilder.struct()
            .name("dbz.public.orders.Envelope")
            .version(2)
            .field("before", row)
            .field("after", row)
            .field("op", Schema.STRING_SCHEMA)
            .build();
    org.apache.kafka.connect.json.JsonConverter reference =
        new org.apache.kafka.connect.json.JsonConverter();
    reference.configure(Map.of("schemas.enable", true, "decimal.format", "NUMERIC"), false);
    ValueBytes bytes = new ValueBytes(StructFormat.JSON_WITH_SCHEMA);
    byte[] first = null;
    for (int i = 0; i < 3; i++) {
      Struct after =
          new Struct(row)
              .put("id", (long) i)
              .put("price", new BigDecimal("12.5" + i))
              .put("tags", i == 1 ? null : List.of("a", "ü"))
              .put("attrs", Map.of("k", i))
              .put("note", i == 2 ? "zürich \"€\"" : null);
      Struct value = new Struct(envelope).put("after", after).put("op", i == 0 ? "c" : "u");
      ValueBytes.Value held = bytes.value("orders", envelope, value);
      first = first == null ? held.schema() : first;
      assertThat(held.schema()).as("one schema's bytes for every record").isSameAs(first);
      assertThat(
              new String(
                  dev.redsink.core.record.EnvelopeBytes.of(held.schema(), held.bytes()),
                  StandardCharsets.UTF_8))
          .isEqualTo(
              new String(
                  reference.fromConnectData("orders", envelope, value), StandardCharsets.UTF_8));
    }
  }
}
