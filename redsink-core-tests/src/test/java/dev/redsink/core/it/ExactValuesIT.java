package dev.redsink.core.it;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redsink.core.RedshiftSink;
import dev.redsink.core.ReplaceRun;
import dev.redsink.core.error.BadRecordException;
import dev.redsink.core.record.Record;
import dev.redsink.emulator.RedshiftEmulator;
import dev.redsink.emulator.RedshiftEmulatorExtension;
import dev.redsink.testkit.Warehouse;
import java.math.BigDecimal;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * No value changes on its way into a column: a value its column would hold only rounded or cut (a
 * Debezium NUMERIC without scale with more places than its DECIMAL, nanoseconds, a JSON number a
 * double does not keep, an integer a DOUBLE PRECISION would round) is a bad record naming record,
 * column and value, and nothing of it lands; a DECIMAL column that can take more places without
 * losing integer digits is widened and holds the value exactly.
 */
@ExtendWith(RedshiftEmulatorExtension.class)
class ExactValuesIT {
  /** A Debezium row image of customers(cid integer, nv numeric, big numeric). */
  private static final String ROW =
      "{\"type\":\"struct\",\"optional\":true,\"fields\":[{\"field\":\"cid\",\"type\":\"int32\"},"
          + "{\"field\":\"nv\",\"type\":\"struct\",\"optional\":true,"
          + "\"name\":\"io.debezium.data.VariableScaleDecimal\",\"fields\":["
          + "{\"type\":\"int32\",\"field\":\"scale\"},{\"type\":\"bytes\",\"field\":\"value\"}]}]";

  private static final String SCHEMA =
      "{\"type\":\"struct\",\"fields\":["
          + ROW
          + ",\"field\":\"before\"},"
          + ROW
          + ",\"field\":\"after\"},"
          + "{\"type\":\"struct\",\"field\":\"source\",\"fields\":["
          + "{\"field\":\"lsn\",\"type\":\"int64\",\"optional\":true},"
          + "{\"field\":\"ts_ms\",\"type\":\"int64\"}]},"
          + "{\"field\":\"op\",\"type\":\"string\"},"
          + "{\"field\":\"ts_ms\",\"type\":\"int64\",\"optional\":true}]}";

  private SinkFixture fx;
  private String table;

  @BeforeEach
  void setUp(RedshiftEmulator emulator) {
    fx = new SinkFixture(emulator);
    table = Warehouse.uniqueTable("exact");
  }

  private Map<String, Object> typed(String writeMode) {
    Map<String, Object> config = fx.config(table);
    config.put("table_layout", "typed");
    config.put("write_mode", writeMode);
    return config;
  }

  /** Debezium's {scale, value} of a decimal. */
  private static String numeric(String decimal) {
    BigDecimal d = new BigDecimal(decimal);
    return "{\"scale\":"
        + d.scale()
        + ",\"value\":\""
        + Base64.getEncoder().encodeToString(d.unscaledValue().toByteArray())
        + "\"}";
  }

  /** A Debezium change event (op c) of customer {@code cid} with {@code nv}. */
  private static Record change(long offset, int cid, String nv) {
    String payload =
        "{\"before\":null,\"after\":{\"cid\":"
            + cid
            + ",\"nv\":"
            + numeric(nv)
            + "},\"source\":{\"lsn\":"
            + (100 + offset)
            + ",\"ts_ms\":1700000000000},\"op\":\""
            + (offset < 2 ? "r" : "u")
            + "\",\"ts_ms\":1700000000001}";
    return record(
        offset, "{\"cid\":" + cid + "}", "{\"schema\":" + SCHEMA + ",\"payload\":" + payload + "}");
  }

  private static Record record(long offset, String key, String value) {
    return new Record(
        "db.public.customers",
        0,
        offset,
        1_700_000_000_000L + offset,
        key == null ? null : key.getBytes(UTF_8),
        List.of(),
        value.getBytes(UTF_8));
  }

  private String type(String column) throws Exception {
    return fx.value(
        "SELECT type FROM pg_table_def WHERE tablename = '"
            + table
            + "' AND \"column\" = '"
            + column
            + "'");
  }

