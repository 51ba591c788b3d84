package dev.redsink.core.encode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redsink.core.error.BadRecordException;
import dev.redsink.core.error.FatalException;
import dev.redsink.core.record.Record;
import dev.redsink.core.table.ColumnGroup;
import dev.redsink.core.table.ColumnType;
import dev.redsink.core.table.PayloadFormat;
import dev.redsink.core.table.RowLayout;
import dev.redsink.core.table.WriteSettings;
import dev.redsink.core.typed.FieldNames;
import dev.redsink.core.typed.ParsedRows;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.EnumSet;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reads what the encoder writes back with DuckDB, an independent Parquet reader. */
class ParquetFileWriterTest {
  static final Instant CREATED = Instant.parse("2026-11-30T10:15:30.123456789Z");
  static final RowLayout FULL =
      RowLayout.of(
          EnumSet.of(ColumnGroup.METADATA, ColumnGroup.KEY), PayloadFormat.VARBYTE, "pico_");
  static final RowLayout TEXT =
      RowLayout.of(EnumSet.of(ColumnGroup.METADATA, ColumnGroup.KEY), PayloadFormat.TEXT, "pico_");

  @TempDir Path dir;

  static Record record(String topic, int partition, long offset, byte[] key, byte[] value) {
    return new Record(topic, partition, offset, 1_700_000_000_000L + offset, key, List.of(), value);
  }

  List<List<Object>> readBack(EncodedFile file) throws Exception {
    Path path = dir.resolve("f" + System.nanoTime() + ".parquet");
    Files.write(path, file.bytes());
    List<List<Object>> rows = new ArrayList<>();
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT * FROM read_parquet('" + path + "')")) {
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

  List<String> describe(EncodedFile file) throws Exception {
    Path path = dir.resolve("d" + System.nanoTime() + ".parquet");
    Files.write(path, file.bytes());
    List<String> columns = new ArrayList<>();
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("DESCRIBE SELECT * FROM read_parquet('" + path + "')")) {
      while (rs.next()) {
        columns.add(rs.getString(1) + " " + rs.getString(2));
      }
      try (ResultSet meta =
          s.executeQuery("SELECT DISTINCT compression FROM parquet_metadata('" + path + "')")) {
        while (meta.next()) {
          columns.add("compression " + meta.getString(1));
        }
      }
    }
    return columns;
  }

  @Test
  void everyColumnInOrderWithTypesRedshiftMapsByPosition() throws Exception {
    byte[] key = {0, 1, 2, (byte) 0xFF};
    byte[] payload = {9, 8, 7, 0};
    EncodedFile file =
        new ParquetFileWriter(FULL)
            .write(
                List.of(
                    record("orders.eu", 3, 42, key, payload),
                    record("orders.eu", 3, 43, null, null)),
                CREATED);
    assertThat(file.rows()).isEqualTo(2);
    assertThat(file.createdAt()).isEqualTo("2026-11-30T10:15:30.123456Z");
    assertThat(describe(file))
        .containsExactly(
            "id VARCHAR",
            "pico_offset VARCHAR",
            "pico_timestamp VARCHAR",
            "pico_topic VARCHAR",
            "pico_partition BIGINT",
            "pico_key VARCHAR",
            "payload BLOB",
            "created_at VARCHAR",
            "compression ZSTD");
    List<List<Object>> rows = readBack(file);
    assertThat(rows).hasSize(2);
    List<Object> first = rows.get(0);
    assertThat(first.subList(0, 6))
        .containsExactly(
            "orders.eu:3:42",
            "42",
            "1700000000042",
            "orders.eu",
            3L,
            Base64.getEncoder().encodeToString(key));
    assertThat((byte[]) first.get(6)).containsExactly(payload);
    assertThat(first.get(7)).isEqualTo("2026-11-30T10:15:30.123456Z");
    List<Object> second = rows.get(1);
    assertThat(second.get(0)).isEqualTo("orders.eu:3:43");
    assertThat(second.get(5)).isNull();
    assertThat(second.get(6)).isNull();
    assertThat(second.get(7)).isEqualTo(first.get(7));
  }

