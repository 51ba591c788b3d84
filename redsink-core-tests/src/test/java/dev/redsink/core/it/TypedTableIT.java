package dev.redsink.core.it;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redsink.core.RedshiftSink;
import dev.redsink.core.ReplaceRun;
import dev.redsink.core.error.BadRecordException;
import dev.redsink.core.error.RedsinkException;
import dev.redsink.core.record.Record;
import dev.redsink.emulator.RedshiftEmulator;
import dev.redsink.emulator.RedshiftEmulatorExtension;
import dev.redsink.testkit.Warehouse;
import java.math.BigInteger;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** table_layout = typed against the emulator: type round trips and add-only schema evolution. */
@ExtendWith(RedshiftEmulatorExtension.class)
class TypedTableIT {
  private static final String SCHEMA =
      """
      {"type":"struct","fields":[
        {"field":"i8","type":"int8","optional":true},
        {"field":"i16","type":"int16","optional":true},
        {"field":"i32","type":"int32","optional":true},
        {"field":"i64","type":"int64","optional":true},
        {"field":"f32","type":"float32","optional":true},
        {"field":"f64","type":"float64","optional":true},
        {"field":"flag","type":"boolean","optional":true},
        {"field":"s","type":"string","optional":true},
        {"field":"bin","type":"bytes","optional":true},
        {"field":"price","type":"bytes","optional":true,"name":"org.apache.kafka.connect.data.Decimal",
         "parameters":{"scale":"2","connect.decimal.precision":"10"}},
        {"field":"big","type":"bytes","optional":true,"name":"org.apache.kafka.connect.data.Decimal",
         "parameters":{"scale":"6","connect.decimal.precision":"38"}},
        {"field":"day","type":"int32","optional":true,"name":"org.apache.kafka.connect.data.Date"},
        {"field":"tod","type":"int32","optional":true,"name":"org.apache.kafka.connect.data.Time"},
        {"field":"ts","type":"int64","optional":true,"name":"org.apache.kafka.connect.data.Timestamp"},
        {"field":"nested","type":"struct","optional":true,"fields":[{"field":"k","type":"int32"}]},
        {"field":"list","type":"array","optional":true,"items":{"type":"string"}},
        {"field":"attrs","type":"map","optional":true,"keys":{"type":"string"},"values":{"type":"int64"}}
      ]}""";

  private SinkFixture fx;
  private String table;

  @BeforeEach
  void setUp(RedshiftEmulator emulator) {
    emulator.sqlFaults().reset();
    fx = new SinkFixture(emulator);
    table = Warehouse.uniqueTable("typed");
  }

  private Map<String, Object> typed() {
    Map<String, Object> config = fx.config(table);
    config.put("table_layout", "typed");
    return config;
  }

  private static Record record(long offset, String json) {
    return record(0, offset, json);
  }

  private static Record record(int partition, long offset, String json) {
    return new Record(
        "t", partition, offset, 1_700_000_000_000L + offset, null, List.of(), json.getBytes(UTF_8));
  }

  private static String envelope(String payload) {
    return "{\"schema\":" + SCHEMA + ",\"payload\":" + payload + "}";
  }

  private static String base64(BigInteger unscaled) {
    return Base64.getEncoder().encodeToString(unscaled.toByteArray());
  }

