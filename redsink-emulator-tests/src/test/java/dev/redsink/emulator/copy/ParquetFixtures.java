package dev.redsink.emulator.copy;

import dev.redsink.emulator.s3.LocalS3;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;

/** Writes Parquet test files with DuckDB (not parquet-java) and uploads them to the local S3. */
public final class ParquetFixtures {
  private ParquetFixtures() {}

  /** Writes {@code select} as Parquet to {@code s3://bucket/key} and returns the object size. */
  public static long put(LocalS3 s3, String bucket, String key, String select) {
    try {
      Path file = Files.createTempFile("fixture-", ".parquet");
      try (Connection db = DriverManager.getConnection("jdbc:duckdb:");
          Statement st = db.createStatement()) {
        st.execute("SET TimeZone = 'UTC'");
        st.execute("COPY (" + select + ") TO '" + file + "' (FORMAT parquet)");
      }
      long size = Files.size(file);
      s3.client().putObject(b -> b.bucket(bucket).key(key), file);
      Files.delete(file);
      return size;
    } catch (IOException | SQLException e) {
      throw new IllegalStateException("Cannot write fixture " + key + ": " + e.getMessage(), e);
    }
  }
}