  @Test
  void aFileEncodedAfterLargerOnesOnTheSameThreadIsTheSameAsOneEncodedAlone() throws Exception {
    Random random = new Random(11);
    List<Record> small =
        List.of(
            record("t", 0, 1, null, "{\"a\":1}".getBytes(StandardCharsets.UTF_8)),
            record("t", 0, 2, new byte[] {5}, null));
    byte[] alone = encodedOnAFreshThread(small);
    List<Record> large = new java.util.ArrayList<>();
    for (int i = 0; i < 3_000; i++) {
      large.add(record("orders.eu", 1, i, bytes(random, 16), bytes(random, 1_000)));
    }
    ParquetFileWriter writer = new ParquetFileWriter(FULL);
    writer.write(large, CREATED);
    assertThat(ChunkBuffers.ofThread().kept()).as("buffers kept for the next file").isPositive();

    assertThat(writer.write(small, CREATED).bytes())
        .as("reused buffers carry nothing over")
        .isEqualTo(alone);
    assertThat(readBack(writer.write(large, CREATED))).hasSize(3_000);
  }

  private static byte[] encodedOnAFreshThread(List<Record> records) throws Exception {
    java.util.concurrent.atomic.AtomicReference<Object> out =
        new java.util.concurrent.atomic.AtomicReference<>();
    Thread t =
        new Thread(
            () -> {
              try {
                out.set(new ParquetFileWriter(FULL).write(records, CREATED).bytes());
              } catch (Exception e) {
                out.set(e);
              }
            });
    t.start();
    t.join();
    if (out.get() instanceof Exception e) {
      throw e;
    }
    return (byte[]) out.get();
  }

  @Test
  void textPayloadWithoutMetadataOrKey() throws Exception {
    RowLayout bare = RowLayout.of(EnumSet.noneOf(ColumnGroup.class), PayloadFormat.TEXT, "pico_");
    String text = "{\"name\":\"Zoë 🚀\"}";
    EncodedFile file =
        new ParquetFileWriter(bare)
            .write(
                List.of(record("t", 0, 0, null, text.getBytes(StandardCharsets.UTF_8))), CREATED);
    assertThat(describe(file))
        .containsExactly("id VARCHAR", "payload VARCHAR", "created_at VARCHAR", "compression ZSTD");
    assertThat(readBack(file))
        .containsExactly(List.of("t:0:0", text, "2026-11-30T10:15:30.123456Z"));
  }

  @Test
  void multibyteTextAtExactlyTheByteLimitAndOneOver() throws Exception {
    // 21845 × "€" (3 bytes) = 65535 bytes: exactly VARCHAR(MAX).
    String exact = "€".repeat(21_845);
    assertThat(exact.getBytes(StandardCharsets.UTF_8)).hasSize(65_535);
    EncodedFile file =
        new ParquetFileWriter(TEXT)
            .write(
                List.of(record("t", 0, 1, null, exact.getBytes(StandardCharsets.UTF_8))), CREATED);
    assertThat(readBack(file).get(0).get(6)).isEqualTo(exact);

    byte[] over = (exact + "a").getBytes(StandardCharsets.UTF_8);
    assertThatThrownBy(
            () ->
                new ParquetFileWriter(TEXT).write(List.of(record("t", 0, 2, null, over)), CREATED))
        .isInstanceOfSatisfying(
            BadRecordException.class, e -> assertThat(e.recordId()).isEqualTo("t:0:2"))
        .hasMessage(
            "Cannot encode record t:0:2: the payload is 65536 bytes, over the limit of 65535 bytes"
                + " of column 'payload'");
  }

  @Test
  void varbyteAtExactlyTheByteLimitAndOneOver() throws Exception {
    byte[] exact = new byte[16_777_216];
    new Random(7).nextBytes(exact);
    EncodedFile file =
        new ParquetFileWriter(FULL).write(List.of(record("t", 0, 1, null, exact)), CREATED);
    assertThat((byte[]) readBack(file).get(0).get(6)).isEqualTo(exact);

    byte[] over = Arrays.copyOf(exact, exact.length + 1);
    assertThatThrownBy(
            () ->
                new ParquetFileWriter(FULL).write(List.of(record("t", 0, 9, null, over)), CREATED))
        .hasMessage(
            "Cannot encode record t:0:9: the payload is 16777217 bytes, over the limit of 16777216"
                + " bytes of column 'payload'");
  }

