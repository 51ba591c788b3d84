package dev.redsink.bench;

import dev.redsink.core.RedshiftSink;
import dev.redsink.core.record.LoadResult;
import dev.redsink.emulator.RedshiftEmulator;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Time per load while the target grows, ledger dedup (the default) against dedup_by_id = true. The
 * two tables grow in lockstep, one load into each per step, so both see the same database.
 *
 * <p>Options: {@code --target-rows=2000000 --load-records=100000 --batch-size=100000
 * --shape=JSON_100 --out=FILE.tsv}.
 */
public final class GrowthBenchmark {
  private GrowthBenchmark() {}

  public static void main(String[] argv) throws Exception {
    Logging.quiet();
    Args args = new Args(argv);
    long targetRows = args.longValue("target-rows", 2_000_000);
    int loadRecords = args.integer("load-records", 100_000);
    int batchSize = args.integer("batch-size", loadRecords);
    PayloadShape shape = PayloadShape.valueOf(args.string("shape", "JSON_100"));
    String out = args.string("out", "");
    System.out.printf(
        "# growth: loads of %d %s records up to %d rows, batch_size %d%n",
        loadRecords, shape, targetRows, batchSize);
    List<double[]> rows = new ArrayList<>();
    try (RedshiftEmulator emulator = RedshiftEmulator.start()) {
      Endpoint endpoint = Endpoint.of(emulator);
      try (RedshiftSink ledger = open(endpoint, "growth_ledger", batchSize, false);
          RedshiftSink byId = open(endpoint, "growth_dedup_by_id", batchSize, true)) {
        SyntheticRecords ledgerSource = new SyntheticRecords("bench", 0, shape);
        SyntheticRecords byIdSource = new SyntheticRecords("bench", 0, shape);
        for (long from = 0; from < targetRows; from += loadRecords) {
          double[] a = timed(ledger, ledgerSource, from, loadRecords);
          double[] b = timed(byId, byIdSource, from, loadRecords);
          rows.add(new double[] {from, a[0], b[0], a[1], b[1]});
          System.out.printf(
              "rows before %d: ledger %.0f ms (insert %.0f ms), dedup_by_id %.0f ms (insert %.0f"
                  + " ms)%n",
              from, a[0], a[1], b[0], b[1]);
        }
      }
    }
    summarize(rows);
    if (!out.isEmpty()) {
      try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(Path.of(out)))) {
        w.println(
            "rows_before\tledger_ms\tdedup_by_id_ms\tledger_insert_ms\tdedup_by_id_insert_ms");
        for (double[] r : rows) {
          w.printf("%.0f\t%.0f\t%.0f\t%.0f\t%.0f%n", r[0], r[1], r[2], r[3], r[4]);
        }
      }
    }
  }

  private static RedshiftSink open(Endpoint endpoint, String table, int batchSize, boolean byId) {
    Map<String, Object> config = endpoint.sinkConfig(table, "growth/" + UUID.randomUUID());
    config.put("batch_size", batchSize);
    config.put("dedup_by_id", byId);
    return RedshiftSink.open(config);
  }

  /** One load: its wall time and its insert phase, in ms. */
  private static double[] timed(RedshiftSink sink, SyntheticRecords source, long from, int n) {
    var batch = source.next(from, n);
    long t0 = System.nanoTime();
    LoadResult result = sink.write(batch);
    double wall = (System.nanoTime() - t0) / 1e6;
    PhaseTimes p = new PhaseTimes();
    p.add(result);
    return new double[] {wall, p.insert};
  }

  private static void summarize(List<double[]> rows) {
    int k = Math.max(1, Math.min(5, rows.size() / 4));
    for (int col = 1; col <= 2; col++) {
      List<Double> first = new ArrayList<>();
      List<Double> last = new ArrayList<>();
      for (int i = 0; i < k; i++) {
        // the very first load also warms up the JIT and the connection pool: skip it
        first.add(rows.get(Math.min(i + 1, rows.size() - 1))[col]);
        last.add(rows.get(rows.size() - 1 - i)[col]);
      }
      double a = Median.of(first);
      double b = Median.of(last);
      System.out.printf(
          "%s: median of loads 2..%d %.0f ms, of the last %d loads %.0f ms: %+.0f%%%n",
          col == 1 ? "ledger" : "dedup_by_id", k + 1, a, k, b, (b / a - 1) * 100);
    }
  }
}
