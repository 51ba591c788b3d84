package dev.redsink.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redsink.emulator.RedshiftEmulator;
import dev.redsink.emulator.fault.Fault;
import dev.redsink.emulator.fault.S3RequestKind;
import dev.redsink.emulator.fault.SqlFault;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The engine through every Redshift and S3 fault class, in-JVM against the emulator: each scenario
 * loads a whole stream, the runtime loop resuming from the ledger after failures, and must end with
 * every record once, the ledger at the end offsets and the bucket clean (or stop clearly).
 */
@ExtendWith(ScenarioWarehouseExtension.class)
class EngineFaultMatrixIT {

  /**
   * The load's own write into a scenario table (not the ledger's): the COPY straight into it for an
   * append, the INSERT from the staging table otherwise.
   */
  static final String TARGET_WRITE = "^(INSERT INTO|COPY) \"rel_";

  /** History scenarios load typed versions, slower than the payload appends: a smaller stream. */
  private static final int HISTORY_RECORDS =
      Math.max(Reliability.records() / 5, Math.min(8_000, Reliability.records()));

  private final ScenarioWarehouse warehouse;

  EngineFaultMatrixIT(ScenarioWarehouse warehouse) {
    this.warehouse = warehouse;
  }

  @Test
  void error1023OnEveryOtherTransaction() throws Exception {
    Scenario.named(warehouse, "1023 storm (every other transaction)")
        .faults(
            FaultPlan.every(
                "1023 on the target write of every other load",
                2,
                1,
                e -> arm(e, TARGET_WRITE, 1, SqlFault.serializableIsolationViolation())))
        .recovers();
  }

  /** History mode's one UPDATE closing versions, refused with 1023: nothing closes twice. */
  @Test
  void historyVersionsThrough1023OnTheClosingUpdate() throws Exception {
    Scenario.named(warehouse, "history: 1023 on the UPDATE closing versions", HISTORY_RECORDS)
        .history()
        .faults(
            FaultPlan.every(
                "1023 on the UPDATE closing versions of every other load",
                2,
                1,
                e -> arm(e, "^UPDATE \"rel_", 1, SqlFault.serializableIsolationViolation())))
        .recovers();
  }

  /** A history load whose COMMIT reply is lost is found in the ledger, not applied again. */
  @Test
  void historyVersionsThroughALostCommitReply() throws Exception {
    Scenario.named(warehouse, "history: COMMIT ran, reply lost", HISTORY_RECORDS)
        .history()
        .faults(
            FaultPlan.every(
                "drop after COMMIT ran",
                3,
                1,
                e -> arm(e, "^COMMIT", 1, SqlFault.dropBeforeReply())))
        .recovers();
  }

  /** The connection dropped after the versions' INSERT ran, before its reply. */
  @Test
  void historyVersionsThroughADropBeforeTheInsertsReply() throws Exception {
    Scenario.named(warehouse, "history: drop before the versions INSERT's reply", HISTORY_RECORDS)
        .history()
        .faults(
            FaultPlan.every(
                "drop after the INSERT of versions ran",
                3,
                1,
                e -> arm(e, "^INSERT INTO \"rel_", 1, SqlFault.dropBeforeReply())))
        .recovers();
  }

  @Test
  void adminShutdown57P01() throws Exception {
    Scenario.named(warehouse, "57P01 admin shutdown during COPY")
        .faults(
            FaultPlan.every(
                "57P01 on COPY", 3, 1, e -> arm(e, "^COPY", 1, SqlFault.adminShutdown())))
        .recovers();
  }

  @Test
  void connectionDroppedBeforeAStatement() throws Exception {
    Scenario.named(warehouse, "connection dropped before a statement (08006)")
        .faults(
            FaultPlan.every(
                "drop before LOCK of the ledger",
                3,
                1,
                e -> arm(e, "^LOCK \"_redsink_ledger_", 1, SqlFault.dropBeforeStatement())))
        .recovers();
  }

  @Test
  void connectionDroppedBeforeAStagingStatement() throws Exception {
    Scenario.named(warehouse, "staging path: connection dropped before a statement (08006)")
        .set("direct_copy", false)
        .faults(
            FaultPlan.every(
                "drop before CREATE TEMP TABLE",
                3,
                1,
                e -> arm(e, "^CREATE TEMP TABLE", 1, SqlFault.dropBeforeStatement())))
        .recovers();
  }