  /** A Debezium envelope of one NUMERIC without scale, {@code nv}. */
  static byte[] variableScale(String decimal) {
    java.math.BigDecimal d = new java.math.BigDecimal(decimal);
    return ("{\"schema\":{\"type\":\"struct\",\"fields\":[{\"field\":\"nv\",\"type\":\"struct\","
            + "\"name\":\"io.debezium.data.VariableScaleDecimal\",\"fields\":["
            + "{\"type\":\"int32\",\"field\":\"scale\"},{\"type\":\"bytes\",\"field\":\"value\"}]}]},"
            + "\"payload\":{\"nv\":{\"scale\":"
            + d.scale()
            + ",\"value\":\""
            + Base64.getEncoder().encodeToString(d.unscaledValue().toByteArray())
            + "\"}}}")
        .getBytes(StandardCharsets.UTF_8);
  }

  /**
   * The writer puts a decimal into its column at the column's scale and never rounds: a value with
   * more places than the column keeps is refused as a bad record naming the value before anything
   * is encoded, and one whose extra places are zeros is written exactly.
   */
  @Test
  void aDecimalTheColumnWouldRoundIsRefusedBeforeItIsWritten() throws Exception {
    RowLayout layout =
        RowLayout.typed(EnumSet.noneOf(ColumnGroup.class), "pico_")
            .withFields(List.of(RowLayout.field("nv", ColumnType.decimal(38, 18))));
    ParquetFileWriter writer = new ParquetFileWriter(layout);
    Record rounded = record("t", 0, 7, null, variableScale("3.14159265358979323846"));
    assertThatThrownBy(() -> writer.write(List.of(rounded), CREATED))
        .isInstanceOf(BadRecordException.class)
        .hasMessageContaining("t:0:7")
        .hasMessageContaining("field 'nv' holds 3.14159265358979323846")
        .hasMessageContaining("column 'nv' DECIMAL(38,18) cannot hold exactly")
        .hasMessageContaining("decimal.handling.mode = string");
    assertThatThrownBy(
            () ->
                new RecordChecks(
                        layout,
                        dev.redsink.core.table.SchemaEvolution.ADD_COLUMNS,
                        FieldNames.of(layout, WriteSettings.APPEND))
                    .check(rounded))
        .as("refused when a runtime takes it, too")
        .isInstanceOf(BadRecordException.class)
        .hasMessageContaining("field 'nv' holds 3.14159265358979323846");
    EncodedFile file =
        writer.write(
            List.of(
                record("t", 0, 8, null, variableScale("1.500000000000000000000")),
                record("t", 0, 9, null, variableScale("-12345678901234567890.123456789012345678"))),
            CREATED);
    assertThat(readBack(file))
        .extracting(row -> new java.math.BigDecimal(String.valueOf(row.get(row.size() - 2))))
        .containsExactly(
            new java.math.BigDecimal("1.500000000000000000"),
            new java.math.BigDecimal("-12345678901234567890.123456789012345678"));
  }

  @Test
  void invalidUtf8WithTextPayloadIsABadRecord() {
    byte[] invalid = {'o', 'k', (byte) 0xC3, '('};
    assertThatThrownBy(
            () ->
                new ParquetFileWriter(TEXT)
                    .write(List.of(record("orders", 1, 5, null, invalid)), CREATED))
        .isInstanceOf(BadRecordException.class)
        .hasMessage(
            "Cannot encode record orders:1:5: the payload (4 bytes) is not valid UTF-8 at byte 2,"
                + " and payload_format = text stores UTF-8 text; use payload_format = varbyte for"
                + " binary payloads");
    assertThat(
            new ParquetFileWriter(FULL)
                .write(List.of(record("o", 0, 0, null, invalid)), CREATED)
                .rows())
        .isEqualTo(1);
  }

  @Test
  void nulInATextPayloadIsABadRecordButFineInVarbyte() {
    byte[] nul = {'a', 0, 'b'};
    assertThatThrownBy(
            () ->
                new ParquetFileWriter(TEXT)
                    .write(List.of(record("orders", 1, 6, null, nul)), CREATED))
        .isInstanceOf(BadRecordException.class)
        .hasMessageContaining("orders:1:6")
        .hasMessageContaining("NUL byte (0x00) at byte 1");
    assertThat(
            new ParquetFileWriter(FULL)
                .write(List.of(record("o", 0, 0, null, nul)), CREATED)
                .rows())
        .isEqualTo(1);
  }

