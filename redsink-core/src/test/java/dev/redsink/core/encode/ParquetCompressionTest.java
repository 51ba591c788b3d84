package dev.redsink.core.encode;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redsink.core.record.Record;
import dev.redsink.core.sql.TypeMapping;
import dev.redsink.core.table.Column;
import dev.redsink.core.table.ColumnGroup;
import dev.redsink.core.table.ColumnType;
import dev.redsink.core.table.PayloadFormat;
import dev.redsink.core.table.RowLayout;
import dev.redsink.core.table.WriteSettings;
import dev.redsink.core.typed.FieldNames;
import dev.redsink.core.typed.FieldValue;
import dev.redsink.core.typed.ValueReader;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Base64;
import java.util.EnumSet;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Every codec round-trips through DuckDB, a Parquet reader independent of parquet-java: the file's
 * footer names the codec and every value reads back, across page boundaries and NULL runs, for
 * payload layouts and for typed layouts with a column of every type Redsink writes.
 */
class ParquetCompressionTest {
  private static final Instant CREATED = Instant.parse("2026-11-30T10:15:30Z");
  private static final long SEED = 18L;

  @TempDir Path dir;

  @ParameterizedTest
  @EnumSource(ParquetCompression.class)
  void payloadLayoutRoundTripsAcrossPages(ParquetCompression compression) throws Exception {
    RowLayout layout =
        RowLayout.of(
            EnumSet.of(ColumnGroup.METADATA, ColumnGroup.KEY), PayloadFormat.VARBYTE, "pico_");
    Random random = new Random(SEED);
    List<Record> records = new ArrayList<>();
    for (int i = 0; i < 3_000; i++) {
      byte[] value = null;
      if (i % 7 != 3) {
        value = new byte[random.nextInt(1_500)];
        for (int b = 0; b < value.length; b++) {
          value[b] = (byte) ('a' + random.nextInt(6));
        }
      }
      byte[] key = i % 5 == 0 ? null : ("k" + i).getBytes(StandardCharsets.UTF_8);
      records.add(new Record("orders", 2, 100 + i, 1_700_000_000_000L + i, key, List.of(), value));
    }
    EncodedFile file = new ParquetFileWriter(layout, compression).write(records, CREATED);

    Path path = write(file);
    assertThat(codecs(path)).containsExactly(expectedName(compression));
    List<List<Object>> rows = rows(path, "SELECT id, payload, pico_key FROM read_parquet('%s')");
    assertThat(rows).hasSize(records.size());
    for (int i = 0; i < records.size(); i++) {
      Record r = records.get(i);
      assertThat(rows.get(i).get(0)).as("seed %d row %d", SEED, i).isEqualTo(r.id());
      assertThat((byte[]) rows.get(i).get(1)).as("seed %d row %d", SEED, i).isEqualTo(r.value());
      assertThat(rows.get(i).get(2) == null).isEqualTo(r.key() == null);
    }
  }

  @ParameterizedTest
  @EnumSource(ParquetCompression.class)
  void typedLayoutRoundTrips(ParquetCompression compression) throws Exception {
    RowLayout layout =
        RowLayout.typed(EnumSet.noneOf(ColumnGroup.class), "pico_")
            .withFields(
                List.of(
                    RowLayout.field("n", ColumnType.BIGINT),
                    RowLayout.field("s", ColumnType.VARCHAR_MAX)));
    List<Record> records = new ArrayList<>();
    for (int i = 0; i < 500; i++) {
      String json = i % 10 == 0 ? "{\"n\":" + i + "}" : "{\"n\":" + i + ",\"s\":\"v" + i + "\"}";
      records.add(new Record("t", 0, i, 0, null, List.of(), json.getBytes(StandardCharsets.UTF_8)));
    }
    EncodedFile file = new ParquetFileWriter(layout, compression).write(records, CREATED);

    Path path = write(file);
    assertThat(codecs(path)).containsExactly(expectedName(compression));
    List<List<Object>> rows = rows(path, "SELECT n, s FROM read_parquet('%s')");
    assertThat(rows).hasSize(500);
    assertThat(rows.get(7)).containsExactly(7L, "v7");
    assertThat(rows.get(10)).containsExactly(10L, null);
  }

