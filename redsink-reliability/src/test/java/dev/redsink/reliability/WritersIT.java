package dev.redsink.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redsink.core.RedshiftSink;
import dev.redsink.core.record.LoadResult;
import dev.redsink.core.record.Record;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Several writers on one table: concurrent writers with overlapping offsets (each consuming the
 * partitions in order from the ledger, with different batch boundaries), and a stale writer that
 * keeps writing after another took its partitions over.
 */
@ExtendWith(ScenarioWarehouseExtension.class)
class WritersIT {

  private final ScenarioWarehouse warehouse;

  WritersIT(ScenarioWarehouse warehouse) {
    this.warehouse = warehouse;
  }

  @Test
  void twoWritersWithOverlappingOffsets() throws Exception {
    concurrentWriters(2, Start.TABLE_EXISTS);
  }

  @Test
  void fourWritersOpeningOnAFreshTable() throws Exception {
    concurrentWriters(4, Start.FRESH);
  }

  @Test
  void fourWritersWithOverlappingOffsets() throws Exception {
    concurrentWriters(4, Start.TABLE_EXISTS);
  }

  /** Whether the table exists before the writers start, or they race to create it. */
  private enum Start {
    TABLE_EXISTS,
    FRESH
  }

  private void concurrentWriters(int writers, Start start0) throws Exception {
    String table = ScenarioWarehouse.uniqueTable("rel");
    SourceStream stream = SourceStream.of("rel." + table, Reliability.records());
    Map<String, Object> config = warehouse.config(table);
    if (start0 == Start.TABLE_EXISTS) {
      RedshiftSink.open(config).close();
    }
    int[] chunks = {2_500, 1_777, 3_001, 1_250};
    List<LoadRun> runs = new ArrayList<>();
    List<Throwable> failures = new ArrayList<>();
    CountDownLatch start = new CountDownLatch(1);
    List<Thread> threads = new ArrayList<>();
    for (int i = 0; i < writers; i++) {
      int chunk = (int) Math.min(chunks[i], Math.max(1, stream.perPartition() / 8));
      Thread t =
          new Thread(
              () -> {
                try {
                  start.await();
                  LoadRun run =
                      new StreamLoader(
                              config, stream, chunk, FaultPlan.none(), warehouse.emulator())
                          .run();
                  synchronized (runs) {
                    runs.add(run);
                  }
                } catch (Throwable e) {
                  synchronized (failures) {
                    failures.add(e);
                  }
                }
              },
              "writer-" + i);
      threads.add(t);
      t.start();
    }
    long t0 = System.nanoTime();
    start.countDown();
    for (Thread t : threads) {
      t.join(TimeUnit.MINUTES.toMillis(10));
    }
    assertThat(failures).as("writer failures").isEmpty();
    assertThat(runs).hasSize(writers);
    runs.forEach(r -> assertThat(r.stopped()).isEmpty());
    long loaded = runs.stream().mapToLong(LoadRun::loaded).sum();
    assertThat(loaded).as("records loaded by all writers together").isEqualTo(stream.total());
    ExactlyOnceCheck.Verdict v = ExactlyOnceCheck.assertComplete(warehouse, table, stream, 0);
    Figures.record(
        writers
            + " writers, overlapping offsets"
            + (start0 == Start.FRESH ? ", racing to create the table" : ""),
        stream.total(),
        0,
        v.lost(),
        v.duplicated(),
        -1,
        String.format(
            "all loaded once in %,d ms (loads per writer: %s)",
            TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0),
            runs.stream().map(r -> Long.toString(r.loaded())).toList()));
  }

  @Test
  void aStaleWriterChangesNothingAfterATakeover() throws Exception {
    String table = ScenarioWarehouse.uniqueTable("rel");
    SourceStream stream = SourceStream.of("rel." + table, Reliability.records());
    Map<String, Object> config = warehouse.config(table);
    long half = stream.perPartition() / 2;
    long chunk = Math.max(1, stream.perPartition() / 10);
    int staleWrites = 0;
    try (RedshiftSink stale = RedshiftSink.open(config)) {
      for (long from = 0; from < half; from += chunk) {
        stale.write(batch(stream, from, Math.min(chunk, half - from)));
      }
      // The stale writer's partitions move: a new writer resumes from the ledger and finishes.
      LoadRun takeover =
          new StreamLoader(config, stream, (int) chunk, FaultPlan.none(), warehouse.emulator())
              .run();
      assertThat(takeover.loaded()).isEqualTo(stream.total() - half * stream.partitions());
      long rowsAfterTakeover = warehouse.count(table);
      // The stale writer, unaware, keeps writing from where it was.
      for (long from = half; from < stream.perPartition(); from += chunk) {
        LoadResult r = stale.write(batch(stream, from, chunk));
        staleWrites++;
        assertThat(r.loaded()).as("rows a stale write loaded").isZero();
        assertThat(r.skipped()).isEqualTo(r.received());
      }
      assertThat(warehouse.count(table)).isEqualTo(rowsAfterTakeover);
    }
    assertThat(warehouse.emulator().statistics().copies()).isPositive();
    ExactlyOnceCheck.Verdict v = ExactlyOnceCheck.assertComplete(warehouse, table, stream, 0);
    Figures.record(
        "stale writer after a takeover",
        stream.total(),
        0,
        v.lost(),
        v.duplicated(),
        -1,
        staleWrites + " stale writes, each loaded 0 rows");
  }

  private static List<Record> batch(SourceStream stream, long from, long count) {
    List<Record> out = new ArrayList<>();
    for (int p = 0; p < stream.partitions(); p++) {
      out.addAll(stream.slice(p, from, count));
    }
    return out;
  }
}
