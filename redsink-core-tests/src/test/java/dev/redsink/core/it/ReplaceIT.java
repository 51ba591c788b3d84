package dev.redsink.core.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redsink.core.RedshiftSink;
import dev.redsink.core.ReplaceRun;
import dev.redsink.emulator.RedshiftEmulator;
import dev.redsink.emulator.RedshiftEmulatorExtension;
import dev.redsink.emulator.fault.SqlFault;
import dev.redsink.testkit.Warehouse;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Atomic full refresh: the target is the old input or the new one, never anything else. */
@ExtendWith(RedshiftEmulatorExtension.class)
class ReplaceIT {

  private SinkFixture fx;
  private String table;
  private Map<String, Object> config;

  @BeforeEach
  void setUp(RedshiftEmulator emulator) {
    emulator.sqlFaults().reset();
    fx = new SinkFixture(emulator);
    table = Warehouse.uniqueTable("rp");
    config = fx.config(table);
    config.put("batch_size", 20_000);
  }

  @AfterEach
  void tearDown() {
    fx.emulator().sqlFaults().reset();
  }

  /** Run tables of this test's tables (the user's own table named like one is not counted). */
  private long runTables() throws Exception {
    return Long.parseLong(
        fx.value(
            "SELECT count(*) FROM pg_class WHERE relname LIKE '"
                + table
                + "%\\_rsrun\\_%' AND relname NOT LIKE '%backup'"
                + " AND relname NOT LIKE '\\_redsink%'"));
  }

  @Test
  void aConcurrentReaderSeesOnlyTheOldOrTheNewContents() throws Exception {
    try (RedshiftSink sink = RedshiftSink.open(config)) {
      sink.write(SinkFixture.records("t", 0, 0, 100_000));
    }
    Set<Long> seen = ConcurrentHashMap.newKeySet();
    AtomicBoolean stop = new AtomicBoolean();
    AtomicLong reads = new AtomicLong();
    Thread reader =
        new Thread(
            () -> {
              try (Connection c = fx.connect();
                  Statement st = c.createStatement()) {
                while (!stop.get()) {
                  try (ResultSet rs = st.executeQuery("SELECT count(*) FROM " + table)) {
                    rs.next();
                    seen.add(rs.getLong(1));
                    reads.incrementAndGet();
                  }
                }
              } catch (Exception e) {
                seen.add(-1L);
              }
            });
    reader.start();
    ReplaceRun.Summary summary;
    try (RedshiftSink sink = RedshiftSink.open(config);
        ReplaceRun run = sink.replace("t")) {
      for (int from = 0; from < 50_000; from += 10_000) {
        run.write(SinkFixture.records("t", 0, 200_000 + from, 10_000));
      }
      summary = run.commit();
    }
    Thread.sleep(200);
    stop.set(true);
    reader.join(30_000);
    assertThat(reads.get()).isPositive();
    assertThat(seen).isSubsetOf(Set.of(100_000L, 50_000L)).contains(50_000L);
    assertThat(summary.rowsBefore()).isEqualTo(100_000);
    assertThat(summary.rowsAfter()).isEqualTo(50_000);
    assertThat(fx.count(table)).isEqualTo(50_000);
    assertThat(fx.value("SELECT min(id) FROM " + table)).startsWith("t:0:2");
    assertThat(fx.value("SELECT next_offset FROM \"_redsink_ledger_" + table + "\""))
        .isEqualTo("250000");
    assertThat(runTables()).isZero();
    assertThat(fx.stagedObjects()).isEmpty();
  }

  @Test
  void aKilledRunLeavesTheTargetAndTheNextRunDropsItsTable() throws Exception {
    try (RedshiftSink sink = RedshiftSink.open(config)) {
      sink.write(SinkFixture.records("t", 0, 0, 100));
      ReplaceRun crashed = sink.replace("t");
      crashed.write(SinkFixture.records("t", 0, 1000, 30));
      // The process dies here: no commit, no abort.
    }
    assertThat(runTables()).isEqualTo(1);
    assertThat(fx.count(table)).isEqualTo(100);
    try (RedshiftSink sink = RedshiftSink.open(config);
        ReplaceRun next = sink.replace("t")) {
      assertThat(runTables()).isEqualTo(1);
      next.write(SinkFixture.records("t", 0, 2000, 10));
      next.commit();
    }
    assertThat(runTables()).isZero();
    assertThat(fx.count(table)).isEqualTo(10);
    assertThat(
            fx.value(
                "SELECT count(*) FROM pg_class WHERE relname LIKE '_redsink_ledger_"
                    + table
                    + "_rsrun_%'"))
        .isEqualTo("0");
  }

