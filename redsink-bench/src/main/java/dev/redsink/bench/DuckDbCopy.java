package dev.redsink.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The same rows in an in-memory DuckDB table (read from Redsink's own file of them), and the
 * statement that writes them as zstd Parquet at the same level, on one thread as our writer runs.
 */
@State(Scope.Thread)
public class DuckDbCopy {
  private Path dir;
  private Connection db;
  Statement statement;
  String copy;

  @Setup(Level.Trial)
  public void load(EncodeInput input) throws IOException, SQLException {
    dir = Files.createTempDirectory(scratch(), "redsink-bench-duckdb");
    Path source = dir.resolve("source.parquet");
    Files.write(source, input.writer.write(input.records, EncodeInput.CREATED_AT).bytes());
    db = DriverManager.getConnection("jdbc:duckdb:");
    statement = db.createStatement();
    statement.execute("SET threads TO 1");
    statement.execute("CREATE TABLE records AS SELECT * FROM read_parquet('" + source + "')");
    copy = copyStatement(dir.resolve("out.parquet"));
  }

  /** DuckDB's COPY of the table to a zstd Parquet file at Redsink's zstd level. */
  public static String copyStatement(Path target) {
    return "COPY records TO '"
        + target
        + "' (FORMAT parquet, COMPRESSION zstd, COMPRESSION_LEVEL "
        + ZstdFloor.LEVEL
        + ")";
  }

  @TearDown(Level.Trial)
  public void close() throws IOException, SQLException {
    statement.close();
    db.close();
    try (var files = Files.list(dir)) {
      for (Path p : files.toList()) {
        Files.delete(p);
      }
    }
    Files.delete(dir);
  }

  /** Memory-backed /dev/shm when present, so DuckDB's file is as in-memory as our buffer. */
  static Path scratch() {
    Path shm = Path.of("/dev/shm");
    return Files.isWritable(shm) ? shm : Path.of(System.getProperty("java.io.tmpdir"));
  }
}
