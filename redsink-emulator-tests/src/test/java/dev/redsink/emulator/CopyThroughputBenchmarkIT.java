package dev.redsink.emulator;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * The emulator's COPY end to end, as the sink drives it: Parquet files of the default layout (1 KiB
 * VARBYTE payload) COPYed into a session TEMP table inside a transaction, then INSERT … SELECT into
 * a permanent table and COMMIT. Run with {@code -Dredsink.bench=true} (not part of the suite), or
 * through {@link #main} for profiling; prints rows/s per run and the median. With {@code
 * -Dredsink.bench.payload=super} the payload is JSON text into a SUPER column, staged as VARCHAR
 * and parsed by the INSERT with JSON_PARSE, as payload_format = "super" loads it.
 */
@EnabledIfSystemProperty(named = "redsink.bench", matches = "true")
class CopyThroughputBenchmarkIT {

  private static final boolean SUPER =
      "super".equals(System.getProperty("redsink.bench.payload", "varbyte"));

  private static final String KEY_COLUMNS =
      "id VARCHAR(512), pico_offset VARCHAR(20), pico_timestamp VARCHAR(20), pico_topic VARCHAR,"
          + " pico_partition BIGINT, pico_key VARCHAR(MAX), payload ";

  private static final String COLUMNS =
      KEY_COLUMNS + (SUPER ? "SUPER" : "VARBYTE(16777216)") + ", created_at VARCHAR";

  /** The staging table: SUPER is staged as text (COPY loads Parquet strings as SUPER strings). */
  private static final String STAGE =
      SUPER
          ? "CREATE TEMP TABLE stage (" + KEY_COLUMNS + "VARCHAR(65535), created_at VARCHAR)"
          : "CREATE TEMP TABLE stage (LIKE target)";

  private static final String INSERT =
      SUPER
          ? "INSERT INTO target SELECT id, pico_offset, pico_timestamp, pico_topic, pico_partition,"
              + " pico_key, JSON_PARSE(payload), created_at FROM stage"
          : "INSERT INTO target SELECT * FROM stage";

  @Test
  void defaultLayoutWithOneKibPayload() throws Exception {
    int rows = Integer.getInteger("redsink.bench.rows", 200_000);
    int runs = Integer.getInteger("redsink.bench.runs", 3);
    assertThat(run(rows, 65_536, runs)).isPositive();
  }

  /** Arguments: rows (default 200,000), runs (default 3), rows per file (default 65,536). */
  public static void main(String[] args) throws Exception {
    int rows = args.length > 0 ? Integer.parseInt(args[0]) : 200_000;
    int runs = args.length > 1 ? Integer.parseInt(args[1]) : 3;
    int perFile = args.length > 2 ? Integer.parseInt(args[2]) : 65_536;
    run(rows, perFile, runs);
  }

  /** Returns the median COPY rows/s. */
  static double run(int rows, int perFile, int runs) throws Exception {
    try (RedshiftEmulator emulator = RedshiftEmulator.start()) {
      long bytes = stageFiles(emulator, rows, perFile);
      System.out.printf("staged %d rows in %d-row files, %d Parquet bytes%n", rows, perFile, bytes);
      List<Double> copyRates = new ArrayList<>();
      try (Connection c = Redshift.connect(emulator)) {
        Redshift.exec(c, "CREATE TABLE target (" + COLUMNS + ")");
        for (int run = 1; run <= runs; run++) {
          Redshift.exec(c, "TRUNCATE target");
          c.setAutoCommit(false);
          long t0 = System.nanoTime();
          Redshift.exec(c, STAGE);
          Redshift.exec(
              c,
              "COPY stage FROM 's3://"
                  + emulator.bucket()
                  + "/bench/' IAM_ROLE '"
                  + emulator.iamRole()
                  + "' FORMAT AS PARQUET");
          long t1 = System.nanoTime();
          Redshift.exec(c, INSERT, "DROP TABLE stage");
          long t2 = System.nanoTime();
          c.commit();
          long t3 = System.nanoTime();
          c.setAutoCommit(true);
          long loaded = Long.parseLong(Redshift.value(c, "SELECT count(*) FROM target"));
          assertThat(loaded).isEqualTo(rows);
          double copyRate = rows / ((t1 - t0) / 1e9);
          copyRates.add(copyRate);
          System.out.printf(
              "run %d: COPY %.2f s (%.0f rows/s), INSERT %.2f s, COMMIT %.2f s, total %.0f rows/s%n",
              run,
              (t1 - t0) / 1e9,
              copyRate,
              (t2 - t1) / 1e9,
              (t3 - t2) / 1e9,
              rows / ((t3 - t0) / 1e9));
        }
      }
      printBackendStatistics(emulator);
      Collections.sort(copyRates);
      double median = copyRates.get(copyRates.size() / 2);
      System.out.printf("median COPY: %.0f rows/s over %d runs%n", median, runs);
      return median;
    }
  }

