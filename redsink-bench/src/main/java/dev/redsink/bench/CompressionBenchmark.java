package dev.redsink.bench;

import dev.redsink.core.encode.EncodedFile;
import dev.redsink.core.encode.ParquetCompression;
import dev.redsink.core.encode.ParquetFileWriter;
import dev.redsink.core.record.Record;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Records per second Redsink's writer turns into one Parquet file of {@value
 * EncodeInput#ROWS_PER_FILE} rows of the default layout, per {@code parquet_compression} codec: the
 * client CPU side of the codec trade-off ({@link CompressionReport} adds the bytes side).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@OperationsPerInvocation(EncodeInput.ROWS_PER_FILE)
@Fork(
    value = 3,
    jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 2)
public class CompressionBenchmark {

  @Param({"JSON_100", "JSON_1K", "BINARY_16K"})
  public PayloadShape shape;

  @Param({"ZSTD", "SNAPPY", "GZIP", "NONE"})
  public ParquetCompression compression;

  private List<Record> records;
  private ParquetFileWriter writer;

  @Setup(Level.Trial)
  public void build() {
    records = EncodeInput.records(shape);
    writer = new ParquetFileWriter(EncodeInput.layout(), compression);
  }

  @Benchmark
  public EncodedFile encode() {
    return writer.write(records, EncodeInput.CREATED_AT);
  }
}