  @Test
  void everyMappedTypeRoundTrips() throws Exception {
    String longest = "é".repeat(32_767) + "a"; // 65,535 bytes in UTF-8
    String full =
        envelope(
            "{\"i8\":-128,\"i16\":32767,\"i32\":-2147483648,\"i64\":9223372036854775807,"
                + "\"f32\":1.5,\"f64\":3.141592653589793,\"flag\":true,\"s\":\"héllo\","
                + "\"bin\":\""
                + Base64.getEncoder().encodeToString(new byte[] {0, 1, (byte) 0xff})
                + "\",\"price\":\""
                + base64(BigInteger.valueOf(-1234567))
                + "\",\"big\":\""
                + base64(new BigInteger("12345678901234567890123456789012345678"))
                + "\",\"day\":19000,\"tod\":45296789,\"ts\":1700000000123,"
                + "\"nested\":{\"k\":7},\"list\":[\"a\",\"b\"],\"attrs\":{\"x\":1}}");
    String nulls = envelope("{}");
    String longString = envelope("{\"s\":\"" + longest + "\",\"price\":12.50}");
    try (RedshiftSink sink = RedshiftSink.open(typed())) {
      assertThat(
              sink.write(List.of(record(0, full), record(1, nulls), record(2, longString)))
                  .loaded())
          .isEqualTo(3);
    }
    assertThat(
            fx.rows(
                "SELECT column_name, data_type FROM svv_columns WHERE table_name = '"
                    + table
                    + "' ORDER BY ordinal_position"))
        .containsExactly(
            "id|character varying",
            "pico_offset|character varying",
            "pico_timestamp|character varying",
            "pico_topic|character varying",
            "pico_partition|bigint",
            "pico_key|character varying",
            "i8|smallint",
            "i16|smallint",
            "i32|integer",
            "i64|bigint",
            "f32|real",
            "f64|double precision",
            "flag|boolean",
            "s|character varying",
            "bin|binary varying",
            "price|numeric",
            "big|numeric",
            "day|date",
            "tod|time without time zone",
            "ts|timestamp without time zone",
            "nested|super",
            "list|super",
            "attrs|super",
            "created_at|character varying");
    assertThat(
            fx.value(
                "SELECT i8, i16, i32, i64, f32, f64, flag, s, price, big, day, tod, ts"
                    + " FROM "
                    + table
                    + " WHERE id = 't:0:0'"))
        .isEqualTo(
            "-128|32767|-2147483648|9223372036854775807|1.5|3.141592653589793|t|héllo|-12345.67"
                + "|12345678901234567890123456789012.345678|2022-01-08|12:34:56.789"
                + "|2023-11-14 22:13:20.123");
    assertThat(
            fx.value(
                "SELECT JSON_SERIALIZE(nested), JSON_SERIALIZE(list), JSON_SERIALIZE(attrs)"
                    + " FROM "
                    + table
                    + " WHERE id = 't:0:0'"))
        .isEqualTo("{\"k\":7}|[\"a\",\"b\"]|{\"x\":1}");
    assertThat(
            fx.value(
                "SELECT nested.k, list[1], attrs.x::int + 1 FROM " + table + " WHERE id = 't:0:0'"))
        .isEqualTo("7|\"b\"|2");
    try (Connection c = fx.connect();
        Statement st = c.createStatement();
        ResultSet rs = st.executeQuery("SELECT bin FROM " + table + " WHERE id = 't:0:0'")) {
      rs.next();
      assertThat(rs.getBytes(1)).containsExactly(0, 1, 0xff);
    }
    assertThat(
            fx.value(
                "SELECT coalesce(i8::varchar, 'null') || coalesce(s, 'null') ||"
                    + " coalesce(price::varchar, 'null') || coalesce(JSON_SERIALIZE(nested),"
                    + " 'null') || coalesce(ts::varchar, 'null') FROM "
                    + table
                    + " WHERE id = 't:0:1'"))
        .isEqualTo("nullnullnullnullnull");
    assertThat(fx.value("SELECT octet_length(s), price FROM " + table + " WHERE id = 't:0:2'"))
        .isEqualTo("65535|12.50");
    assertThat(fx.value("SELECT s FROM " + table + " WHERE id = 't:0:2'")).isEqualTo(longest);
  }

