package dev.redsink.bench;

import dev.redsink.core.RedshiftSink;
import dev.redsink.core.record.Record;
import dev.redsink.emulator.EmulatorOptions;
import dev.redsink.emulator.RedshiftEmulator;
import dev.redsink.emulator.cost.CostProfile;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * What loads cost the readers of their table: a dashboard runs {@code SELECT count(*)} on the
 * target again and again, through the Redshift JDBC driver, first with no load running, then while
 * writers load the same table back to back, then while they load and a long report holds a
 * transaction open on it. The emulator runs with a cost profile, so each COPY takes as long as a
 * cluster's would. Prints read latency p50, p99 and max per phase and the ratio of p99 with loads
 * to p99 without.
 *
 * <p>Options: {@code --cost-profile=copy=3s --seconds=30 --writers=2 --records=1000
 * --report-seconds=8 --preload=200000 --rounds=6 --warmup=20 --out=FILE.tsv}; the table holds
 * {@code preload} rows before the first phase; the writers then load for {@code warmup} seconds
 * that are not measured; "no loads" and "loads running" alternate in {@code rounds} windows of
 * {@code seconds / rounds} each, and are reported as one phase each.
 */
public final class ReaderLatency {
  private ReaderLatency() {}

  /** Latencies of one phase, in microseconds. */
  record Phase(String name, List<Long> micros, long loads) {
    long percentile(double p) {
      List<Long> sorted = new ArrayList<>(micros);
      Collections.sort(sorted);
      return sorted.get(Math.min(sorted.size() - 1, (int) Math.floor(sorted.size() * p)));
    }

    long max() {
      return Collections.max(micros);
    }

    /** Name, reads, loads, p50, p99 and max in ms, and p99 over {@code baseline}'s. */
    Object[] figures(long baseline) {
      return new Object[] {
        name,
        micros.size(),
        loads,
        percentile(0.50) / 1000.0,
        percentile(0.99) / 1000.0,
        max() / 1000.0,
        (double) percentile(0.99) / baseline
      };
    }

    /** This phase with another's reads and loads added. */
    Phase plus(Phase other) {
      List<Long> all = new ArrayList<>(micros);
      all.addAll(other.micros());
      return new Phase(name, all, loads + other.loads());
    }
  }

