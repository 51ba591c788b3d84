package dev.redsink.bench;

import dev.redsink.core.encode.EncodedFile;
import java.sql.SQLException;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Records per second turned into one zstd Parquet file of {@value EncodeInput#ROWS_PER_FILE} rows:
 * Redsink's ParquetFileWriter, the zstd floor on the same payload bytes, and DuckDB's COPY TO on
 * the same rows. One operation is one record, so {@code -prof gc}'s normalised allocation is bytes
 * per record.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@OperationsPerInvocation(EncodeInput.ROWS_PER_FILE)
@Fork(
    value = 5,
    jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 2)
public class EncodeBenchmark {
  private final ZstdFloor floor = new ZstdFloor();

  @Benchmark
  public EncodedFile redsinkParquet(EncodeInput input) {
    return input.writer.write(input.records, EncodeInput.CREATED_AT);
  }

  @Benchmark
  public long zstdFloor(EncodeInput input) {
    return floor.compress(input.payloads);
  }

  @Benchmark
  public boolean duckdbParquet(DuckDbCopy duckdb) throws SQLException {
    return duckdb.statement.execute(duckdb.copy);
  }
}