  @Test
  void aKilledRunOfATableWithALongNameIsDroppedByTheNextRun() throws Exception {
    String longName = table + "_" + "l".repeat(110 - table.length());
    Map<String, Object> longConfig = fx.config(longName);
    try (RedshiftSink sink = RedshiftSink.open(longConfig)) {
      sink.write(SinkFixture.records("t", 0, 0, 10));
      ReplaceRun crashed = sink.replace("t");
      crashed.write(SinkFixture.records("t", 0, 1000, 5));
    }
    assertThat(runTables()).as("the crashed run's table").isEqualTo(1);
    try (RedshiftSink sink = RedshiftSink.open(longConfig);
        ReplaceRun next = sink.replace("t")) {
      next.write(SinkFixture.records("t", 0, 2000, 3));
      next.commit();
    }
    assertThat(runTables()).as("run tables left after the next run committed").isZero();
    assertThat(fx.count(longName)).isEqualTo(3);
  }

  @Test
  void aUsersOwnTableNamedLikeARunTableIsNeverDropped() throws Exception {
    String own = table + "_rsrun_backup";
    fx.execute(
        "CREATE TABLE \"" + own + "\" (v INTEGER)", "INSERT INTO \"" + own + "\" VALUES (7)");
    try (RedshiftSink sink = RedshiftSink.open(config);
        ReplaceRun run = sink.replace("t")) {
      run.write(SinkFixture.records("t", 0, 0, 3));
      run.commit();
    }
    assertThat(fx.count(own)).as("the user's table and its row").isEqualTo(1);
    assertThat(fx.count(table)).isEqualTo(3);
  }

  @Test
  void aFailureInTheFinalTransactionLeavesTheOldContents() throws Exception {
    config.put("max_retries", 1);
    try (RedshiftSink sink = RedshiftSink.open(config)) {
      sink.write(SinkFixture.records("t", 0, 0, 100));
    }
    fx.emulator()
        .sqlFaults()
        .failNext(
            "^INSERT INTO \"" + table + "\" \\(.* FROM \"" + table + "_rsrun_",
            1,
            SqlFault.fail("XX000", "disk full"));
    try (RedshiftSink sink = RedshiftSink.open(config);
        ReplaceRun run = sink.replace("t")) {
      run.write(SinkFixture.records("t", 0, 500, 40));
      assertThatThrownBy(run::commit).hasMessageContaining("disk full");
    }
    assertThat(fx.emulator().sqlFaults().fired()).isEqualTo(1);
    assertThat(fx.count(table)).isEqualTo(100);
    assertThat(fx.value("SELECT max(id) FROM " + table)).isEqualTo("t:0:99");
    assertThat(runTables()).isZero();
  }

  /**
   * A run whose table something else dropped (an earlier Redsink's replace, an operator): the
   * commit fails and the table keeps its contents. It used to read the missing run table as its own
   * earlier commit and report the table replaced.
   */
  @Test
  void aRunWhoseTableWasDroppedFailsItsCommitAndLeavesTheTable() throws Exception {
    try (RedshiftSink sink = RedshiftSink.open(config)) {
      sink.write(SinkFixture.records("t", 0, 0, 100));
    }
    try (RedshiftSink sink = RedshiftSink.open(config);
        ReplaceRun run = sink.replace("t")) {
      run.write(SinkFixture.records("t", 0, 500, 40));
      fx.execute("DROP TABLE \"" + runTable() + "\"");
      assertThatThrownBy(run::commit)
          .hasMessageContaining("Cannot replace the contents of " + table + ": its run table")
          .hasMessageContaining("no longer exists")
          .hasMessageContaining("the table is unchanged by this run");
    }
    assertThat(fx.count(table)).isEqualTo(100);
    assertThat(fx.value("SELECT max(id) FROM " + table)).isEqualTo("t:0:99");
  }

