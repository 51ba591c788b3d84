package dev.redsink.core.typed;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redsink.core.error.BadRecordException;
import dev.redsink.core.record.Record;
import dev.redsink.core.sql.TypeMapping;
import dev.redsink.core.sql.TypeMapping.Fit;
import dev.redsink.core.table.ColumnGroup;
import dev.redsink.core.table.ColumnType;
import dev.redsink.core.table.RowLayout;
import dev.redsink.core.table.WriteSettings;
import java.math.BigDecimal;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ValueReaderTest {
  private static final FieldNames NAMES =
      FieldNames.of(
          RowLayout.typed(Set.of(ColumnGroup.METADATA, ColumnGroup.KEY), "pico_"),
          WriteSettings.APPEND);

  private static Record record(String json) {
    return new Record("t", 0, 5, 0L, null, List.of(), json == null ? null : json.getBytes(UTF_8));
  }

  @Test
  void envelopeFieldsAreTypedByTheirSchema() {
    TypedRow row =
        ValueReader.read(
            record(
                "{\"schema\":{\"type\":\"struct\",\"fields\":["
                    + "{\"field\":\"id\",\"type\":\"int32\"},"
                    + "{\"field\":\"amount\",\"type\":\"bytes\","
                    + "\"name\":\"org.apache.kafka.connect.data.Decimal\","
                    + "\"parameters\":{\"scale\":\"2\",\"connect.decimal.precision\":\"10\"}},"
                    + "{\"field\":\"when\",\"type\":\"int64\","
                    + "\"name\":\"org.apache.kafka.connect.data.Timestamp\"},"
                    + "{\"field\":\"missing\",\"type\":\"string\",\"optional\":true}]},"
                    + "\"payload\":{\"id\":7,\"amount\":\"AOI=\",\"when\":1000}}"),
            NAMES);
    assertThat(row.fields())
        .containsExactly(
            new FieldValue("id_value", FieldType.of(FieldKind.INT32), 7L),
            new FieldValue("amount", FieldType.decimal(10, 2), new BigDecimal("2.26")),
            new FieldValue("when", FieldType.of(FieldKind.TIMESTAMP), 1_000_000L),
            new FieldValue("missing", FieldType.of(FieldKind.STRING), null));
    assertThat(TypeMapping.column(row.fields().get(1).type(), 0))
        .isEqualTo(ColumnType.decimal(10, 2));
  }

  /**
   * Each schema's fields are found once per thread and schema instance: records of two schemas,
   * held split and alternating as a Debezium stream's before and after images do, each read by
   * their own; a schema a record cannot be read by fails each such record, naming it.
   */
  @Test
  void recordsOfAlternatingSchemasReadEachByItsOwn() {
    byte[] a =
        "{\"type\":\"struct\",\"fields\":[{\"field\":\"id\",\"type\":\"int32\"}]}".getBytes(UTF_8);
    byte[] b =
        ("{\"type\":\"struct\",\"fields\":[{\"field\":\"id\",\"type\":\"string\"},"
                + "{\"field\":\"n\",\"type\":\"double\"}]}")
            .getBytes(UTF_8);
    byte[] bad =
        "{\"type\":\"struct\",\"fields\":[{\"field\":\"id\",\"type\":\"int99\"}]}".getBytes(UTF_8);
    for (int i = 0; i < 3; i++) {
      assertThat(ValueReader.read(held(i, a, "{\"id\":" + i + "}"), NAMES).fields())
          .containsExactly(new FieldValue("id_value", FieldType.of(FieldKind.INT32), (long) i));
      assertThat(ValueReader.read(held(i, b, "{\"id\":\"k" + i + "\",\"n\":1.5}"), NAMES).fields())
          .containsExactly(
              new FieldValue("id_value", FieldType.of(FieldKind.STRING), "k" + i),
              new FieldValue("n", FieldType.of(FieldKind.FLOAT64), 1.5));
      long offset = 100 + i;
      assertThatThrownBy(() -> ValueReader.read(held(offset, bad, "{\"id\":1}"), NAMES))
          .isInstanceOf(BadRecordException.class)
          .hasMessageContaining("t:0:" + offset)
          .hasMessageContaining("int99");
    }
  }

  /** A record whose value is held split: {@code schema} (one instance shared) and its payload. */
  private static Record held(long offset, byte[] schema, String payload) {
    return new Record("t", 0, offset, 0L, null, List.of(), payload.getBytes(UTF_8), schema);
  }

  /**
   * A plain object is read straight from its bytes; one that may be an envelope (a top-level
   * "payload" field) or gives a field twice through the tree: both read the same fields.
   */
  @Test
  void aPlainObjectReadsAsTheTreeReadsIt() {
    String fields =
        "\"i\":-9007199254740993,\"f\":0.1,\"e\":1E+2,\"s\":\"a\\u00e9\\\"\","
            + "\"b\":true,\"n\":null,\"o\":{ \"k\" : [1, 2.50, \"x\"] },\"a\":[],\"ID\":3";
    TypedRow streamed = ValueReader.read(record("{" + fields + "}"), NAMES);
    TypedRow tree = ValueReader.read(record("{" + fields + ",\"payload\":0}"), NAMES);
    TypedRow twice = ValueReader.read(record("{\"i\":1," + fields + "}"), NAMES);

    assertThat(streamed.fields()).hasSize(9);
    assertThat(tree.fields().subList(0, 9)).isEqualTo(streamed.fields());
    assertThat(twice.fields())
        .as("a field given twice keeps its place and its last value")
        .isEqualTo(streamed.fields());
    assertThat(streamed.fields().get(6).value()).isEqualTo("{\"k\":[1,2.5,\"x\"]}");
    assertThat(streamed.fields().get(8).name()).isEqualTo("id_value");
    assertThatThrownBy(() -> ValueReader.read(record("{\"big\":9223372036854775808}"), NAMES))
        .isInstanceOf(BadRecordException.class)
        .hasMessageContaining("beyond BIGINT's range");
    assertThatThrownBy(() -> ValueReader.read(record("{\"a\":1,\"A\":2}"), NAMES))
        .isInstanceOf(BadRecordException.class)
        .hasMessageContaining("'a' and 'A'");
  }

  @Test
  void schemalessValuesAreInferred() {
    TypedRow row =
        ValueReader.read(
            record("{\"n\":1,\"x\":1.5,\"s\":\"a\",\"b\":false,\"o\":{\"k\":[1]},\"z\":null}"),
            NAMES);
    assertThat(row.fields())
        .extracting(f -> f.name() + " " + f.type() + " " + f.value())
        .containsExactly(
            "n int64 1",
            "x float64 1.5",
            "s string a",
            "b boolean false",
            "o struct {\"k\":[1]}",
            "z null null");
    assertThat(ValueReader.read(record(null), NAMES).fields()).isEmpty();
  }

  @Test
  void valuesThatAreNotObjectsOrDoNotMatchTheirSchemaNameTheRecord() {
    assertThatThrownBy(() -> ValueReader.read(record("[1]"), NAMES))
        .isInstanceOf(BadRecordException.class)
        .hasMessageContaining("t:0:5")
        .hasMessageContaining("not a JSON object");
    assertThatThrownBy(
            () ->
                ValueReader.read(
                    record(
                        "{\"schema\":{\"type\":\"struct\",\"fields\":[{\"field\":\"id\","
                            + "\"type\":\"int32\"}]},\"payload\":{\"id\":\"seven\"}}"),
                    NAMES))
        .isInstanceOf(BadRecordException.class)
        .hasMessageContaining("field 'id' is declared int32");
  }

  @Test
  void fitWidensIntegersAndVarcharsButNeverNarrows() {
    FieldValue int32 = new FieldValue("a", FieldType.of(FieldKind.INT32), 1L);
    FieldValue int64 = new FieldValue("a", FieldType.of(FieldKind.INT64), 1L);
    FieldValue text = new FieldValue("s", FieldType.of(FieldKind.STRING), "é".repeat(200));
    assertThat(TypeMapping.fit(ColumnType.BIGINT, 8, int32)).isEqualTo(Fit.FITS);
    assertThat(TypeMapping.fit(ColumnType.INTEGER, 4, int64)).isEqualTo(Fit.INCOMPATIBLE);
    assertThat(TypeMapping.fit(ColumnType.varchar(256), 256, text)).isEqualTo(Fit.WIDEN);
    assertThat(TypeMapping.fit(ColumnType.BIGINT, 8, text)).isEqualTo(Fit.INCOMPATIBLE);
    assertThat(TypeMapping.column(text.type(), 400)).isEqualTo(ColumnType.varchar(65_535));
    assertThat(
            TypeMapping.fit(
                ColumnType.varchar(65_535),
                65_535,
                new FieldValue("s", FieldType.of(FieldKind.STRING), "x".repeat(65_536))))
        .isEqualTo(Fit.TOO_LONG);
  }

  /** Field schemas as Debezium's PostgreSQL connector writes them through JsonConverter. */
  @Test
  void debeziumTypesReadAsTheRedshiftTypesTheyStandFor() {
    TypedRow row =
        ValueReader.read(
            record(
                "{\"schema\":{\"type\":\"struct\",\"fields\":["
                    + "{\"type\":\"float\",\"optional\":true,\"field\":\"r\"},"
                    + "{\"type\":\"double\",\"optional\":true,\"field\":\"d\"},"
                    + "{\"type\":\"int32\",\"name\":\"io.debezium.time.Date\",\"field\":\"day\"},"
                    + "{\"type\":\"int64\",\"name\":\"io.debezium.time.MicroTime\","
                    + "\"field\":\"tm\"},"
                    + "{\"type\":\"int64\",\"name\":\"io.debezium.time.NanoTimestamp\","
                    + "\"field\":\"ts\"},"
                    + "{\"type\":\"string\",\"name\":\"io.debezium.time.ZonedTimestamp\","
                    + "\"field\":\"tstz\"},"
                    + "{\"type\":\"struct\",\"fields\":[{\"type\":\"int32\",\"field\":\"scale\"},"
                    + "{\"type\":\"bytes\",\"field\":\"value\"}],"
                    + "\"name\":\"io.debezium.data.VariableScaleDecimal\",\"field\":\"nv\"},"
                    + "{\"type\":\"string\",\"name\":\"io.debezium.data.Json\",\"field\":\"j\"},"
                    + "{\"type\":\"int64\",\"name\":\"io.debezium.time.MicroDuration\","
                    + "\"field\":\"iv\"}]},"
                    + "\"payload\":{\"r\":1.5,\"d\":2.25,\"day\":-56270,\"tm\":23400000000,"
                    + "\"ts\":1705307400123456000,\"tstz\":\"2024-01-15T07:30:00.123456Z\","
                    + "\"nv\":{\"scale\":3,\"value\":\"AeI=\"},\"j\":\"{\\\"a\\\": 1}\","
                    + "\"iv\":93784000000}}"),
            NAMES);
    java.util.Map<String, FieldValue> f = row.byColumnName();
    assertThat(TypeMapping.column(f.get("r").type(), 0)).isEqualTo(ColumnType.REAL);
    assertThat(TypeMapping.column(f.get("d").type(), 0)).isEqualTo(ColumnType.DOUBLE_PRECISION);
    assertThat(f.get("day").value()).isEqualTo(-56270);
    assertThat(TypeMapping.column(f.get("day").type(), 0)).isEqualTo(ColumnType.DATE);
    assertThat(f.get("tm").value()).as("06:30 in microseconds").isEqualTo(23_400_000_000L);
    assertThat(TypeMapping.column(f.get("tm").type(), 0)).isEqualTo(ColumnType.TIME);
    assertThat(f.get("ts").value()).as("nanoseconds as micros").isEqualTo(1705307400123456L);
    assertThat(TypeMapping.column(f.get("ts").type(), 0)).isEqualTo(ColumnType.TIMESTAMP);
    assertThat(f.get("tstz").value()).isEqualTo(1705303800123456L);
    assertThat(TypeMapping.column(f.get("tstz").type(), 0)).isEqualTo(ColumnType.TIMESTAMPTZ);
    assertThat(f.get("nv").value()).as("at its own scale").isEqualTo(new BigDecimal("0.482"));
    assertThat(TypeMapping.column(f.get("nv").type(), 0)).isEqualTo(ColumnType.decimal(38, 18));
    assertThat(f.get("j").json()).isEqualTo("{\"a\": 1}");
    assertThat(TypeMapping.column(f.get("j").type(), 0)).isEqualTo(ColumnType.SUPER);
    assertThat(TypeMapping.column(f.get("iv").type(), 0)).isEqualTo(ColumnType.BIGINT);
  }

  @Test
  void aZonedTimestampThatIsNotAnInstantIsABadRecord() {
    assertThatThrownBy(
            () ->
                ValueReader.read(
                    record(
                        "{\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"string\","
                            + "\"name\":\"io.debezium.time.ZonedTimestamp\",\"field\":\"t\"}]},"
                            + "\"payload\":{\"t\":\"infinity\"}}"),
                    NAMES))
        .isInstanceOf(BadRecordException.class)
        .hasMessageContaining("field 't'")
        .hasMessageContaining("infinity");
  }

  /** An envelope of one field {@code f} of the given schema and JSON value. */
  private static Record one(String schema, String value) {
    return record(
        "{\"schema\":{\"type\":\"struct\",\"fields\":[{\"field\":\"f\","
            + schema
            + "}]},\"payload\":{\"f\":"
            + value
            + "}}");
  }

  private static final String VARIABLE_SCALE =
      "\"type\":\"struct\",\"name\":\"io.debezium.data.VariableScaleDecimal\","
          + "\"fields\":[{\"type\":\"int32\",\"field\":\"scale\"},"
          + "{\"type\":\"bytes\",\"field\":\"value\"}]";

  /** Debezium's {scale, value} of a decimal. */
  private static String variableScale(String decimal) {
    BigDecimal d = new BigDecimal(decimal);
    return "{\"scale\":"
        + d.scale()
        + ",\"value\":\""
        + java.util.Base64.getEncoder().encodeToString(d.unscaledValue().toByteArray())
        + "\"}";
  }

  @Test
  void aNumericWithoutScaleIsReadAtItsOwnScaleNeverRounded() {
    for (String decimal :
        List.of(
            "3.14159265358979323846",
            "1.500000000000000000000",
            "123456789012345678901234567890",
            "-0.000000000000000000000001")) {
      FieldValue f =
          ValueReader.read(one(VARIABLE_SCALE, variableScale(decimal)), NAMES).fields().get(0);
      assertThat(f.type().kind()).isEqualTo(FieldKind.VARIABLE_DECIMAL);
      assertThat(f.value()).as(decimal).isEqualTo(new BigDecimal(decimal));
    }
  }

  @Test
  void nanosecondsWithDigitsBelowAMicrosecondAreABadRecordNamingFieldValueAndFix() {
    String nanoTimestamp = "\"type\":\"int64\",\"name\":\"io.debezium.time.NanoTimestamp\"";
    String nanoTime = "\"type\":\"int64\",\"name\":\"io.debezium.time.NanoTime\"";
    assertThat(ValueReader.read(one(nanoTimestamp, "-1705307400123456000"), NAMES).value(0))
        .isEqualTo(-1705307400123456L);
    assertThat(ValueReader.read(one(nanoTime, "23400000001000"), NAMES).value(0))
        .isEqualTo(23400000001L);
    assertThatThrownBy(() -> ValueReader.read(one(nanoTimestamp, "1705307400123456789"), NAMES))
        .isInstanceOf(BadRecordException.class)
        .hasMessageContaining("t:0:5")
        .hasMessageContaining("field 'f' holds 1705307400123456789 nanoseconds")
        .hasMessageContaining("TIMESTAMP keeps microseconds")
        .hasMessageContaining("(789)")
        .hasMessageContaining("time.precision.mode = connect");
    assertThatThrownBy(() -> ValueReader.read(one(nanoTime, "-23400000000001"), NAMES))
        .isInstanceOf(BadRecordException.class)
        .hasMessageContaining("TIME keeps microseconds")
        .hasMessageContaining("(001)");
  }

  @Test
  void aZonedTimestampWithDigitsBelowAMicrosecondIsABadRecord() {
    String zoned = "\"type\":\"string\",\"name\":\"io.debezium.time.ZonedTimestamp\"";
    assertThat(ValueReader.read(one(zoned, "\"2024-01-15T07:30:00.123456000Z\""), NAMES).value(0))
        .isEqualTo(1705303800123456L);
    assertThatThrownBy(
            () -> ValueReader.read(one(zoned, "\"2024-01-15T07:30:00.123456789Z\""), NAMES))
        .isInstanceOf(BadRecordException.class)
        .hasMessageContaining("field 'f' holds '2024-01-15T07:30:00.123456789Z'")
        .hasMessageContaining("below a microsecond");
  }

  @Test
  void aDeclaredIntegerBeyondItsTypesRangeIsABadRecord() {
    assertThat(ValueReader.read(one("\"type\":\"int16\"", "-32768"), NAMES).value(0))
        .isEqualTo(-32768L);
    assertThatThrownBy(() -> ValueReader.read(one("\"type\":\"int16\"", "70000"), NAMES))
        .isInstanceOf(BadRecordException.class)
        .hasMessageContaining("field 'f' is declared int16 but holds 70000");
    assertThatThrownBy(() -> ValueReader.read(one("\"type\":\"int32\"", "5000000000"), NAMES))
        .isInstanceOf(BadRecordException.class)
        .hasMessageContaining("int32 but holds 5000000000");
  }

  /**
   * A schemaless number lands in DOUBLE PRECISION: one whose double would load another value is a
   * bad record, on each path that reads it (flat, streamed, a tree).
   */
  @Test
  void aSchemalessNumberItsDoubleWouldChangeIsABadRecordOnEveryPath() {
    for (String shape :
        List.of(
            "{\"x\":1,\"pi\":%s}",
            "{\"s\":\"caf\u00e9\",\"pi\":%s}",
            "{\"schema\":1,\"pi\":%s}",
            "{\"o\":{\"k\":1},\"pi\":%s}")) {
      for (String kept :
          List.of("0.1", "0.30000000000000004", "1.10", "3.141592653589793", "1e-5")) {
        TypedRow row = ValueReader.read(record(String.format(shape, kept)), NAMES);
        assertThat(row.byColumnName().get("pi").value())
            .as(shape + " " + kept)
            .isEqualTo(Double.parseDouble(kept));
      }
      for (String changed : List.of("3.14159265358979323846", "0.10000000000000004", "1E-400")) {
        String json = String.format(shape, changed);
        assertThatThrownBy(() -> ValueReader.read(record(json), NAMES))
            .as(json)
            .isInstanceOf(BadRecordException.class)
            .hasMessageContaining("t:0:5")
            .hasMessageContaining("field 'pi' holds the number " + changed)
            .hasMessageContaining("as JSON strings")
            .hasMessageContaining("Decimal in a JsonConverter envelope");
      }
    }
    Record nested = record("{\"after\":{\"pi\":3.14159265358979323846}}");
    assertThat(ValueReader.read(nested, NAMES).fields().get(0).json())
        .as("a nested number lands in SUPER as written")
        .isEqualTo("{\"pi\":3.14159265358979323846}");
  }
}