  @Test
  void aNumericWithoutScaleItsColumnWouldRoundIsRefusedAndNothingRoundedLands() throws Exception {
    Record rounded = change(2, 1, "3.14159265358979323846");
    Record later = change(3, 2, "2.5");
    try (RedshiftSink sink = RedshiftSink.open(typed("cdc"))) {
      sink.write(
          List.of(
              change(0, 1, "1234.567890123456789012"), change(1, 2, "1.500000000000000000000")));
      assertThat(type("nv")).isEqualTo("numeric(38,18)");

      assertThat(sink.check(rounded))
          .as("refused when a runtime takes it")
          .get()
          .extracting(Throwable::getMessage)
          .asString()
          .contains("db.public.customers:0:2")
          .contains("field 'nv' holds 3.14159265358979323846")
          .contains("column 'nv' DECIMAL(38,18) cannot hold exactly")
          .contains("decimal.handling.mode = string");
      assertThatThrownBy(() -> sink.write(List.of(rounded, later)))
          .as("and by the load, before anything is staged")
          .isInstanceOf(BadRecordException.class)
          .hasMessageContaining("db.public.customers:0:2")
          .hasMessageContaining("field 'nv' holds 3.14159265358979323846");
      assertThat(fx.rows("SELECT cid, nv FROM " + table + " ORDER BY cid"))
          .as("nothing of the refused record's batch, nothing rounded")
          .containsExactly("1|1234.567890123456789012", "2|1.500000000000000000");

      sink.write(List.of(later));
    }
    assertThat(fx.rows("SELECT cid, nv FROM " + table + " ORDER BY cid"))
        .containsExactly("1|1234.567890123456789012", "2|2.500000000000000000");
    assertThat(fx.count(table)).isEqualTo(2);
  }

  /**
   * A column the user created: a DECIMAL(20,10) takes a value of 12 places by widening to
   * DECIMAL(22,12), and a DECIMAL(38,0) holds integers of more than DECIMAL(38,18)'s 20 digits.
   */
  @Test
  void aUsersDecimalColumnWidensToHoldMorePlacesAndHoldsEveryValueExactly() throws Exception {
    String schema =
        "{\"type\":\"struct\",\"fields\":[{\"field\":\"k\",\"type\":\"int32\"},"
            + "{\"field\":\"nv\",\"type\":\"struct\",\"optional\":true,"
            + "\"name\":\"io.debezium.data.VariableScaleDecimal\",\"fields\":["
            + "{\"type\":\"int32\",\"field\":\"scale\"},{\"type\":\"bytes\",\"field\":\"value\"}]}]}";
    try (RedshiftSink sink = RedshiftSink.open(typed("append"))) {
      sink.write(List.of(record(0, null, "{\"k\":0}")));
      fx.execute(
          "ALTER TABLE " + table + " ADD COLUMN nv DECIMAL(20,10)",
          "ALTER TABLE " + table + " ADD COLUMN big DECIMAL(38,0)");
      String first =
          "{\"schema\":" + schema + ",\"payload\":{\"k\":1,\"nv\":" + numeric("1.5") + "}}";
      sink.write(List.of(record(1, null, first)));
      assertThat(type("nv")).isEqualTo("numeric(20,10)");

      String places =
          "{\"schema\":"
              + schema
              + ",\"payload\":{\"k\":2,\"nv\":"
              + numeric("12345678.123456789012")
              + "}}";
      sink.write(List.of(record(2, null, places)));
      assertThat(type("nv")).as("widened for 12 places").isEqualTo("numeric(22,12)");

      String big =
          "{\"schema\":"
              + schema.replace("\"nv\"", "\"big\"")
              + ",\"payload\":{\"k\":3,\"big\":"
              + numeric("1234567890123456789012345")
              + "}}";
      sink.write(List.of(record(3, null, big)));
    }
    assertThat(fx.rows("SELECT k, nv, big FROM " + table + " ORDER BY k"))
        .containsExactly(
            "0|null|null",
            "1|1.500000000000|null",
            "2|12345678.123456789012|null",
            "3|null|1234567890123456789012345");
  }