  @Test
  void schemalessFieldsAreInferredAndNewFieldsAddColumnsBehindCreatedAt() throws Exception {
    String longer = "x".repeat(300);
    try (RedshiftSink sink = RedshiftSink.open(typed())) {
      sink.write(List.of(record(0, "{\"a\":1,\"b\":\"x\",\"n\":null}")));
      assertThat(columns()).containsExactly("a|bigint", "b|character varying(256)", "created_at");
      sink.write(
          List.of(
              record(1, "{\"a\":2,\"b\":\"" + longer + "\",\"c\":1.5,\"d\":{\"k\":[1]}}"),
              record(2, "{\"a\":3,\"n\":true,\"e\":[1,2]}")));
      assertThat(columns())
          .containsExactly(
              "a|bigint",
              "b|character varying(65535)",
              "created_at",
              "c|double precision",
              "d|super",
              "n|boolean",
              "e|super");
      Record wrongType = record(3, "{\"a\":\"three\"}");
      assertThat(sink.check(wrongType))
          .hasValueSatisfying(
              e ->
                  assertThat(e)
                      .hasMessageContaining("t:0:3")
                      .hasMessageContaining("'a'")
                      .hasMessageContaining("BIGINT")
                      .hasMessageContaining("string"));
      assertThatThrownBy(() -> sink.write(List.of(wrongType)))
          .isInstanceOf(BadRecordException.class)
          .hasMessageContaining("t:0:3");
    }
    assertThat(
            fx.rows(
                "SELECT a, b = '"
                    + longer
                    + "', c, JSON_SERIALIZE(d), n FROM "
                    + table
                    + " ORDER BY a"))
        .containsExactly("1|f|null|null|null", "2|t|1.5|{\"k\":[1]}|null", "3|null|null|null|t");
  }

  @Test
  void withoutSchemaEvolutionANewFieldFailsTheLoad() throws Exception {
    Map<String, Object> config = typed();
    config.put("schema_evolution", "none");
    try (RedshiftSink sink = RedshiftSink.open(config)) {
      sink.write(List.of(record(0, "{\"a\":1}")));
      assertThatThrownBy(() -> sink.write(List.of(record(1, "{\"a\":2,\"z\":\"new\"}"))))
          .isInstanceOf(RedsinkException.class)
          .hasMessageContaining("field 'z' has no column")
          .hasMessageContaining("schema_evolution = none");
      assertThatThrownBy(() -> sink.write(List.of(record(1, "{\"a\":\"text\"}"))))
          .isInstanceOf(RedsinkException.class)
          .isNotInstanceOf(BadRecordException.class)
          .hasMessageContaining("field 'a'")
          .hasMessageContaining("BIGINT");
    }
    assertThat(fx.count(table)).isEqualTo(1);
  }

  @Test
  void aFieldAddedMidStreamAppearsWhileASecondWriterLoadsTheTable() throws Exception {
    int batches = 6;
    int perBatch = 20;
    try (RedshiftSink first = RedshiftSink.open(typed());
        RedshiftSink second = RedshiftSink.open(typed())) {
      SinkFixture.writeSideBySide(
          List.of(first, second),
          batches,
          (partition, b) -> {
            List<Record> batch = new ArrayList<>();
            for (int i = 0; i < perBatch; i++) {
              long offset = (long) b * perBatch + i;
              String extra =
                  partition == 0 && b >= batches / 2 ? ",\"added\":\"p" + offset + "\"" : "";
              batch.add(record(partition, offset, "{\"n\":" + offset + extra + "}"));
            }
            return batch;
          });
    }
    assertThat(columns()).containsExactly("n|bigint", "created_at", "added|character varying(256)");
    assertThat(fx.count(table)).isEqualTo(2L * batches * perBatch);
    assertThat(fx.distinctIds(table)).isEqualTo(2L * batches * perBatch);
    assertThat(fx.value("SELECT count(added) FROM " + table))
        .isEqualTo(String.valueOf(batches / 2 * perBatch));
    assertThat(fx.value("SELECT added FROM " + table + " WHERE id = 't:0:119'")).isEqualTo("p119");
  }

  /** The field columns and created_at as name|type, in ordinal order. */
  @Test
  void aTableNotCreatedYetHasNothingToResumeAfterAndItsFirstLoadCreatesIt() throws Exception {
    try (RedshiftSink sink = RedshiftSink.open(typed())) {
      assertThat(sink.nextOffset("t", 0)).isEmpty();
      assertThat(columns()).isEmpty();
      sink.write(List.of(record(0, "{\"a\":1}"), record(1, "{\"a\":2}")));
      assertThat(sink.nextOffset("t", 0)).hasValue(2);
    }
    assertThat(fx.rows("SELECT a FROM " + table + " ORDER BY a")).containsExactly("1", "2");
  }