  @Test
  void oversizedIdTopicAndKeyAreBadRecords() {
    String longTopic = "t".repeat(300);
    assertThatThrownBy(
            () ->
                new ParquetFileWriter(FULL)
                    .write(List.of(record(longTopic, 0, 0, null, null)), CREATED))
        .hasMessageContaining("the pico_topic is 300 bytes, over the limit of 256 bytes");
    RowLayout bare = RowLayout.of(EnumSet.noneOf(ColumnGroup.class), PayloadFormat.VARBYTE, "");
    String hugeTopic = "t".repeat(520);
    assertThatThrownBy(
            () ->
                new ParquetFileWriter(bare)
                    .write(List.of(record(hugeTopic, 0, 0, null, null)), CREATED))
        .hasMessageContaining("the id is 524 bytes, over the limit of 512 bytes");
    byte[] key = new byte[49_153]; // base64: 65540 bytes
    assertThatThrownBy(
            () -> new ParquetFileWriter(FULL).write(List.of(record("t", 0, 0, key, null)), CREATED))
        .hasMessageContaining("the base64 key is 65540 bytes, over the limit of 65535 bytes");
  }

  @Test
  void seededRandomRecordsRoundTrip() throws Exception {
    long seed = new Random().nextLong();
    Random random = new Random(seed);
    List<Record> records = new ArrayList<>();
    for (int i = 0; i < 2_000; i++) {
      byte[] key = random.nextInt(5) == 0 ? null : bytes(random, random.nextInt(64));
      byte[] value = random.nextInt(20) == 0 ? null : bytes(random, random.nextInt(2_048));
      records.add(
          new Record(
              "topic." + random.nextInt(3),
              random.nextInt(4),
              Math.abs(random.nextLong()),
              random.nextLong(),
              key,
              List.of(),
              value));
    }
    List<List<Object>> rows = readBack(new ParquetFileWriter(FULL).write(records, CREATED));
    assertThat(rows).as("seed %d", seed).hasSize(records.size());
    for (int i = 0; i < records.size(); i++) {
      Record r = records.get(i);
      List<Object> row = rows.get(i);
      assertThat(row.get(0)).as("seed %d row %d", seed, i).isEqualTo(r.id());
      assertThat(row.get(1)).isEqualTo(Long.toString(r.offset()));
      assertThat(row.get(2)).isEqualTo(Long.toString(r.timestamp()));
      assertThat(row.get(3)).isEqualTo(r.topic());
      assertThat(row.get(4)).isEqualTo((long) r.partition());
      assertThat(row.get(5))
          .isEqualTo(r.key() == null ? null : Base64.getEncoder().encodeToString(r.key()));
      assertThat((byte[]) row.get(6)).as("seed %d row %d", seed, i).isEqualTo(r.value());
    }
  }

  @Test
  void pagesAreCutAtAMegabyteAndNullRunsSurviveThePageBoundaries() throws Exception {
    Random random = new Random(42);
    List<Record> records = new ArrayList<>();
    for (int i = 0; i < 6_000; i++) {
      byte[] key = i % 3 == 0 || (i / 500) % 2 == 0 ? null : bytes(random, 1 + random.nextInt(40));
      byte[] value = i % 7 == 0 || (i > 2_000 && i < 2_600) ? null : bytes(random, 900);
      records.add(record("t", i % 5, 1_000_000L + i, key, value));
    }
    EncodedFile file = new ParquetFileWriter(FULL).write(records, CREATED);
    assertThat(uncompressedBytes(file, "payload") / ColumnChunk.PAGE_BYTES)
        .as("the payload column spans several 1 MB pages")
        .isGreaterThanOrEqualTo(3);

    List<List<Object>> rows = readBack(file);
    assertThat(rows).hasSize(records.size());
    for (int i = 0; i < records.size(); i++) {
      Record r = records.get(i);
      assertThat(rows.get(i).get(0)).as("row %d", i).isEqualTo(r.id());
      assertThat(rows.get(i).get(4)).isEqualTo((long) r.partition());
      assertThat(rows.get(i).get(5))
          .as("key of row %d", i)
          .isEqualTo(r.key() == null ? null : Base64.getEncoder().encodeToString(r.key()));
      assertThat((byte[]) rows.get(i).get(6)).as("payload of row %d", i).isEqualTo(r.value());
      assertThat(rows.get(i).get(7)).isEqualTo("2026-11-30T10:15:30.123456Z");
    }
  }