  /** Schema fields of a typed envelope with a column of every type, and one row's payload. */
  private static final String EVERY_TYPE_FIELDS =
      "{\"field\":\"s\",\"type\":\"int16\",\"optional\":true},"
          + "{\"field\":\"i\",\"type\":\"int32\",\"optional\":true},"
          + "{\"field\":\"l\",\"type\":\"int64\",\"optional\":true},"
          + "{\"field\":\"r\",\"type\":\"float\",\"optional\":true},"
          + "{\"field\":\"d\",\"type\":\"double\",\"optional\":true},"
          + "{\"field\":\"b\",\"type\":\"boolean\",\"optional\":true},"
          + "{\"field\":\"y\",\"type\":\"bytes\",\"optional\":true},"
          + decimal("m", 5, 1)
          + decimal("n", 12, 2)
          + decimal("w", 38, 4)
          + "{\"field\":\"dt\",\"type\":\"int32\",\"optional\":true,"
          + "\"name\":\"org.apache.kafka.connect.data.Date\"},"
          + "{\"field\":\"t\",\"type\":\"int64\",\"optional\":true,"
          + "\"name\":\"io.debezium.time.MicroTime\"},"
          + "{\"field\":\"ts\",\"type\":\"int64\",\"optional\":true,"
          + "\"name\":\"io.debezium.time.MicroTimestamp\"},"
          + "{\"field\":\"tz\",\"type\":\"string\",\"optional\":true,"
          + "\"name\":\"io.debezium.time.ZonedTimestamp\"},"
          + "{\"field\":\"v\",\"type\":\"string\",\"optional\":true},"
          + "{\"field\":\"j\",\"type\":\"string\",\"optional\":true,"
          + "\"name\":\"io.debezium.data.Json\"}";

  private static String decimal(String name, int precision, int scale) {
    return "{\"field\":\""
        + name
        + "\",\"type\":\"bytes\",\"optional\":true,"
        + "\"name\":\"org.apache.kafka.connect.data.Decimal\",\"parameters\":{\"scale\":\""
        + scale
        + "\",\"connect.decimal.precision\":\""
        + precision
        + "\"}},";
  }

  private static String unscaledBase64(long unscaled) {
    return Base64.getEncoder().encodeToString(BigInteger.valueOf(unscaled).toByteArray());
  }

