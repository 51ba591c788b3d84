package dev.redsink.bench;

import dev.redsink.core.RedshiftSink;
import dev.redsink.core.record.LoadResult;
import dev.redsink.core.record.Record;
import dev.redsink.emulator.RedshiftEmulator;
import dev.redsink.emulator.fault.SqlFault;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Loads per second with N concurrent writers (one sink each, on threads of this JVM) against the
 * emulator, whose COPY delay fault stands in for a cluster's COPY time: writers of distinct tables,
 * writers of one shared table (each with its own topic), and one sink (max_connections = N + 1, so
 * N tables load at once) whose every write holds records of N topics, one table each. Every load is
 * checked afterwards: rows and distinct ids equal what was written (exactly once), and the attempts
 * the loads needed (a retry is a serializable isolation violation, error 1023, or another transient
 * failure).
 *
 * <p>Options: {@code --writers=1,2,4,8 --tables=DISTINCT,SHARED,ONE_SINK --loads=5 --records=1000
 * --copy-delay=2s --shape=JSON_100 --direct-copy=true --out=FILE.tsv}.
 */
public final class ConcurrentWriters {
  private ConcurrentWriters() {}

  /** Distinct tables or one shared table. */
  enum Tables {
    DISTINCT,
    SHARED,
    ONE_SINK
  }

  /** One measurement. */
  record Result(
      Tables tables,
      int writers,
      int loads,
      double seconds,
      long rows,
      long retries,
      boolean once) {
    double loadsPerSecond() {
      return loads / seconds;
    }
  }

