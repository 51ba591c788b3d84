package dev.redsink.kafka.connect;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redsink.core.record.Record;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.json.JsonConverter;
import org.apache.kafka.connect.sink.SinkRecord;
import org.junit.jupiter.api.Test;

class SinkRecordConverterTest {
  private static final Schema KEY =
      SchemaBuilder.struct()
          .name("dbz.public.orders.Key")
          .field("id", Schema.INT32_SCHEMA)
          .field("day", org.apache.kafka.connect.data.Date.SCHEMA)
          .build();

  private static String json(byte[] bytes) {
    return new String(bytes, StandardCharsets.UTF_8);
  }

  @Test
  void aTypedTablesKeyKeepsItsSchemaBesideTheSameKeyBytes() {
    Struct key = new Struct(KEY).put("id", 5).put("day", new java.util.Date(86_400_000L));
    SinkRecord tombstone = new SinkRecord("orders", 0, KEY, key, null, null, 7);

    Record typed = new SinkRecordConverter(StructFormat.JSON_WITH_SCHEMA).convert(tombstone);
    Record payload = new SinkRecordConverter(StructFormat.SCHEMALESS_JSON).convert(tombstone);

    assertThat(json(typed.key()))
        .as("the key's bytes, as pico_key holds them")
        .isEqualTo(json(payload.key()));
    assertThat(json(typed.key())).isEqualTo("{\"id\":5,\"day\":1}");
    assertThat(payload.keySchema()).isNull();
    JsonConverter withSchemas = new JsonConverter();
    withSchemas.configure(Map.of("schemas.enable", true, "decimal.format", "NUMERIC"), true);
    assertThat(json(typed.keyAsValue().wholeValue()))
        .as("a key read as a row reads JsonConverter's envelope, its types declared")
        .isEqualTo(json(withSchemas.fromConnectData("orders", KEY, key)));
  }
}