  @Test
  void connectionDroppedBeforeTheWritesReply() throws Exception {
    Scenario.named(warehouse, "connection dropped before the target write's reply")
        .faults(
            FaultPlan.every(
                "drop after the COPY into the target ran",
                3,
                1,
                e -> arm(e, TARGET_WRITE, 1, SqlFault.dropBeforeReply())))
        .recovers();
  }

  @Test
  void connectionDroppedMidCopy() throws Exception {
    Scenario.named(warehouse, "connection dropped mid-COPY")
        .faults(
            FaultPlan.every(
                "drop half-way through COPY",
                3,
                1,
                e -> arm(e, "^COPY", 1, SqlFault.dropMidCopy())))
        .recovers();
  }

  @Test
  void commitReplyLost() throws Exception {
    Scenario.named(warehouse, "COMMIT ran, reply lost")
        .faults(
            FaultPlan.every(
                "drop after COMMIT ran",
                3,
                1,
                e -> arm(e, "^COMMIT", 1, SqlFault.dropBeforeReply())))
        .recovers();
  }

  @Test
  void statementSlowerThanTheSocketTimeout() throws Exception {
    Scenario scenario = Scenario.named(warehouse, "COPY slower than socketTimeout=3 (08006)");
    scenario
        .set("connection_string", warehouse.jdbcUrl() + "&socketTimeout=3")
        .faults(
            FaultPlan.once(
                "COPY delayed 5 s",
                2,
                e -> arm(e, "^COPY", 1, SqlFault.delay(Duration.ofSeconds(5)))))
        .recovers();
  }

  @Test
  void nonTransientLoadErrorStopsWithoutRetrying() throws Exception {
    Scenario.Outcome outcome =
        Scenario.named(warehouse, "non-transient load error")
            .faults(
                FaultPlan.once(
                    "load error on COPY",
                    3,
                    e -> arm(e, "^COPY", 1, SqlFault.loadError("staging"))))
            .stopsWith("stl_load_errors");
    assertThat(outcome.run().retries()).as("engine retries").isZero();
    assertThat(outcome.run().restarts()).as("runtime restarts").isZero();
  }

  @Test
  void s3SlowDownBursts() throws Exception {
    Scenario.named(warehouse, "S3 503 SlowDown bursts on PUT")
        .faults(
            FaultPlan.every(
                "two 503s in a row", 2, 1, e -> arm(e, S3RequestKind.PUT, 2, Fault.slowDown())))
        .recovers();
  }

  @Test
  void s3InternalErrors() throws Exception {
    Scenario.named(warehouse, "S3 500 InternalError on PUT")
        .faults(
            FaultPlan.every(
                "a 500", 3, 1, e -> arm(e, S3RequestKind.PUT, 1, Fault.internalError())))
        .recovers();
  }

  @Test
  void s3ConnectionResets() throws Exception {
    Scenario.named(warehouse, "S3 connection reset on PUT")
        .faults(
            FaultPlan.every(
                "a TCP reset", 3, 1, e -> arm(e, S3RequestKind.PUT, 1, Fault.resetConnection())))
        .recovers();
  }

  @Test
  void s3AccessDeniedOnPutStops() throws Exception {
    Scenario.Outcome outcome =
        Scenario.named(warehouse, "S3 403 AccessDenied on PUT")
            .faults(
                FaultPlan.once("a 403", 3, e -> arm(e, S3RequestKind.PUT, 1, Fault.accessDenied())))
            .stopsWith("403");
    assertThat(outcome.run().restarts()).isZero();
  }

  @Test
  void slowS3Puts() throws Exception {
    Scenario.named(warehouse, "slow S3 PUTs (300 ms)")
        .faults(
            // One PUT per arming: the stream's last write may stage a single file.
            FaultPlan.every(
                "a PUT delayed",
                2,
                1,
                e -> arm(e, S3RequestKind.PUT, 1, Fault.delay(Duration.ofMillis(300)))))
        .recovers();
  }

