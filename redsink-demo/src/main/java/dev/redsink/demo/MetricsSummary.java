package dev.redsink.demo;

import dev.redsink.cli.run.LoadStats;
import dev.redsink.cli.run.MetricsEndpoint;
import dev.redsink.core.metrics.Histogram;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

/**
 * What the demo's {@code /metrics} says after the load, per table, with the series to watch in
 * production.
 */
final class MetricsSummary {
  private MetricsSummary() {}

  static void print(List<LoadStats> stats, MetricsEndpoint metrics, PrintWriter out) {
    out.println("Metrics (Prometheus text) on http://" + metrics.address() + "/metrics:");
    for (LoadStats s : stats) {
      s.figures()
          .tables()
          .forEach(
              (table, t) ->
                  out.printf(
                      Locale.ROOT,
                      "  %-12s %,d rows in %,d loads (%,d files); load p99 %s, freshness p99 %s%n",
                      table,
                      t.rows(),
                      t.loads(),
                      t.files(),
                      seconds(t.loadSeconds()),
                      seconds(t.freshnessSeconds())));
      long lag =
          s.figures().partitions().values().stream().mapToLong(p -> Math.max(0, p.lag())).sum();
      out.printf(Locale.ROOT, "  lag: %,d records not in Redshift yet%n", lag);
    }
    out.println(
        "  Watch redsink_partition_lag_records, redsink_table_freshness_seconds (histogram),"
            + " redsink_table_last_load_timestamp_seconds and redsink_up; docs/metrics.md has"
            + " them all and a Grafana dashboard.");
    out.println();
    out.flush();
  }

  /** The histogram's estimated 99th percentile; - when empty. */
  private static String seconds(Histogram.Snapshot h) {
    return h.count() == 0 ? "-" : String.format(Locale.ROOT, "%.1f s", h.quantile(0.99));
  }
}