  public static void main(String[] argv) throws Exception {
    Logging.quiet();
    Args args = new Args(argv);
    int[] writers =
        Arrays.stream(args.string("writers", "1,2,4,8").split(","))
            .mapToInt(Integer::parseInt)
            .toArray();
    List<Tables> modes =
        Arrays.stream(args.string("tables", "DISTINCT,SHARED,ONE_SINK").split(","))
            .map(Tables::valueOf)
            .toList();
    int loads = args.integer("loads", 5);
    int records = args.integer("records", 1000);
    Duration copyDelay = Duration.parse("PT" + args.string("copy-delay", "2s").toUpperCase());
    PayloadShape shape = PayloadShape.valueOf(args.string("shape", "JSON_100"));
    String out = args.string("out", "");
    boolean directCopy = Boolean.parseBoolean(args.string("direct-copy", "true"));
    System.out.printf(
        "# concurrent writers: %s writers, %d loads each of %d %s records, COPY delay %d ms,"
            + " direct_copy = %s, %d cores%n",
        Arrays.toString(writers),
        loads,
        records,
        shape,
        copyDelay.toMillis(),
        directCopy,
        Runtime.getRuntime().availableProcessors());
    List<Result> results = new ArrayList<>();
    try (RedshiftEmulator emulator = RedshiftEmulator.start()) {
      Endpoint endpoint = Endpoint.of(emulator);
      // Warm up the JIT, the driver and the emulator's COPY path without the delay.
      run(emulator, endpoint, Tables.DISTINCT, 2, 2, records, shape, directCopy, "warm");
      emulator.sqlFaults().failNext("^COPY ", Integer.MAX_VALUE, SqlFault.delay(copyDelay));
      for (Tables tables : modes) {
        for (int n : writers) {
          Result r = run(emulator, endpoint, tables, n, loads, records, shape, directCopy, "b");
          results.add(r);
          System.out.printf(
              "%-8s writers %d: %d loads in %.2f s = %.3f loads/s (%.2fx of one writer's"
                  + " rate), %d retries, exactly once: %s%n",
              tables,
              n,
              r.loads(),
              r.seconds(),
              r.loadsPerSecond(),
              r.loadsPerSecond() / oneWriter(results, tables),
              r.retries(),
              r.once());
        }
      }
    }
    if (!out.isEmpty()) {
      try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(Path.of(out)))) {
        w.println("tables\twriters\tloads\tseconds\tloads_per_s\tspeedup\tretries\texactly_once");
        for (Result r : results) {
          w.printf(
              "%s\t%d\t%d\t%.3f\t%.4f\t%.3f\t%d\t%s%n",
              r.tables(),
              r.writers(),
              r.loads(),
              r.seconds(),
              r.loadsPerSecond(),
              r.loadsPerSecond() / oneWriter(results, r.tables()),
              r.retries(),
              r.once());
        }
      }
    }
  }

  private static double oneWriter(List<Result> results, Tables tables) {
    return results.stream()
        .filter(r -> r.tables() == tables && r.writers() == 1)
        .mapToDouble(Result::loadsPerSecond)
        .findFirst()
        .orElse(Double.NaN);
  }

  private static Result run(
      RedshiftEmulator emulator,
      Endpoint endpoint,
      Tables tables,
      int writers,
      int loads,
      int records,
      PayloadShape shape,
      boolean directCopy,
      String tag)
      throws Exception {
    String stem = "conc_" + tag + "_" + tables.name().toLowerCase() + "_" + writers;
    List<RedshiftSink> sinks = new ArrayList<>();
    List<String> tableNames = new ArrayList<>();
    List<SyntheticRecords> sources = new ArrayList<>();
    try {
      for (int i = 0; i < writers; i++) {
        tableNames.add(tables == Tables.SHARED ? stem : stem + "_" + i);
        sources.add(new SyntheticRecords(stem + "_topic_" + i, 0, shape));
      }
      if (tables == Tables.ONE_SINK) {
        Map<String, Object> config = endpoint.sinkConfig(stem + "_{topic_segment[-1]}", prefix());
        config.put("batch_size", records);
        config.put("max_connections", writers + 1);
        config.put("direct_copy", directCopy);
        sinks.add(RedshiftSink.open(config));
        tableNames.clear();
        for (int i = 0; i < writers; i++) {
          tableNames.add(stem + "_" + i);
          sources.set(i, new SyntheticRecords(stem + "_topic." + i, 0, shape));
        }
      } else {
        for (int i = 0; i < writers; i++) {
          Map<String, Object> config = endpoint.sinkConfig(tableNames.get(i), prefix());
          config.put("batch_size", records);
          config.put("direct_copy", directCopy);
          sinks.add(RedshiftSink.open(config));
        }
      }
      CountDownLatch go = new CountDownLatch(1);
      AtomicLong retries = new AtomicLong();
      AtomicReference<Throwable> failure = new AtomicReference<>();
      List<Thread> threads = new ArrayList<>();
      for (int i = 0; i < sinks.size(); i++) {
        RedshiftSink sink = sinks.get(i);
        List<SyntheticRecords> mine = tables == Tables.ONE_SINK ? sources : List.of(sources.get(i));
        Thread t =
            new Thread(
                () -> {
                  try {
                    go.await();
                    for (int l = 0; l < loads; l++) {
                      List<Record> batch = new ArrayList<>();
                      for (SyntheticRecords source : mine) {
                        batch.addAll(source.next((long) l * records, records));
                      }
                      LoadResult result = sink.write(batch);
                      result.tables().forEach(load -> retries.addAndGet(load.attempts() - 1));
                    }
                  } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                  }
                },
                "writer-" + i);
        threads.add(t);
        t.start();
      }
      long t0 = System.nanoTime();
      go.countDown();
      for (Thread t : threads) {
        t.join();
      }
      double seconds = (System.nanoTime() - t0) / 1e9;
      if (failure.get() != null) {
        throw new IllegalStateException("A writer failed", failure.get());
      }
      long expected = (long) writers * loads * records;
      long rows = 0;
      long ids = 0;
      for (String table : tableNames.stream().distinct().toList()) {
        rows += number(endpoint, "SELECT count(*) FROM \"" + table + "\"");
        ids += number(endpoint, "SELECT count(DISTINCT id) FROM \"" + table + "\"");
      }
      return new Result(
          tables,
          writers,
          writers * loads,
          seconds,
          rows,
          retries.get(),
          rows == expected && ids == expected);
    } finally {
      sinks.forEach(RedshiftSink::close);
    }
  }

  private static String prefix() {
    return "bench/" + UUID.randomUUID();
  }

  private static long number(Endpoint endpoint, String sql) throws SQLException {
    try (Connection c =
            DriverManager.getConnection(endpoint.jdbcUrl(), endpoint.user(), endpoint.password());
        Statement st = c.createStatement();
        ResultSet rs = st.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }
}
