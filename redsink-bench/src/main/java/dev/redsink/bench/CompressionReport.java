package dev.redsink.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.redsink.core.encode.ParquetCompression;
import dev.redsink.core.encode.ParquetFileWriter;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Turns a JMH JSON result of {@link CompressionBenchmark} into the codec table of
 * redsink-bench/lab-notebook.md: per shape and codec the median over forks of rows/s, MB/s of
 * payload, CPU microseconds per 1,000 records on one core, and the file's bytes per record and per
 * raw byte.
 *
 * <p>Arguments: {@code --json=compression.json}.
 */
public final class CompressionReport {
  private CompressionReport() {}

  public static void main(String[] argv) throws IOException {
    Logging.quiet();
    Args args = new Args(argv);
    JsonNode results =
        new ObjectMapper().readTree(Path.of(args.string("json", "compression.json")).toFile());
    System.out.println(
        "| shape | codec | rows/s | MB/s | CPU ms per 1,000 records | file B/record |"
            + " file vs raw payload |");
    System.out.println("|---|---|---:|---:|---:|---:|---:|");
    for (PayloadShape shape : PayloadShape.values()) {
      for (ParquetCompression codec : ParquetCompression.values()) {
        JsonNode node = find(results, shape, codec);
        if (node == null) {
          continue;
        }
        double rows = EncodeReport.medianOfForks(node.path("primaryMetric"));
        long bytes =
            new ParquetFileWriter(EncodeInput.layout(), codec)
                .write(EncodeInput.records(shape), EncodeInput.CREATED_AT)
                .bytes()
                .length;
        double perRecord = (double) bytes / EncodeInput.ROWS_PER_FILE;
        System.out.printf(
            "| %s | %s | %,.0f | %.0f | %.2f | %,.1f | %.0f%% |%n",
            shape,
            codec.keyword(),
            rows,
            rows * shape.bytes() / 1e6,
            1e6 / rows,
            perRecord,
            perRecord / shape.bytes() * 100);
      }
    }
  }

  private static JsonNode find(JsonNode results, PayloadShape shape, ParquetCompression codec) {
    for (JsonNode r : results) {
      if (r.path("params").path("shape").asText().equals(shape.name())
          && r.path("params").path("compression").asText().equals(codec.name())) {
        return r;
      }
    }
    return null;
  }
}