  /**
   * A run whose claim another replace took over (what a second replace does once the first's
   * renewals stopped): the other removed its claim and dropped its run table, and the commit fails
   * saying so.
   */
  @Test
  void aRunWhoseClaimWasTakenOverFailsItsCommitAndLeavesTheTable() throws Exception {
    try (RedshiftSink sink = RedshiftSink.open(config)) {
      sink.write(SinkFixture.records("t", 0, 0, 100));
    }
    try (RedshiftSink sink = RedshiftSink.open(config);
        ReplaceRun run = sink.replace("t")) {
      run.write(SinkFixture.records("t", 0, 500, 40));
      fx.execute(
          "DELETE FROM \"_redsink_replace_" + table + "\"", "DROP TABLE \"" + runTable() + "\"");
      assertThatThrownBy(run::commit)
          .hasMessageContaining(
              "Cannot replace the contents of "
                  + table
                  + ": another replace of the table took this run's claim over")
          .hasMessageContaining("the table is unchanged by this run");
    }
    assertThat(fx.count(table)).isEqualTo(100);
    assertThat(fx.value("SELECT max(id) FROM " + table)).isEqualTo("t:0:99");
  }

  /** The one run table of this test's table. */
  private String runTable() throws Exception {
    return fx.value("SELECT relname FROM pg_class WHERE relname LIKE '" + table + "\\_rsrun\\_%'");
  }

  /**
   * The connection drops after the swap's COMMIT was sent: whether it committed is read back from
   * the run's claim, which the swap marked committed, so the replace reports what happened.
   */
  @Test
  void aLostCommitReplyOfTheSwapIsReadBackFromTheClaim() throws Exception {
    try (RedshiftSink sink = RedshiftSink.open(config)) {
      sink.write(SinkFixture.records("t", 0, 0, 100));
    }
    ReplaceRun.Summary summary;
    try (RedshiftSink sink = RedshiftSink.open(config);
        ReplaceRun run = sink.replace("t")) {
      run.write(SinkFixture.records("t", 0, 500, 40));
      fx.emulator().sqlFaults().failNext("^COMMIT", 1, SqlFault.dropBeforeReply());
      summary = run.commit();
    }
    assertThat(fx.emulator().sqlFaults().fired()).isEqualTo(1);
    assertThat(summary.rowsAfter()).isEqualTo(40);
    assertThat(fx.count(table)).isEqualTo(40);
    assertThat(fx.value("SELECT min(id) FROM " + table)).isEqualTo("t:0:500");
    assertThat(runTables()).isZero();
    assertThat(fx.count("_redsink_replace_" + table)).as("claims left").isZero();
  }

  /**
   * Preparing the table and the run is DDL a concurrent writer can make fail with Redshift's
   * serializable isolation violation: both steps are retried, as a load is.
   */
  @Test
  void aSerializableViolationWhileStartingIsRetried() throws Exception {
    try (RedshiftSink sink = RedshiftSink.open(config)) {
      sink.write(SinkFixture.records("t", 0, 0, 5));
    }
    fx.emulator()
        .sqlFaults()
        .failNext(
            "^CREATE TABLE IF NOT EXISTS \"_redsink_ledger_" + table,
            1,
            SqlFault.fail("XX000", "1023 Serializable isolation violation on table"));
    fx.emulator()
        .sqlFaults()
        .failNext(
            "^CREATE TABLE \"" + table + "_rsrun_",
            1,
            SqlFault.fail("XX000", "1023 Serializable isolation violation on table"));
    try (RedshiftSink sink = RedshiftSink.open(config);
        ReplaceRun run = sink.replace("t")) {
      run.write(SinkFixture.records("t", 0, 100, 3));
      assertThat(run.commit().rowsAfter()).isEqualTo(3);
    }
    assertThat(fx.emulator().sqlFaults().fired()).isEqualTo(2);
    assertThat(fx.count(table)).isEqualTo(3);
    assertThat(runTables()).isZero();
  }

  @Test
  void replacingATableThatDoesNotExistCreatesIt() throws Exception {
    try (RedshiftSink sink = RedshiftSink.open(fx.config(table + "_{topic}"));
        ReplaceRun run = sink.replace("fresh")) {
      run.write(SinkFixture.records("fresh", 0, 0, 25));
      assertThat(run.commit().rowsAfter()).isEqualTo(25);
    }
    assertThat(fx.count(table + "_fresh")).isEqualTo(25);
  }

  @Test
  void recordsOfAnotherTableAreRefused() throws Exception {
    try (RedshiftSink sink = RedshiftSink.open(fx.config(table + "_{topic}"));
        ReplaceRun run = sink.replace("a")) {
      assertThatThrownBy(() -> run.write(SinkFixture.records("b", 0, 0, 1)))
          .hasMessageContaining("belongs to table");
    }
  }
}
