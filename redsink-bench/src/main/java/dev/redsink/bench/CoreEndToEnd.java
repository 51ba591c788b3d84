package dev.redsink.bench;

import dev.redsink.core.RedshiftSink;
import dev.redsink.core.record.LoadResult;
import dev.redsink.core.record.Record;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * The core end to end against an emulator in a child JVM: N records of 1 KiB JSON written in
 * batches of a flush's size, several runs; prints records/s, time by phase (the sum of the
 * LoadResult phases, the rest being ledger reads, planning, checks and clean-up), peak heap and
 * RSS.
 *
 * <p>Options: {@code --records=1000000 --write-records=65536 --batch-size=100 --runs=5
 * --max-file-bytes=SIZE --shape=JSON_1K --out=FILE.tsv}.
 */
public final class CoreEndToEnd {
  private CoreEndToEnd() {}

  /** One run's measurements. */
  record Run(
      double seconds,
      long records,
      PhaseTimes phases,
      long peakHeap,
      long peakLive,
      long gcs,
      long gcMs) {
    double recordsPerSecond() {
      return records / seconds;
    }
  }

  public static void main(String[] argv) throws Exception {
    Logging.quiet();
    Args args = new Args(argv);
    long records = args.longValue("records", 1_000_000);
    int writeRecords = args.integer("write-records", 65_536);
    int batchSize = args.integer("batch-size", 100);
    String maxFileBytes = args.string("max-file-bytes", "");
    int runs = args.integer("runs", 5);
    PayloadShape shape = PayloadShape.valueOf(args.string("shape", "JSON_1K"));
    String out = args.string("out", "");
    System.out.printf(
        "# core end to end: %d records of %s, writes of %d, batch_size %d, max_file_bytes %s, %d"
            + " runs, -Xmx %d MiB, %d cores%n",
        records,
        shape,
        writeRecords,
        batchSize,
        maxFileBytes.isEmpty() ? "none" : maxFileBytes,
        runs,
        Runtime.getRuntime().maxMemory() >> 20,
        Runtime.getRuntime().availableProcessors());
    List<Run> results = new ArrayList<>();
    try (EmulatorProcess emulator = EmulatorProcess.start();
        MemoryWatch memory = new MemoryWatch()) {
      Endpoint endpoint = emulator.endpoint();
      for (int run = 1; run <= runs; run++) {
        String table = "bench_e2e_" + run;
        Map<String, Object> config = endpoint.sinkConfig(table, "bench/" + UUID.randomUUID());
        config.put("batch_size", batchSize);
        if (!maxFileBytes.isEmpty()) {
          config.remove("batch_size");
          config.put("max_file_bytes", maxFileBytes);
        }
        Run r = run(config, shape, records, writeRecords, memory);
        results.add(r);
        print(run, r);
        drop(endpoint, table);
      }
    }
    summarize(results);
    if (!out.isEmpty()) {
      write(Path.of(out), results);
    }
  }

  private static Run run(
      Map<String, Object> config,
      PayloadShape shape,
      long records,
      int writeRecords,
      MemoryWatch memory) {
    SyntheticRecords source = new SyntheticRecords("bench", 0, shape);
    PhaseTimes phases = new PhaseTimes();
    long[] gcBefore = MemoryWatch.gcCountAndMillis();
    memory.reset();
    long nanos = 0;
    try (RedshiftSink sink = RedshiftSink.open(config)) {
      for (long from = 0; from < records; from += writeRecords) {
        List<Record> batch = source.next(from, (int) Math.min(writeRecords, records - from));
        long t0 = System.nanoTime();
        LoadResult result = sink.write(batch);
        nanos += System.nanoTime() - t0;
        phases.add(result);
      }
    }
    long[] gcAfter = MemoryWatch.gcCountAndMillis();
    return new Run(
        nanos / 1e9,
        records,
        phases,
        memory.peakHeapBytes(),
        memory.peakLiveBytes(),
        gcAfter[0] - gcBefore[0],
        gcAfter[1] - gcBefore[1]);
  }

  private static void print(int run, Run r) {
    PhaseTimes p = r.phases();
    System.out.printf(
        "run %d: %.0f records/s (%.1f s, %d files, %.0f MB Parquet); stage %.0f ms (encode %.0f"
            + " ms, upload %.0f ms summed over threads), copy %.0f ms, insert %.0f ms, commit %.0f"
            + " ms, other %.0f ms; peak heap %d MiB, live after GC %d MiB, %d GCs (%d ms)%n",
        run,
        r.recordsPerSecond(),
        r.seconds(),
        p.files,
        p.bytes / 1e6,
        p.stage,
        p.encode,
        p.upload,
        p.copy,
        p.insert,
        p.commit,
        r.seconds() * 1000 - p.total(),
        r.peakHeap() >> 20,
        r.peakLive() >> 20,
        r.gcs(),
        r.gcMs());
  }

  private static void summarize(List<Run> results) {
    System.out.printf(
        "median: %.0f records/s; stage %.0f ms (encode %.0f ms, upload %.0f ms), copy %.0f ms,"
            + " insert %.0f ms, commit %.0f ms, other %.0f ms; max peak heap %d MiB; max live after"
            + " GC %d MiB; RSS high water %d MiB%n",
        median(results, Run::recordsPerSecond),
        median(results, r -> r.phases().stage),
        median(results, r -> r.phases().encode),
        median(results, r -> r.phases().upload),
        median(results, r -> r.phases().copy),
        median(results, r -> r.phases().insert),
        median(results, r -> r.phases().commit),
        median(results, r -> r.seconds() * 1000 - r.phases().total()),
        results.stream().mapToLong(Run::peakHeap).max().orElse(0) >> 20,
        results.stream().mapToLong(Run::peakLive).max().orElse(0) >> 20,
        MemoryWatch.rssHighWaterBytes() >> 20);
  }

  private static double median(List<Run> runs, java.util.function.ToDoubleFunction<Run> f) {
    return Median.of(runs.stream().map(r -> f.applyAsDouble(r)).toList());
  }

  private static void write(Path file, List<Run> results) throws IOException {
    try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(file))) {
      w.println(
          "run\trecords_per_s\tencode_ms\tupload_ms\tcopy_ms\tinsert_ms\tcommit_ms\tother_ms"
              + "\tpeak_heap_mib\tpeak_live_mib\tstage_ms");
      int run = 1;
      for (Run r : results) {
        PhaseTimes p = r.phases();
        w.printf(
            "%d\t%.0f\t%.0f\t%.0f\t%.0f\t%.0f\t%.0f\t%.0f\t%d\t%d\t%.0f%n",
            run++,
            r.recordsPerSecond(),
            p.encode,
            p.upload,
            p.copy,
            p.insert,
            p.commit,
            r.seconds() * 1000 - p.total(),
            r.peakHeap() >> 20,
            r.peakLive() >> 20,
            p.stage);
      }
    }
  }

  private static void drop(Endpoint endpoint, String table) throws SQLException {
    try (Connection c =
            DriverManager.getConnection(endpoint.jdbcUrl(), endpoint.user(), endpoint.password());
        Statement st = c.createStatement()) {
      st.execute("DROP TABLE IF EXISTS " + table);
    }
  }
}
