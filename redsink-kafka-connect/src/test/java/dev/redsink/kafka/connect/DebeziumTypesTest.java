package dev.redsink.kafka.connect;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redsink.core.record.Record;
import dev.redsink.core.sql.TypeMapping;
import dev.redsink.core.table.ColumnGroup;
import dev.redsink.core.table.ColumnType;
import dev.redsink.core.table.RowLayout;
import dev.redsink.core.table.WriteSettings;
import dev.redsink.core.typed.FieldNames;
import dev.redsink.core.typed.FieldValue;
import dev.redsink.core.typed.ValueReader;
import io.debezium.data.Json;
import io.debezium.data.Uuid;
import io.debezium.data.VariableScaleDecimal;
import io.debezium.time.Date;
import io.debezium.time.MicroDuration;
import io.debezium.time.MicroTime;
import io.debezium.time.MicroTimestamp;
import io.debezium.time.ZonedTimestamp;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.connect.data.Decimal;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.json.JsonConverter;
import org.junit.jupiter.api.Test;

/**
 * A row of every common PostgreSQL type as Debezium's PostgreSQL connector represents it (its own
 * schema builders and value conversions, with its defaults: adaptive time precision, precise
 * decimals), serialised by Kafka Connect's JsonConverter with schemas — the bytes a topic holds —
 * and read by Redsink's typed reader: each field gets the Redshift column a user would choose and
 * the source's value.
 */
class DebeziumTypesTest {
  private static final FieldNames NAMES =
      FieldNames.of(RowLayout.typed(Set.of(ColumnGroup.METADATA), "pico_"), WriteSettings.APPEND);

