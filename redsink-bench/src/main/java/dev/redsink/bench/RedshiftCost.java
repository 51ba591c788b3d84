package dev.redsink.bench;

import dev.redsink.core.RedshiftSink;
import dev.redsink.core.record.Record;
import dev.redsink.emulator.EmulatorStatistics;
import dev.redsink.emulator.RedshiftEmulator;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Statements and commits per million records, counted by the emulator: Redsink (one transaction per
 * table per write) against the reference design (three autocommit statements per 100-row chunk).
 * The reference runs on fewer records because its NOT EXISTS rescans the growing target for every
 * chunk; its counts are exact per chunk, so they scale linearly to a million.
 *
 * <p>Options: {@code --records=1000000 --write-records=10000 --batch-size=100
 * --reference-records=100000 --chunk=100 --shape=JSON_100}.
 */
public final class RedshiftCost {
  private RedshiftCost() {}

  public static void main(String[] argv) throws Exception {
    Logging.quiet();
    Args args = new Args(argv);
    long records = args.longValue("records", 1_000_000);
    int writeRecords = args.integer("write-records", 10_000);
    int batchSize = args.integer("batch-size", 100);
    long referenceRecords = args.longValue("reference-records", 100_000);
    int chunk = args.integer("chunk", 100);
    PayloadShape shape = PayloadShape.valueOf(args.string("shape", "JSON_100"));
    try (RedshiftEmulator emulator = RedshiftEmulator.start()) {
      Endpoint endpoint = Endpoint.of(emulator);
      EmulatorStatistics stats = emulator.statistics();

      Map<String, Object> config = endpoint.sinkConfig("cost_redsink", "cost/" + UUID.randomUUID());
      config.put("batch_size", batchSize);
      SyntheticRecords source = new SyntheticRecords("bench", 0, shape);
      try (RedshiftSink sink = RedshiftSink.open(config)) {
        stats.reset();
        long t0 = System.nanoTime();
        for (long from = 0; from < records; from += writeRecords) {
          sink.write(source.next(from, (int) Math.min(writeRecords, records - from)));
        }
        report(
            "redsink (writes of " + writeRecords + ", batch_size " + batchSize + ")",
            records,
            (records + writeRecords - 1) / writeRecords,
            "writes",
            stats.total(),
            System.nanoTime() - t0);
      }

      SyntheticRecords referenceSource = new SyntheticRecords("bench", 0, shape);
      try (Connection c =
          DriverManager.getConnection(endpoint.jdbcUrl(), endpoint.user(), endpoint.password())) {
        ReferenceLoader reference =
            new ReferenceLoader(c, emulator.s3().client(), endpoint, "cost_reference");
        reference.createTables();
        stats.reset();
        long t0 = System.nanoTime();
        for (long from = 0; from < referenceRecords; from += chunk) {
          List<Record> part =
              referenceSource.next(from, (int) Math.min(chunk, referenceRecords - from));
          reference.load(part);
        }
        report(
            "reference (" + chunk + "-row chunks)",
            referenceRecords,
            (referenceRecords + chunk - 1) / chunk,
            "chunks",
            stats.total(),
            System.nanoTime() - t0);
      }
    }
  }

  private static void report(
      String design,
      long records,
      long units,
      String unitName,
      EmulatorStatistics.Counts c,
      long nanos) {
    double perMillion = 1_000_000.0 / records;
    System.out.printf(
        "%s: %d records in %d %s, %.1f s (%.0f records/s): %d statements, %d commits, %d COPYs,"
            + " %d rows written => per million records %.0f statements, %.0f commits, %.0f COPYs,"
            + " %.0f rows written (%.2f per record); per %s %.2f statements, %.2f commits; by kind"
            + " %s%n",
        design,
        records,
        units,
        unitName,
        nanos / 1e9,
        records / (nanos / 1e9),
        c.statements(),
        c.commits(),
        c.copies(),
        c.rowsWritten(),
        c.statements() * perMillion,
        c.commits() * perMillion,
        c.copies() * perMillion,
        c.rowsWritten() * perMillion,
        (double) c.rowsWritten() / records,
        unitName.substring(0, unitName.length() - 1),
        (double) c.statements() / units,
        (double) c.commits() / units,
        c.byKind());
  }
}