  /**
   * A typed layout with a column of every type Redsink writes (SMALLINT … SUPER, the three physical
   * forms of DECIMAL, booleans bit-packed across bytes), NULLs between values, reads back through
   * DuckDB value for value.
   */
  @ParameterizedTest
  @EnumSource(ParquetCompression.class)
  void everyColumnTypeRoundTrips(ParquetCompression compression) throws Exception {
    List<Record> records = new ArrayList<>();
    List<String> expected = new ArrayList<>();
    for (int i = 0; i < 300; i++) {
      String payload;
      if (i % 7 == 3) {
        payload = "{}";
        expected.add(
            "null|null|null|null|null|null|null|null|null|null|null|null|null|null|null|null");
      } else {
        long big = i * 1_000_003L - 150_000_000L;
        String text = "v" + i + (i % 5 == 0 ? " zażółć 😀" : "");
        payload =
            "{\"s\":"
                + (i - 150)
                + ",\"i\":"
                + (i * 70_000)
                + ",\"l\":"
                + big
                + ",\"r\":"
                + (i + 0.5)
                + ",\"d\":"
                + (i / 3.0)
                + ",\"b\":"
                + (i % 3 == 0 ? "null" : String.valueOf(i % 2 == 0))
                + ",\"y\":\""
                + Base64.getEncoder().encodeToString(new byte[] {(byte) i, 0, (byte) 255})
                + "\",\"m\":\""
                + unscaledBase64(i - 100)
                + "\",\"n\":\""
                + unscaledBase64(big)
                + "\",\"w\":\""
                + unscaledBase64(-big * 1_000_000_007L)
                + "\",\"dt\":"
                + (i - 150)
                + ",\"t\":"
                + (i * 60_000_001L)
                + ",\"ts\":"
                + (1_705_307_400_123_456L + i)
                + ",\"tz\":\"2024-01-15T08:30:00."
                + String.format("%06d", i)
                + "+01:00\",\"v\":\""
                + text
                + "\",\"j\":\"{\\\"k\\\":"
                + i
                + "}\"}";
        expected.add(
            String.join(
                "|",
                String.valueOf(i - 150),
                String.valueOf(i * 70_000),
                String.valueOf(big),
                String.valueOf(i + 0.5),
                String.valueOf(i / 3.0),
                i % 3 == 0 ? "null" : String.valueOf(i % 2 == 0),
                String.format("%02X00FF", i & 0xFF),
                BigDecimal.valueOf(i - 100, 1).toPlainString(),
                BigDecimal.valueOf(big, 2).toPlainString(),
                new BigDecimal(
                        BigInteger.valueOf(-big).multiply(BigInteger.valueOf(1_000_000_007L)), 4)
                    .toPlainString(),
                LocalDate.ofEpochDay(i - 150).toString(),
                String.valueOf(i * 60_000_001L),
                String.valueOf(1_705_307_400_123_456L + i),
                String.valueOf(1_705_303_800_000_000L + i),
                text,
                "{\"k\":" + i + "}"));
      }
      String json =
          "{\"schema\":{\"type\":\"struct\",\"fields\":["
              + EVERY_TYPE_FIELDS
              + "],\"optional\":false},\"payload\":"
              + payload
              + "}";
      records.add(new Record("t", 0, i, 0, null, List.of(), json.getBytes(StandardCharsets.UTF_8)));
    }
    RowLayout fixed = RowLayout.typed(EnumSet.noneOf(ColumnGroup.class), "pico_");
    List<Column> fields = new ArrayList<>();
    FieldNames names = FieldNames.of(fixed, WriteSettings.APPEND);
    for (FieldValue f : ValueReader.read(records.get(0), names).fields()) {
      fields.add(RowLayout.field(f.name(), TypeMapping.column(f.type(), 1000)));
    }
    RowLayout layout = fixed.withFields(fields);
    EncodedFile file = new ParquetFileWriter(layout, compression).write(records, CREATED);

    List<List<Object>> rows =
        rows(
            write(file),
            "SELECT s, i, l, r, d, b, hex(y), m, n, w, dt, epoch_us(t), epoch_us(ts),"
                + " epoch_us(tz), v, j FROM read_parquet('%s')");
    assertThat(rows).hasSize(records.size());
    for (int i = 0; i < rows.size(); i++) {
      List<String> values = new ArrayList<>();
      for (Object v : rows.get(i)) {
        values.add(v instanceof BigDecimal d ? d.toPlainString() : String.valueOf(v));
      }
      assertThat(String.join("|", values)).as("row %d", i).isEqualTo(expected.get(i));
    }
  }

  private static String expectedName(ParquetCompression compression) {
    return compression == ParquetCompression.NONE ? "UNCOMPRESSED" : compression.name();
  }

  private Path write(EncodedFile file) throws Exception {
    Path path = dir.resolve("f" + System.nanoTime() + ".parquet");
    Files.write(path, file.bytes());
    return path;
  }

  private static List<String> codecs(Path path) throws Exception {
    List<String> names = new ArrayList<>();
    for (List<Object> row : rows(path, "SELECT DISTINCT compression FROM parquet_metadata('%s')")) {
      names.add((String) row.get(0));
    }
    return names;
  }

  private static List<List<Object>> rows(Path path, String query) throws Exception {
    List<List<Object>> rows = new ArrayList<>();
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(String.format(query, path))) {
      int n = rs.getMetaData().getColumnCount();
      while (rs.next()) {
        List<Object> row = new ArrayList<>();
        for (int i = 1; i <= n; i++) {
          Object v = rs.getObject(i);
          row.add(v instanceof java.sql.Blob b ? b.getBytes(1, (int) b.length()) : v);
        }
        rows.add(row);
      }
    }
    return rows;
  }
}