  /** Writes the rows as zstd Parquet files with DuckDB and uploads them under bench/. */
  private static long stageFiles(RedshiftEmulator emulator, int rows, int perFile)
      throws IOException, SQLException {
    long total = 0;
    Path file = Files.createTempFile("bench-", ".parquet");
    try (Connection db = DriverManager.getConnection("jdbc:duckdb:");
        Statement st = db.createStatement()) {
      for (int first = 0, n = 0; first < rows; first += perFile, n++) {
        int last = Math.min(rows, first + perFile);
        Files.deleteIfExists(file);
        // A JSON-like payload of 1,024 bytes: a counter, then 256 hex digits (eight MD5s, distinct
        // per row) four times over, which zstd shrinks to about 150 bytes.
        st.execute(
            "COPY (SELECT 'bench-0:' || range AS id, range::VARCHAR AS pico_offset,"
                + " (1700000000000 + range)::VARCHAR AS pico_timestamp, 'bench' AS pico_topic,"
                + " 0::BIGINT AS pico_partition, 'key-' || range AS pico_key,"
                + " (left('{\"n\":' || range || ',\"s\":\"' || repeat(md5((range * 8)::VARCHAR)"
                + " || md5((range * 8 + 1)::VARCHAR) || md5((range * 8 + 2)::VARCHAR)"
                + " || md5((range * 8 + 3)::VARCHAR) || md5((range * 8 + 4)::VARCHAR)"
                + " || md5((range * 8 + 5)::VARCHAR) || md5((range * 8 + 6)::VARCHAR)"
                + " || md5((range * 8 + 7)::VARCHAR), 4), 1022) || '\"}')::"
                + (SUPER ? "VARCHAR" : "BLOB")
                + " AS payload,"
                + " '2024-01-01T00:00:00.000000Z' AS created_at"
                + " FROM range("
                + first
                + ", "
                + last
                + ")) TO '"
                + file
                + "' (FORMAT parquet, COMPRESSION zstd, ROW_GROUP_SIZE "
                + perFile
                + ")");
        total += Files.size(file);
        String key = String.format("bench/part-%05d.parquet", n);
        emulator.s3().client().putObject(b -> b.bucket(emulator.bucket()).key(key), file);
      }
    } finally {
      Files.deleteIfExists(file);
    }
    return total;
  }

  /** PostgreSQL's own counters, read straight from the embedded backend. */
  private static void printBackendStatistics(RedshiftEmulator emulator) throws SQLException {
    try (Connection pg = DriverManager.getConnection(emulator.backendJdbcUrl(), "postgres", "");
        Statement st = pg.createStatement();
        ResultSet rs =
            st.executeQuery(
                "SELECT temp_files, temp_bytes, blks_read, blks_hit FROM pg_stat_database"
                    + " WHERE datname = 'dev'")) {
      if (rs.next()) {
        System.out.printf(
            "pg_stat_database: temp_files %d, temp_bytes %d, blks_read %d, blks_hit %d%n",
            rs.getLong(1), rs.getLong(2), rs.getLong(3), rs.getLong(4));
      }
    }
  }
}