  /**
   * A replace whose run widened a DECIMAL for more places gives the table the run's type before its
   * rows go in: the swap's insert into the narrower column would round them.
   */
  @Test
  void aReplaceWhoseRunWidenedADecimalGivesTheTableItsType() throws Exception {
    String schema =
        "{\"type\":\"struct\",\"fields\":[{\"field\":\"k\",\"type\":\"int32\"},"
            + "{\"field\":\"nv\",\"type\":\"struct\",\"optional\":true,"
            + "\"name\":\"io.debezium.data.VariableScaleDecimal\",\"fields\":["
            + "{\"type\":\"int32\",\"field\":\"scale\"},{\"type\":\"bytes\",\"field\":\"value\"}]}]}";
    try (RedshiftSink sink = RedshiftSink.open(typed("append"))) {
      sink.write(List.of(record(0, null, "{\"k\":0}")));
      fx.execute("ALTER TABLE " + table + " ADD COLUMN nv DECIMAL(20,10)");
      try (ReplaceRun run = sink.replace("db.public.customers")) {
        run.write(
            List.of(
                record(
                    1,
                    null,
                    "{\"schema\":"
                        + schema
                        + ",\"payload\":{\"k\":1,\"nv\":"
                        + numeric("12345678.123456789012")
                        + "}}")));
        run.commit();
      }
    }
    assertThat(type("nv")).isEqualTo("numeric(22,12)");
    assertThat(fx.rows("SELECT k, nv FROM " + table + " ORDER BY k"))
        .containsExactly("1|12345678.123456789012");
  }

  @Test
  void aSchemalessNumberItsDoubleWouldChangeIsRefusedAndOneItKeepsLoads() throws Exception {
    Record kept = record(0, null, "{\"id\":0,\"x\":0.30000000000000004}");
    Record changed = record(1, null, "{\"id\":1,\"x\":3.14159265358979323846}");
    try (RedshiftSink sink = RedshiftSink.open(typed("append"))) {
      sink.write(List.of(kept));
      assertThat(sink.check(changed))
          .get()
          .extracting(Throwable::getMessage)
          .asString()
          .contains("db.public.customers:0:1")
          .contains("field 'x' holds the number 3.14159265358979323846")
          .contains("as JSON strings");
      assertThatThrownBy(() -> sink.write(List.of(changed)))
          .isInstanceOf(BadRecordException.class)
          .hasMessageContaining("field 'x' holds the number 3.14159265358979323846");
    }
    assertThat(fx.count(table)).isEqualTo(1);
    assertThat(
            fx.value(
                "SELECT count(*) FROM "
                    + table
                    + " WHERE x = CAST('0.30000000000000004' AS DOUBLE PRECISION)"))
        .isEqualTo("1");
  }

  /** An integer a DOUBLE PRECISION column would round: 2^53 + 1. */
  @Test
  void anIntegerItsDoublePrecisionColumnWouldRoundIsRefused() throws Exception {
    Record rounded = record(1, null, "{\"x\":9007199254740993}");
    try (RedshiftSink sink = RedshiftSink.open(typed("append"))) {
      sink.write(List.of(record(0, null, "{\"x\":1.5}")));
      assertThat(type("x")).isEqualTo("double precision");
      assertThatThrownBy(() -> sink.write(List.of(rounded)))
          .isInstanceOf(BadRecordException.class)
          .hasMessageContaining("db.public.customers:0:1")
          .hasMessageContaining("field 'x' holds 9007199254740993")
          .hasMessageContaining("DOUBLE PRECISION cannot hold exactly");
      sink.write(List.of(record(2, null, "{\"x\":9007199254740992}")));
    }
    assertThat(fx.count(table)).isEqualTo(2);
    assertThat(fx.value("SELECT x::bigint FROM " + table + " WHERE x > 2"))
        .isEqualTo("9007199254740992");
  }

  @Test
  void nanosecondsBelowAMicrosecondAreRefusedAndWholeMicrosecondsLoad() throws Exception {
    String schema =
        "{\"type\":\"struct\",\"fields\":[{\"field\":\"ts\",\"type\":\"int64\","
            + "\"name\":\"io.debezium.time.NanoTimestamp\"}]}";
    Record cut =
        record(1, null, "{\"schema\":" + schema + ",\"payload\":{\"ts\":1705307400123456789}}");
    try (RedshiftSink sink = RedshiftSink.open(typed("append"))) {
      sink.write(
          List.of(
              record(
                  0,
                  null,
                  "{\"schema\":" + schema + ",\"payload\":{\"ts\":1705307400123456000}}")));
      assertThatThrownBy(() -> sink.write(List.of(cut)))
          .isInstanceOf(BadRecordException.class)
          .hasMessageContaining("db.public.customers:0:1")
          .hasMessageContaining("field 'ts' holds 1705307400123456789 nanoseconds")
          .hasMessageContaining("time.precision.mode");
    }
    assertThat(fx.rows("SELECT ts FROM " + table)).containsExactly("2024-01-15 08:30:00.123456");
  }
}
