package dev.redsink.emulator.copy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redsink.emulator.s3.LocalS3;
import dev.redsink.emulator.s3.LocalS3Options;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/** Rows per second through ParquetLoad; run with -Dredsink.bench=true (not part of the suite). */
@EnabledIfSystemProperty(named = "redsink.bench", matches = "true")
class ParquetLoadBenchmarkIT {
  @Test
  void oneMillionRowsWithOneKibVarbyte() throws Exception {
    Path dir = Files.createTempDirectory("bench-s3");
    try (LocalS3 s3 =
        LocalS3.start(LocalS3Options.defaults().withBuckets("bench").withStorageDir(dir))) {
      long size =
          ParquetFixtures.put(
              s3,
              "bench",
              "rows.parquet",
              "SELECT 'id-' || range AS id, range AS n,"
                  + " (repeat(chr((65 + range % 26)::INTEGER), 1024))::BLOB AS payload"
                  + " FROM range(1000000)");
      ParquetLoad load = new ParquetLoad(s3.client(), "us-east-1");
      CountingSink sink = new CountingSink();
      long start = System.nanoTime();
      long rows =
          load.load(
              List.of(new LoadFile("bench", "rows.parquet", size)),
              List.of(
                  new ColumnSpec("id", "character varying(64)"),
                  new ColumnSpec("n", "bigint"),
                  new ColumnSpec("payload", "binary varying(16777216)")),
              CopyCommand.parse(
                  "COPY t FROM 's3://bench/rows.parquet' IAM_ROLE default FORMAT PARQUET"),
              1,
              sink);
      double seconds = (System.nanoTime() - start) / 1e9;
      System.out.printf(
          "ParquetLoad: %d rows, file %d bytes, CSV %d bytes in %.2f s = %.0f rows/s%n",
          rows, size, sink.bytes, seconds, rows / seconds);
      assertThat(rows).isEqualTo(1_000_000);
    }
  }

  /** Discards output, counting bytes. */
  private static final class CountingSink extends OutputStream {
    long bytes;

    @Override
    public void write(int b) {
      bytes++;
    }

    @Override
    public void write(byte[] b, int off, int len) {
      bytes += len;
    }
  }
}
