package dev.redsink.bench;

import dev.redsink.core.RedshiftSink;
import dev.redsink.emulator.EmulatorStatistics;
import dev.redsink.emulator.RedshiftEmulator;
import dev.redsink.emulator.dialect.StatementKind;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * What one write mode costs the cluster per million records, counted by the emulator: rows written
 * (rows COPYed, inserted, updated and deleted, staging tables and ledger included), statements and
 * commits. Each mode loads the same 100-byte JSON records into a table of its own, in writes of
 * {@code --write-records} (one load transaction per write). Counts are exact; the records/s are
 * this machine's and say nothing about a cluster.
 *
 * <p>Options: {@code --records=1000000 --write-records=10000 --modes=PAYLOAD,TYPED,UPSERT
 * --out=FILE.tsv}.
 */
public final class ClusterWrites {
  private ClusterWrites() {}

  /** A write mode and the configuration that selects it. */
  enum Mode {
    /** The default payload layout: appends. */
    PAYLOAD(Map.of()),
    /** One column per JSON field, appended. */
    TYPED(Map.of("table_layout", "typed")),
    /** One row per user, the last value kept. */
    UPSERT(Map.of("table_layout", "typed", "write_mode", "upsert", "primary_key", "user"));

    private final Map<String, Object> settings;

    Mode(Map<String, Object> settings) {
      this.settings = settings;
    }
  }

  /** One mode's counts. */
  record Result(Mode mode, long records, long writes, EmulatorStatistics.Counts counts, double s) {
    double perMillion(long value) {
      return value * 1_000_000.0 / records;
    }
  }

  public static void main(String[] argv) throws Exception {
    Logging.quiet();
    Args args = new Args(argv);
    long records = args.longValue("records", 1_000_000);
    int writeRecords = args.integer("write-records", 10_000);
    List<Mode> modes =
        Arrays.stream(args.string("modes", "PAYLOAD,TYPED,UPSERT").split(","))
            .map(Mode::valueOf)
            .toList();
    String out = args.string("out", "");
    List<Result> results = new ArrayList<>();
    try (RedshiftEmulator emulator = RedshiftEmulator.start()) {
      Endpoint endpoint = Endpoint.of(emulator);
      for (Mode mode : modes) {
        Map<String, Object> config =
            endpoint.sinkConfig(
                "writes_" + mode.name().toLowerCase(java.util.Locale.ROOT),
                "writes/" + UUID.randomUUID());
        config.put("batch_size", writeRecords);
        config.putAll(mode.settings);
        SyntheticRecords source = new SyntheticRecords("bench", 0, PayloadShape.JSON_100);
        try (RedshiftSink sink = RedshiftSink.open(config)) {
          // The typed table is created by its first load: leave that out of the counts.
          long first = Math.min(writeRecords, records);
          sink.write(source.next(0, (int) first));
          emulator.statistics().reset();
          long t0 = System.nanoTime();
          long writes = 0;
          for (long from = first; from < records + first; from += writeRecords) {
            sink.write(source.next(from, (int) Math.min(writeRecords, records + first - from)));
            writes++;
          }
          Result r =
              new Result(
                  mode,
                  records,
                  writes,
                  emulator.statistics().total(),
                  (System.nanoTime() - t0) / 1e9);
          results.add(r);
          print(r);
        }
      }
    }
    if (!out.isEmpty()) {
      try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(Path.of(out)))) {
        w.println(
            "mode\trecords\twrites\trows_written_per_m\tstatements_per_m\tcommits_per_m"
                + "\tcopies_per_m\tseconds");
        for (Result r : results) {
          EmulatorStatistics.Counts c = r.counts();
          w.printf(
              "%s\t%d\t%d\t%.0f\t%.0f\t%.0f\t%.0f\t%.1f%n",
              r.mode(),
              r.records(),
              r.writes(),
              r.perMillion(c.rowsWritten()),
              r.perMillion(c.statements()),
              r.perMillion(c.commits()),
              r.perMillion(c.copies()),
              r.s());
        }
      }
    }
  }

  private static void print(Result r) {
    EmulatorStatistics.Counts c = r.counts();
    System.out.printf(
        "%-7s %,d records in %d writes, %.1f s (%.0f records/s here): per million records %,.0f"
            + " rows written (%.3f per record), %,.0f statements, %,.0f commits, %,.0f COPYs;"
            + " per write %.2f statements, %.2f commits; by kind %s%n",
        r.mode(),
        r.records(),
        r.writes(),
        r.s(),
        r.records() / r.s(),
        r.perMillion(c.rowsWritten()),
        (double) c.rowsWritten() / r.records(),
        r.perMillion(c.statements()),
        r.perMillion(c.commits()),
        r.perMillion(c.copies()),
        (double) c.statements() / r.writes(),
        (double) c.commits() / r.writes(),
        perWrite(c.byKind(), r.writes()));
  }

  private static String perWrite(Map<StatementKind, Long> byKind, long writes) {
    StringBuilder sb = new StringBuilder();
    byKind.forEach(
        (kind, n) -> sb.append(sb.length() == 0 ? "" : ", ").append(kind).append(' ').append(n));
    return sb + " (" + writes + " writes)";
  }
}