  public static void main(String[] argv) throws Exception {
    Logging.quiet();
    Args args = new Args(argv);
    CostProfile costs = CostProfile.parse(args.string("cost-profile", "copy=3s"));
    int seconds = args.integer("seconds", 30);
    int writers = args.integer("writers", 2);
    int records = args.integer("records", 1000);
    int reportSeconds = args.integer("report-seconds", 8);
    int preload = args.integer("preload", 200_000);
    int rounds = args.integer("rounds", 6);
    int warmup = args.integer("warmup", 20);
    String out = args.string("out", "");
    System.out.printf(
        "# reader latency: cost profile %s, %d s per phase in %d rounds, %d writers of"
            + " %d-record loads, a %d s report, %d s of loads first (not measured), %d cores%n",
        costs,
        seconds,
        rounds,
        writers,
        records,
        reportSeconds,
        warmup,
        Runtime.getRuntime().availableProcessors());
    List<Phase> phases = new ArrayList<>();
    try (RedshiftEmulator emulator =
        RedshiftEmulator.start(EmulatorOptions.defaults().costProfile(costs))) {
      Endpoint endpoint = Endpoint.of(emulator);
      String table = "readers";
      List<RedshiftSink> sinks = new ArrayList<>();
      List<SyntheticRecords> sources = new ArrayList<>();
      for (int w = 0; w < writers; w++) {
        Map<String, Object> config = endpoint.sinkConfig(table, "readers");
        config.put("batch_size", Math.max(records, preload));
        sinks.add(RedshiftSink.open(config));
        sources.add(new SyntheticRecords("readers.w" + w, 0, PayloadShape.JSON_100));
      }
      AtomicLong[] next = new AtomicLong[writers];
      for (int w = 0; w < writers; w++) {
        next[w] = new AtomicLong();
      }
      // A table of some size first, so that the rows the phases add change little what a count
      // costs: the phases then differ by the loads running, not by the table's size.
      next[0].set(preload);
      sinks.get(0).write(sources.get(0).next(0, preload));
      // Loads before measuring: the first loads compile the writers' and the emulator's load path
      // (the JIT takes seconds of CPU), which only the windows with loads would otherwise pay. On a
      // cluster that work is not beside the dashboard at all.
      if (warmup > 0) {
        whileLoading(endpoint, table, sinks, sources, next, records, warmup, 0);
      }
      // No loads and loads running alternate, rounds times, so that drift over the run (the
      // table's growth, the JIT, the machine's other work) falls on both alike.
      Phase quiet = new Phase("no loads", new ArrayList<>(), 0);
      Phase loading = new Phase("loads running", new ArrayList<>(), 0);
      int window = Math.max(1, seconds / rounds);
      for (int r = 0; r < rounds; r++) {
        Phase quietRound = read(endpoint, table, quiet.name(), window, null);
        Phase loadingRound =
            whileLoading(endpoint, table, sinks, sources, next, records, window, 0);
        System.out.printf(
            "# round %d: p99 %.1f ms with no loads, %.1f ms with %d loads committed%n",
            r + 1,
            quietRound.percentile(0.99) / 1000.0,
            loadingRound.percentile(0.99) / 1000.0,
            loadingRound.loads());
        quiet = quiet.plus(quietRound);
        loading = loading.plus(loadingRound);
      }
      phases.add(quiet);
      phases.add(loading);
      phases.add(
          whileLoading(endpoint, table, sinks, sources, next, records, seconds, reportSeconds));
      phases.add(reportOpen(endpoint, table, reportSeconds));
      for (RedshiftSink sink : sinks) {
        sink.close();
      }
    }
    long baseline = phases.get(0).percentile(0.99);
    for (Phase p : phases) {
      System.out.printf(
          "%-32s %6d reads, %3d loads committed: p50 %6.1f ms, p99 %6.1f ms, max %6.1f ms,"
              + " p99 %.2fx of no loads%n",
          p.figures(baseline));
    }
    if (!out.isEmpty()) {
      try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(Path.of(out)))) {
        w.println("phase\treads\tloads\tp50_ms\tp99_ms\tmax_ms\tp99_ratio");
        for (Phase p : phases) {
          w.printf("%s\t%d\t%d\t%.2f\t%.2f\t%.2f\t%.3f%n", p.figures(baseline));
        }
      }
    }
  }

  /** Reads while every writer loads back to back; with {@code reportSeconds} a report is open. */
  private static Phase whileLoading(
      Endpoint endpoint,
      String table,
      List<RedshiftSink> sinks,
      List<SyntheticRecords> sources,
      AtomicLong[] next,
      int records,
      int seconds,
      int reportSeconds)
      throws Exception {
    AtomicBoolean stop = new AtomicBoolean();
    AtomicLong loads = new AtomicLong();
    AtomicReference<Throwable> failure = new AtomicReference<>();
    List<Thread> threads = new ArrayList<>();
    for (int w = 0; w < sinks.size(); w++) {
      int i = w;
      Thread t =
          new Thread(
              () -> {
                try {
                  while (!stop.get()) {
                    load(sinks.get(i), sources.get(i), next[i], records);
                    loads.incrementAndGet();
                  }
                } catch (Throwable e) {
                  failure.compareAndSet(null, e);
                }
              },
              "writer-" + w);
      t.start();
      threads.add(t);
    }
    Thread.sleep(1_000); // the writers are into their first COPY
    Phase phase;
    try {
      if (reportSeconds == 0) {
        phase = read(endpoint, table, "loads running", seconds, loads);
      } else {
        try (Connection report = connect(endpoint);
            Statement st = report.createStatement()) {
          report.setAutoCommit(false);
          count(st, table);
          phase =
              read(
                  endpoint,
                  table,
                  "loads running, a " + reportSeconds + " s report open",
                  reportSeconds,
                  loads);
          report.commit();
        }
      }
    } finally {
      stop.set(true);
      for (Thread t : threads) {
        t.join(TimeUnit.MINUTES.toMillis(2));
      }
    }
    if (failure.get() != null) {
      throw new IllegalStateException("A writer failed", failure.get());
    }
    return phase;
  }

  /** Reads while a report holds a transaction open on the table and nothing loads. */
  private static Phase reportOpen(Endpoint endpoint, String table, int reportSeconds)
      throws SQLException, InterruptedException {
    try (Connection report = connect(endpoint);
        Statement st = report.createStatement()) {
      report.setAutoCommit(false);
      count(st, table);
      Phase phase =
          read(
              endpoint,
              table,
              "no loads, a " + reportSeconds + " s report open",
              reportSeconds,
              null);
      report.commit();
      return phase;
    }
  }

  /** A dashboard: counts the table for {@code seconds}, 20 ms apart. */
  private static Phase read(
      Endpoint endpoint, String table, String name, int seconds, AtomicLong loads)
      throws SQLException, InterruptedException {
    List<Long> micros = new ArrayList<>();
    long loadsBefore = loads == null ? 0 : loads.get();
    try (Connection c = connect(endpoint);
        Statement st = c.createStatement()) {
      long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
      while (System.nanoTime() < end) {
        long t0 = System.nanoTime();
        count(st, table);
        micros.add((System.nanoTime() - t0) / 1_000);
        Thread.sleep(20);
      }
    }
    return new Phase(name, micros, loads == null ? 0 : loads.get() - loadsBefore);
  }

  private static void load(
      RedshiftSink sink, SyntheticRecords source, AtomicLong next, int records) {
    List<Record> batch = source.next(next.getAndAdd(records), records);
    sink.write(batch);
  }

  private static long count(Statement st, String table) throws SQLException {
    try (ResultSet rs = st.executeQuery("SELECT count(*) FROM " + table)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  private static Connection connect(Endpoint endpoint) throws SQLException {
    return DriverManager.getConnection(endpoint.jdbcUrl(), endpoint.user(), endpoint.password());
  }
}
