package dev.redsink.core.encode;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redsink.core.record.Record;
import dev.redsink.core.table.ColumnGroup;
import dev.redsink.core.table.ColumnType;
import dev.redsink.core.table.PayloadFormat;
import dev.redsink.core.table.RowLayout;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Every codec round-trips through DuckDB, a Parquet reader independent of parquet-java: the file's
 * footer names the codec and every value reads back, across page boundaries and NULL runs, for the
 * columnar (payload) writer and parquet-java's record (typed) writer.
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
