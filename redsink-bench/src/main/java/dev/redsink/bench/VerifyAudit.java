package dev.redsink.bench;

import dev.redsink.core.RedshiftSink;
import dev.redsink.core.record.Record;
import dev.redsink.emulator.EmulatorStatistics;
import dev.redsink.emulator.RedshiftEmulator;
import java.io.BufferedOutputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * {@code redsink verify} at scale: an append table of {@code --rows} rows (10 million by default)
 * loaded by the engine, audited by the production jar in a heap of {@code --heap} (256m) against
 * the file it was loaded from; once intact, once with defects planted by SQL. Prints the wall time,
 * the statements the emulator counted during each audit, and the exit code.
 *
 * <p>{@code java -Xmx2g -cp redsink-bench/target/benchmarks.jar dev.redsink.bench.VerifyAudit
 * --rows=10000000 --jar=redsink-cli/target/redsink.jar}
 */
public final class VerifyAudit {
  private VerifyAudit() {}

  public static void main(String[] argv) throws Exception {
    Logging.quiet();
    Args args = new Args(argv);
    long rows = args.longValue("rows", 10_000_000);
    int loadRecords = args.integer("load-records", 500_000);
    String heap = args.string("heap", "256m");
    Path jar = Path.of(args.string("jar", "redsink-cli/target/redsink.jar"));
    if (!Files.isRegularFile(jar)) {
      throw new IllegalArgumentException(
          "No " + jar + ": build it with mvn -q -pl redsink-cli -am package -DskipTests");
    }
    Path work = Files.createTempDirectory("redsink-verify-bench");
    try (RedshiftEmulator emulator = RedshiftEmulator.start()) {
      Endpoint endpoint = Endpoint.of(emulator);
      Map<String, Object> config =
          endpoint.sinkConfig("verify_bench", "verify/" + UUID.randomUUID());
      config.put("payload_format", "text");
      config.put("max_file_bytes", "64MB");
      SyntheticRecords source = new SyntheticRecords("bench", 0, PayloadShape.JSON_100);
      long t0 = System.nanoTime();
      try (RedshiftSink sink = RedshiftSink.open(config)) {
        for (long from = 0; from < rows; from += loadRecords) {
          sink.write(source.next(from, (int) Math.min(loadRecords, rows - from)));
        }
      }
      System.out.printf("# loaded %,d rows in %.0f s%n", rows, (System.nanoTime() - t0) / 1e9);
      // redsink load's offsets are line numbers: the records' values, a line each, are the log.
      Path lines = work.resolve("lines.ndjson");
      SyntheticRecords again = new SyntheticRecords("bench", 0, PayloadShape.JSON_100);
      try (OutputStream w = new BufferedOutputStream(Files.newOutputStream(lines), 1 << 20)) {
        for (long from = 0; from < rows; from += loadRecords) {
          for (Record r : again.next(from, (int) Math.min(loadRecords, rows - from))) {
            w.write(r.value());
            w.write('\n');
          }
        }
      }
      Path toml =
          RuntimeProcess.connectorFile(work, "verify", "verify_bench", "bench", endpoint, "");
      EmulatorStatistics stats = emulator.statistics();
      audit("intact", jar, heap, toml, lines, work, stats);
      try (Connection c =
              DriverManager.getConnection(
                  endpoint.jdbcUrl(), endpoint.user(), endpoint.password());
          Statement s = c.createStatement()) {
        long a = rows / 7;
        long b = rows / 2;
        long d = rows - 3;
        s.execute(
            "DELETE FROM verify_bench WHERE pico_offset IN ('"
                + a
                + "', '"
                + b
                + "', '"
                + d
                + "')");
        s.execute(
            "INSERT INTO verify_bench SELECT * FROM verify_bench WHERE pico_offset = '"
                + (rows / 3)
                + "'");
        s.execute(
            "UPDATE verify_bench SET payload = payload || ' ' WHERE pico_offset = '"
                + (rows / 5)
                + "'");
      }
      audit(
          "planted: 3 rows deleted, 1 duplicated, 1 payload changed",
          jar,
          heap,
          toml,
          lines,
          work,
          stats);
    }
  }

  private static void audit(
      String name,
      Path jar,
      String heap,
      Path toml,
      Path lines,
      Path work,
      EmulatorStatistics stats)
      throws Exception {
    stats.reset();
    Path log = work.resolve("verify-" + name.replaceAll("\\W+", "-") + ".log");
    long t0 = System.nanoTime();
    Process p =
        new ProcessBuilder(
                List.of(
                    RuntimeProcess.java(),
                    "-Xmx" + heap,
                    "-jar",
                    jar.toString(),
                    "verify",
                    toml.toString(),
                    "--topic",
                    "bench",
                    "--file",
                    lines.toString(),
                    "--json",
                    work.resolve("report.json").toString()))
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .start();
    int code = p.waitFor();
    double seconds = (System.nanoTime() - t0) / 1e9;
    System.out.printf(
        "%s: exit %d in %.1f s with -Xmx%s, %d statements (%s)%n",
        name, code, seconds, heap, stats.total().statements(), stats.total());
    System.out.print(Files.readString(log));
  }
}
