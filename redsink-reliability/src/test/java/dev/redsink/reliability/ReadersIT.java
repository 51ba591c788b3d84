package dev.redsink.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redsink.core.RedshiftSink;
import dev.redsink.emulator.fault.SqlFault;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Readers of a table while Redsink loads it: dashboards querying throughout a load by two writers
 * whose every COPY takes a while, and a long report holding its transaction open. A load takes no
 * lock a reader waits for (only writers of the same table queue, on the ledger's lock), so every
 * read returns at once and sees whole committed loads only, and loads go on while the report runs.
 */
@ExtendWith(ScenarioWarehouseExtension.class)
class ReadersIT {

  /** How long every COPY takes here: a read that waited for a load would take about as long. */
  private static final Duration COPY = Duration.ofMillis(800);

  /** A read still waiting after this fails the scenario instead of hanging it. */
  private static final int READ_TIMEOUT_SECONDS = 15;

  private static final int CHUNK = 1_000;
  private static final int RECORDS = 20_000;

  private final ScenarioWarehouse warehouse;

  ReadersIT(ScenarioWarehouse warehouse) {
    this.warehouse = warehouse;
  }

  @Test
  void readersNeverWaitForLoadsNorSeeAPartOfOne() throws Exception {
    String table = ScenarioWarehouse.uniqueTable("rd");
    SourceStream stream = SourceStream.of("rel." + table, RECORDS);
    Map<String, Object> config = warehouse.config(table);
    warehouse.resetFaults();
    warehouse.emulator().sqlFaults().failNext("^COPY", 1_000, SqlFault.delay(COPY));
    try (RedshiftSink first = RedshiftSink.open(config)) {
      first.nextOffsets(stream.topicPartitions()); // creates the table before the readers start
    }

    AtomicBoolean done = new AtomicBoolean();
    List<Long> latencies = Collections.synchronizedList(new ArrayList<>());
    List<Long> counts = Collections.synchronizedList(new ArrayList<>());
    CompletableFuture<Void> dashboard =
        CompletableFuture.runAsync(() -> read(table, done, latencies, counts));
    List<CompletableFuture<LoadRun>> writers = new ArrayList<>();
    for (int w = 0; w < 2; w++) {
      writers.add(
          CompletableFuture.supplyAsync(
              () ->
                  new StreamLoader(config, stream, CHUNK, FaultPlan.none(), warehouse.emulator())
                      .run()));
    }

    // A long report opens once the writers have committed a load, and stays open: loads must
    // commit meanwhile, and short reads must not queue behind anything. Waits are for what happens,
    // not for a time: on a busy machine (modules built side by side) the writers start slowly.
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
    long duringReport;
    long atReport;
    long duringReportMillis = 0;
    try (Connection report = warehouse.connect();
        Statement st = report.createStatement();
        Connection other = warehouse.connect();
        Statement otherSt = other.createStatement()) {
      while (count(otherSt, table) == 0 && System.nanoTime() < deadline) {
        Thread.sleep(50);
      }
      report.setAutoCommit(false);
      atReport = count(st, table);
      Thread.sleep(COPY.toMillis());
      // Were a load to lock the table, its LOCK would queue behind the report and these reads
      // behind the LOCK, until the report ends: they would time out.
      do {
        long t0 = System.nanoTime();
        duringReport = count(otherSt, table);
        duringReportMillis =
            Math.max(duringReportMillis, TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0));
        if (duringReport <= atReport) {
          Thread.sleep(50);
        }
      } while (duringReport <= atReport && System.nanoTime() < deadline);
      report.commit();
    }

    for (CompletableFuture<LoadRun> w : writers) {
      assertThat(w.get(5, TimeUnit.MINUTES).stopped()).isEmpty();
    }
    done.set(true);
    dashboard.get(1, TimeUnit.MINUTES);
    warehouse.resetFaults();

    List<Long> sorted = new ArrayList<>(latencies);
    Collections.sort(sorted);
    long p50 = sorted.get(sorted.size() / 2);
    long p99 = sorted.get(Math.min(sorted.size() - 1, sorted.size() * 99 / 100));
    long max = sorted.get(sorted.size() - 1);
    assertThat(sorted.size()).as("reads while loading").isGreaterThan(20);
    // Reads that waited for loads would wait half a COPY on average, most of them: the 90th
    // percentile tells that apart, where the slowest read alone is at the mercy of a busy machine.
    long p90 = sorted.get(sorted.size() * 9 / 10);
    assertThat(p90)
        .as("the 90th percentile of reads (ms), against a COPY of %d ms", COPY.toMillis())
        .isLessThan(COPY.toMillis() / 4);
    assertThat(counts)
        .as("every read sees whole loads of %d rows", CHUNK * stream.partitions())
        .allSatisfy(c -> assertThat(c % (CHUNK * stream.partitions())).isZero());
    assertThat(counts).as("reads never go back").isSorted();
    assertThat(duringReport).as("rows committed while the report was open").isGreaterThan(atReport);
    assertThat(duringReportMillis)
        .as("a read while the report is open (ms)")
        .isLessThan(COPY.toMillis());
    ExactlyOnceCheck.Verdict v = ExactlyOnceCheck.assertComplete(warehouse, table, stream, 0);
    Figures.record(
        "readers during two writers' loads and a long report",
        stream.total(),
        0,
        v.lost(),
        v.duplicated(),
        -1,
        String.format(
            "%d reads, latency p50 %d ms, p99 %d ms, max %d ms with every COPY taking %d ms;"
                + " loads committed while a report held its transaction open",
            sorted.size(), p50, p99, max, COPY.toMillis()));
  }

  /** A dashboard: counts the table again and again until told to stop. */
  private void read(String table, AtomicBoolean done, List<Long> latencies, List<Long> counts) {
    try (Connection c = warehouse.connect();
        Statement st = c.createStatement()) {
      while (!done.get()) {
        long t0 = System.nanoTime();
        long n = count(st, table);
        latencies.add(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0));
        counts.add(n);
        Thread.sleep(20);
      }
    } catch (Exception e) {
      throw new IllegalStateException("Cannot read " + table, e);
    }
  }

  private static long count(Statement st, String table) throws Exception {
    st.setQueryTimeout(READ_TIMEOUT_SECONDS);
    try (ResultSet rs = st.executeQuery("SELECT count(*) FROM \"" + table + "\"")) {
      rs.next();
      return rs.getLong(1);
    }
  }
}