  /** A column chunk's uncompressed size, from the footer as DuckDB reads it. */
  long uncompressedBytes(EncodedFile file, String column) throws Exception {
    Path path = dir.resolve("p" + System.nanoTime() + ".parquet");
    Files.write(path, file.bytes());
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
        Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery(
                "SELECT total_uncompressed_size FROM parquet_metadata('"
                    + path
                    + "') WHERE path_in_schema = '"
                    + column
                    + "'")) {
      assertThat(rs.next()).isTrue();
      return rs.getLong(1);
    }
  }

  @Test
  void utf8Validator() {
    assertThat(Utf8.firstInvalid("aé€🚀".getBytes(StandardCharsets.UTF_8))).isEqualTo(-1);
    assertThat(Utf8.firstInvalid(new byte[] {(byte) 0xC0, (byte) 0x80})).isZero(); // overlong
    assertThat(Utf8.firstInvalid(new byte[] {'a', (byte) 0xED, (byte) 0xA0, (byte) 0x80}))
        .isEqualTo(1); // surrogate
    assertThat(Utf8.firstInvalid(new byte[] {'a', 'b', (byte) 0xE2, (byte) 0x82})).isEqualTo(2);
    assertThat(Utf8.firstInvalid(new byte[] {(byte) 0xF4, (byte) 0x90, (byte) 0x80, (byte) 0x80}))
        .isZero(); // above U+10FFFF
  }

  @Test
  void decimalsIncludingExtremes() {
    byte[] out = new byte[24];
    for (long v : new long[] {0, 7, 10, -1, Long.MAX_VALUE, Long.MIN_VALUE}) {
      int end = Decimal.write(v, out, 2);
      assertThat(new String(out, 2, end - 2, StandardCharsets.US_ASCII))
          .isEqualTo(Long.toString(v));
    }
  }

  private static byte[] bytes(Random random, int size) {
    byte[] b = new byte[size];
    random.nextBytes(b);
    return b;
  }

  @Test
  void aLoadsRowWithAValueNoColumnTakesIsNeverWrittenWithoutIt() throws Exception {
    RowLayout layout =
        RowLayout.typed(EnumSet.noneOf(ColumnGroup.class), "pico_")
            .withFields(
                List.of(
                    RowLayout.field("a", ColumnType.BIGINT),
                    RowLayout.field("b", ColumnType.VARCHAR_DEFAULT)));
    FieldNames names = FieldNames.of(layout, WriteSettings.APPEND);
    ParsedRows parsed = new ParsedRows(names);
    Record fits = record("t", 0, 0, null, "{\"a\":1,\"b\":\"x\"}".getBytes(StandardCharsets.UTF_8));
    Record schemalessNull =
        record("t", 0, 1, null, "{\"a\":2,\"c\":null}".getBytes(StandardCharsets.UTF_8));
    Record extra = record("t", 0, 2, null, "{\"a\":3,\"c\":4}".getBytes(StandardCharsets.UTF_8));
    List.of(fits, schemalessNull, extra).forEach(parsed::read);
    ParquetFileWriter writer = new ParquetFileWriter(layout, ParquetCompression.ZSTD, names);

    EncodedFile file = writer.write(List.of(fits, schemalessNull), CREATED, parsed);
    assertThat(readBack(file))
        .extracting(row -> row.subList(1, 3))
        .containsExactly(List.of(1L, "x"), Arrays.asList(2L, null));
    assertThatThrownBy(() -> writer.write(List.of(fits, extra), CREATED, parsed))
        .isInstanceOf(FatalException.class)
        .hasMessageContaining("t:0:2")
        .hasMessageContaining("field 'c' has no column");
  }
}
