package dev.redsink.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.redsink.core.record.Record;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns a JMH JSON result of {@link EncodeBenchmark} into the encode table of
 * redsink-bench/lab-notebook.md: per shape and writer the median over forks of rows/s, MB/s of
 * payload, ratio to the zstd floor, bytes allocated per record, and the Parquet file size per
 * record (measured here by writing one file each way).
 *
 * <p>Arguments: {@code --json=encode.json [--tsv=encode.tsv]}.
 */
public final class EncodeReport {
  private static final String[] BENCHMARKS = {"redsinkParquet", "zstdFloor", "duckdbParquet"};

  private EncodeReport() {}

  public static void main(String[] argv) throws IOException, SQLException {
    Logging.quiet();
    Args args = new Args(argv);
    JsonNode results =
        new ObjectMapper().readTree(Path.of(args.string("json", "encode.json")).toFile());
    String tsv = args.string("tsv", "");
    List<String> tsvLines = new ArrayList<>();
    tsvLines.add("shape\tredsink_mb_s\tfloor_mb_s\tduckdb_mb_s");
    System.out.println(
        "| shape | writer | rows/s | MB/s | vs floor | forks | B allocated/record | file B/record |");
    System.out.println("|---|---|---:|---:|---:|---:|---:|---:|");
    for (PayloadShape shape : PayloadShape.values()) {
      double floor = rowsPerSecond(results, "zstdFloor", shape);
      double[] mbs = new double[3];
      long[] sizes = fileSizes(shape);
      for (int i = 0; i < BENCHMARKS.length; i++) {
        String name = BENCHMARKS[i];
        JsonNode node = find(results, name, shape);
        if (node == null) {
          continue;
        }
        double rows = medianOfForks(node.path("primaryMetric"));
        double alloc = medianOfForks(node.path("secondaryMetrics").path("gc.alloc.rate.norm"));
        mbs[i] = rows * shape.bytes() / 1e6;
        System.out.printf(
            "| %s | %s | %.0f | %.0f | %.0f%% | %d | %s | %s |%n",
            shape,
            name,
            rows,
            mbs[i],
            rows / floor * 100,
            node.path("primaryMetric").path("rawData").size(),
            name.equals("duckdbParquet") ? "native" : String.format("%.0f", alloc),
            i == 1
                ? "–"
                : String.format(
                    "%.1f", (double) sizes[i == 0 ? 0 : 1] / EncodeInput.ROWS_PER_FILE));
      }
      tsvLines.add(String.format("%s\t%.1f\t%.1f\t%.1f", shape, mbs[0], mbs[1], mbs[2]));
    }
    if (!tsv.isEmpty()) {
      Files.write(Path.of(tsv), tsvLines);
    }
  }

  private static double rowsPerSecond(JsonNode results, String name, PayloadShape shape) {
    JsonNode node = find(results, name, shape);
    return node == null ? Double.NaN : medianOfForks(node.path("primaryMetric"));
  }

  private static JsonNode find(JsonNode results, String name, PayloadShape shape) {
    for (JsonNode r : results) {
      if (r.path("benchmark").asText().endsWith("." + name)
          && r.path("params").path("shape").asText().equals(shape.name())) {
        return r;
      }
    }
    return null;
  }

  /** The median of each fork's mean iteration score. */
  static double medianOfForks(JsonNode metric) {
    List<Double> forks = new ArrayList<>();
    for (JsonNode fork : metric.path("rawData")) {
      double sum = 0;
      for (JsonNode it : fork) {
        sum += it.asDouble();
      }
      forks.add(sum / fork.size());
    }
    return forks.isEmpty() ? metric.path("score").asDouble(Double.NaN) : Median.of(forks);
  }

  /** Bytes of one file of the benchmark's rows: Redsink's, then DuckDB's. */
  private static long[] fileSizes(PayloadShape shape) throws IOException, SQLException {
    List<Record> records = EncodeInput.records(shape);
    byte[] ours = EncodeInput.writer().write(records, EncodeInput.CREATED_AT).bytes();
    Path dir = Files.createTempDirectory(DuckDbCopy.scratch(), "redsink-report");
    Path source = dir.resolve("source.parquet");
    Path target = dir.resolve("duckdb.parquet");
    Files.write(source, ours);
    try (Connection db = DriverManager.getConnection("jdbc:duckdb:");
        Statement st = db.createStatement()) {
      st.execute("SET threads TO 1");
      st.execute("CREATE TABLE records AS SELECT * FROM read_parquet('" + source + "')");
      st.execute(DuckDbCopy.copyStatement(target));
    }
    long duck = Files.size(target);
    Files.delete(source);
    Files.delete(target);
    Files.delete(dir);
    return new long[] {ours.length, duck};
  }
}