  @Test
  void deleteFailuresOnlyLeaveDocumentedOrphans() throws Exception {
    AtomicInteger denied = new AtomicInteger();
    Scenario scenario = Scenario.named(warehouse, "S3 DELETE failures (cleanup)");
    Scenario.Outcome outcome =
        scenario
            .orphans(Integer.MAX_VALUE)
            .faults(
                FaultPlan.every(
                    "a 500 (retried) and a 403 (an orphan) on DELETE",
                    3,
                    1,
                    e -> {
                      denied.incrementAndGet();
                      return arm(e, S3RequestKind.DELETE, 1, Fault.internalError())
                          + arm(e, S3RequestKind.DELETE, 1, Fault.accessDenied());
                    }))
            .recovers();
    assertThat(outcome.verdict().leftObjects())
        .as("orphans = the DELETEs refused with 403")
        .hasSize(denied.get());
  }

  @Test
  void everyConnectionDroppedMidStream() throws Exception {
    AtomicInteger drops = new AtomicInteger();
    List<Thread> outages = new ArrayList<>();
    Scenario.named(warehouse, "all connections dropped mid-stream (outage)")
        .faults(
            FaultPlan.every(
                "target write held 500 ms while every connection is dropped",
                4,
                1,
                e ->
                    armWithHeldWrite(
                        e,
                        "connection-outage",
                        outages,
                        () -> {
                          e.dropAllConnections();
                          drops.incrementAndGet();
                        })))
        .recovers();
    assertThat(drops.get()).as("outages").isPositive();
  }

  @Test
  void s3PutsSlowerThanTheClientsAttemptTimeout() throws Exception {
    // The client gives up on a PUT after 1 s here (s3_timeout, 2 min by default); the front holds
    // it 3 s.
    Scenario.Outcome outcome =
        Scenario.named(warehouse, "S3 PUT held 3 s, past the client's 1 s attempt timeout")
            .set("s3_timeout", "1s")
            .orphans(Integer.MAX_VALUE)
            .faults(
                FaultPlan.every(
                    "one PUT held 3 s",
                    3,
                    1,
                    e -> arm(e, S3RequestKind.PUT, 1, Fault.delay(Duration.ofSeconds(3)))))
            .recovers();
    assertThat(outcome.run().restarts()).as("retried inside the upload").isZero();
    assertThat(outcome.verdict().leftObjects())
        .as("objects left: abandoned PUTs the front forwarded after the client gave up")
        .hasSizeLessThanOrEqualTo(outcome.faultsFired());
    System.out.println("S3 attempt timeout scenario left " + outcome.verdict().leftObjects());
  }

  @Test
  void databaseRestartedMidStream() throws Exception {
    List<Thread> restarts = new ArrayList<>();
    Scenario.named(warehouse, "database restarted mid-stream (PostgreSQL stopped and started)")
        .faults(
            FaultPlan.every(
                "target write held 500 ms while the database restarts",
                4,
                1,
                e -> armWithHeldWrite(e, "database-restart", restarts, e::restartDatabase)))
        .recovers();
    for (Thread t : restarts) {
      t.join(60_000);
    }
    assertThat(restarts).as("restarts").isNotEmpty();
  }

  static int arm(RedshiftEmulator e, String regex, int count, SqlFault fault) {
    e.sqlFaults().failNext(regex, count, fault);
    return count;
  }

  static int arm(RedshiftEmulator e, S3RequestKind kind, int count, Fault fault) {
    e.s3Faults().failNext(kind, count, fault);
    return count;
  }

  /**
   * Holds the next target write 500 ms and, 100 ms after it is held, runs {@code event} on a daemon
   * thread (added to {@code threads}), so the event meets a load in flight.
   */
  private static int armWithHeldWrite(
      RedshiftEmulator e, String threadName, List<Thread> threads, Runnable event) {
    int before = e.sqlFaults().fired();
    int armed = arm(e, TARGET_WRITE, 1, SqlFault.delay(Duration.ofMillis(500)));
    Thread thread =
        new Thread(
            () -> {
              long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
              while (e.sqlFaults().fired() == before && System.nanoTime() < deadline) {
                Thread.onSpinWait();
              }
              sleepQuietly(100);
              event.run();
            },
            threadName);
    thread.setDaemon(true);
    thread.start();
    threads.add(thread);
    return armed;
  }

  private static void sleepQuietly(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