  @Test
  void aReplaceOfATableNotCreatedYetCreatesItWhenItCommits() throws Exception {
    try (RedshiftSink sink = RedshiftSink.open(typed())) {
      try (ReplaceRun empty = sink.replace("t")) {
        assertThat(empty.commit().rowsAfter()).isZero();
      }
      assertThat(columns()).as("a replace of nothing creates nothing").isEmpty();
      try (ReplaceRun run = sink.replace("t")) {
        run.write(List.of(record(0, "{\"a\":1,\"b\":\"x\"}")));
        run.write(List.of(record(1, "{\"a\":2,\"c\":true}")));
        assertThat(columns()).as("the table appears only when the run commits").isEmpty();
        ReplaceRun.Summary summary = run.commit();
        assertThat(summary.rowsBefore()).isZero();
        assertThat(summary.rowsAfter()).isEqualTo(2);
      }
      assertThat(sink.write(List.of(record(1, "{\"a\":99}"))).loaded()).isZero();
    }
    assertThat(fx.rows("SELECT a, b, c FROM " + table + " ORDER BY a"))
        .containsExactly("1|x|null", "2|null|t");
  }

  @Test
  void aTableADbaCreatedKeepsItsOwnColumnsToTheirDefaults() throws Exception {
    try (Connection c = fx.connect();
        Statement st = c.createStatement()) {
      st.execute(
          "CREATE TABLE "
              + table
              + " (loaded_by VARCHAR(16) NOT NULL DEFAULT 'etl', note VARCHAR(64), a BIGINT,"
              + " id VARCHAR(512), pico_offset VARCHAR(20), pico_timestamp VARCHAR(20),"
              + " pico_topic VARCHAR(256), pico_partition BIGINT, pico_key VARCHAR(MAX),"
              + " created_at VARCHAR(256))");
    }
    Map<String, Object> upsert = typed();
    upsert.put("write_mode", "upsert");
    upsert.put("primary_key", List.of("a"));
    try (RedshiftSink sink = RedshiftSink.open(upsert)) {
      sink.write(List.of(record(0, "{\"a\":1,\"b\":\"x\"}"), record(1, "{\"a\":2}")));
      sink.write(List.of(record(2, "{\"a\":1,\"b\":\"y\"}")));
    }
    assertThat(fx.rows("SELECT a, b, loaded_by, note, id FROM " + table + " ORDER BY a"))
        .containsExactly("1|y|etl|null|t:0:2", "2|null|etl|null|t:0:1");
  }

  @Test
  void aTypedTableIsReplacedAtomicallyEvenWhenTheRunBringsANewField() throws Exception {
    try (RedshiftSink sink = RedshiftSink.open(typed())) {
      sink.write(
          List.of(
              record(0, "{\"a\":1,\"b\":\"old\"}"),
              record(1, "{\"a\":2,\"b\":\"old\"}"),
              record(2, "{\"a\":3,\"b\":\"old\"}")));
      try (ReplaceRun run = sink.replace("t")) {
        run.write(
            List.of(
                record(0, "{\"a\":10,\"b\":\"new\"}"),
                record(1, "{\"a\":11,\"b\":\"new\",\"c\":true}")));
        ReplaceRun.Summary summary = run.commit();
        assertThat(summary.rowsBefore()).isEqualTo(3);
        assertThat(summary.rowsAfter()).isEqualTo(2);
      }
      // The ledger moved with the run: the same offsets written again load nothing.
      assertThat(sink.write(List.of(record(1, "{\"a\":99}"))).loaded()).isZero();
    }
    assertThat(columns()).contains("a|bigint", "b|character varying(256)", "c|boolean");
    assertThat(fx.rows("SELECT a, b, c FROM " + table + " ORDER BY a"))
        .containsExactly("10|new|null", "11|new|t");
  }

  private List<String> columns() throws Exception {
    return fx
        .rows(
            "SELECT a.attname, pg_catalog.format_type(a.atttypid, a.atttypmod) FROM"
                + " pg_catalog.pg_attribute a JOIN pg_catalog.pg_class c ON c.oid = a.attrelid"
                + " WHERE c.relname = '"
                + table
                + "' AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum")
        .stream()
        .filter(r -> !r.startsWith("id|") && !r.startsWith("pico_"))
        .map(r -> r.startsWith("created_at|") ? "created_at" : r)
        .toList();
  }
}