  @Test
  void everyCommonPostgresTypeReadsAsTheRedshiftTypeItStandsFor() {
    Schema numeric102 =
        Decimal.builder(2).parameter("connect.decimal.precision", "10").optional().build();
    Schema schema =
        SchemaBuilder.struct()
            .name("dbz.public.customers.Value")
            .field("id", Schema.INT32_SCHEMA)
            .field("small", Schema.OPTIONAL_INT16_SCHEMA)
            .field("big", Schema.OPTIONAL_INT64_SCHEMA)
            .field("price", numeric102)
            .field("ratio_any", VariableScaleDecimal.builder().optional().build())
            .field("real_col", Schema.OPTIONAL_FLOAT32_SCHEMA)
            .field("double_col", Schema.OPTIONAL_FLOAT64_SCHEMA)
            .field("active", Schema.OPTIONAL_BOOLEAN_SCHEMA)
            .field("name", Schema.OPTIONAL_STRING_SCHEMA)
            .field("born", Date.builder().optional().build())
            .field("opens", MicroTime.builder().optional().build())
            .field("seen", MicroTimestamp.builder().optional().build())
            .field("seen_tz", ZonedTimestamp.builder().optional().build())
            .field("took", MicroDuration.builder().optional().build())
            .field("ref", Uuid.builder().optional().build())
            .field("doc", Json.builder().optional().build())
            .field("raw", Schema.OPTIONAL_BYTES_SCHEMA)
            .build();
    LocalDate born = LocalDate.of(1815, 12, 10);
    LocalDateTime seen = LocalDateTime.of(2024, 1, 15, 8, 30, 0, 123_456_000);
    Struct row =
        new Struct(schema)
            .put("id", 7)
            .put("small", (short) -3)
            .put("big", 9_007_199_254_740_993L)
            .put("price", new BigDecimal("12345678.90"))
            .put(
                "ratio_any",
                VariableScaleDecimal.fromLogical(
                    schema.field("ratio_any").schema(), new BigDecimal("3.14159265358979")))
            .put("real_col", 1.5f)
            .put("double_col", 2.25d)
            .put("active", true)
            .put("name", "Zoë")
            .put("born", Date.toEpochDay(born, null))
            .put("opens", MicroTime.toMicroOfDay(LocalTime.of(6, 30), false))
            .put("seen", MicroTimestamp.toEpochMicros(seen, null))
            .put(
                "seen_tz",
                ZonedTimestamp.toIsoString(OffsetDateTime.of(seen, ZoneOffset.ofHours(1)), null))
            .put("took", MicroDuration.durationMicros(0, 0, 1, 2, 3, 4.5, null))
            .put("ref", "9b2f6a3c-6c55-4f59-9c1e-2d0a5f3f0a11")
            .put("doc", "{\"tier\": \"gold\", \"tags\": [1, 2]}")
            .put("raw", new byte[] {0, 1, (byte) 0xfe});

    Map<String, FieldValue> f = read(schema, row);

    assertThat(column(f, "id_value"))
        .as("id is Redsink's own column")
        .isEqualTo(ColumnType.INTEGER);
    assertThat(column(f, "small")).isEqualTo(ColumnType.SMALLINT);
    assertThat(column(f, "big")).isEqualTo(ColumnType.BIGINT);
    assertThat(f.get("big").value()).isEqualTo(9_007_199_254_740_993L);
    assertThat(column(f, "price")).isEqualTo(ColumnType.decimal(10, 2));
    assertThat(f.get("price").value()).isEqualTo(new BigDecimal("12345678.90"));
    assertThat(column(f, "ratio_any")).isEqualTo(ColumnType.decimal(38, 18));
    assertThat((BigDecimal) f.get("ratio_any").value())
        .isEqualByComparingTo(new BigDecimal("3.14159265358979"));
    assertThat(column(f, "real_col")).isEqualTo(ColumnType.REAL);
    assertThat(column(f, "double_col")).isEqualTo(ColumnType.DOUBLE_PRECISION);
    assertThat(column(f, "active")).isEqualTo(ColumnType.BOOLEAN);
    assertThat(f.get("name").value()).isEqualTo("Zoë");
    assertThat(column(f, "born")).isEqualTo(ColumnType.DATE);
    assertThat(f.get("born").value()).isEqualTo((int) born.toEpochDay());
    assertThat(column(f, "opens")).isEqualTo(ColumnType.TIME);
    assertThat(f.get("opens").value()).isEqualTo(23_400_000_000L);
    assertThat(column(f, "seen")).isEqualTo(ColumnType.TIMESTAMP);
    assertThat(f.get("seen").value()).isEqualTo(1_705_307_400_123_456L);
    assertThat(column(f, "seen_tz")).isEqualTo(ColumnType.TIMESTAMPTZ);
    assertThat(f.get("seen_tz").value()).as("07:30 UTC").isEqualTo(1_705_303_800_123_456L);
    assertThat(column(f, "took")).as("an interval in microseconds").isEqualTo(ColumnType.BIGINT);
    assertThat(f.get("took").value()).isEqualTo(93_784_500_000L);
    assertThat(f.get("ref").value()).isEqualTo("9b2f6a3c-6c55-4f59-9c1e-2d0a5f3f0a11");
    assertThat(column(f, "doc")).isEqualTo(ColumnType.SUPER);
    assertThat(f.get("doc").json()).isEqualTo("{\"tier\": \"gold\", \"tags\": [1, 2]}");
    assertThat(column(f, "raw")).isEqualTo(ColumnType.varbyte(16_777_216));
    assertThat((byte[]) f.get("raw").value()).containsExactly(0, 1, 0xfe);
  }

  private static Map<String, FieldValue> read(Schema schema, Struct row) {
    try (JsonConverter converter = new JsonConverter()) {
      converter.configure(Map.of("schemas.enable", "true"), false);
      byte[] value = converter.fromConnectData("dbz.public.customers", schema, row);
      return ValueReader.read(
              new Record("dbz.public.customers", 0, 0, 0L, null, List.of(), value), NAMES)
          .byColumnName();
    }
  }

  private static ColumnType column(Map<String, FieldValue> fields, String name) {
    return TypeMapping.column(fields.get(name).type(), 0);
  }
}
