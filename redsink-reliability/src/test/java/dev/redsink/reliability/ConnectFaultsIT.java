package dev.redsink.reliability;

import static dev.redsink.reliability.EngineFaultMatrixIT.arm;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.redsink.emulator.RedshiftEmulator;
import dev.redsink.emulator.RedshiftEmulatorExtension;
import dev.redsink.emulator.fault.Fault;
import dev.redsink.emulator.fault.S3RequestKind;
import dev.redsink.emulator.fault.SqlFault;
import java.time.Duration;
import java.util.Map;
import org.apache.kafka.connect.runtime.rest.entities.ConnectorStateInfo;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The Kafka Connect plugin through faults, in a real Connect cluster (a KRaft broker and two
 * workers, in-process): rebalances while loads are in flight, a stale task that keeps writing after
 * its partitions moved, engine faults under Connect, and a non-transient error that must fail the
 * task with a clear trace in the REST API and then complete after a restart. Each scenario loads
 * {@link ConnectScenario#records()} records.
 */
@ExtendWith(RedshiftEmulatorExtension.class)
class ConnectFaultsIT {

  private static ConnectCluster cluster;
  private static ScenarioWarehouse warehouse;

  @BeforeAll
  static void start(RedshiftEmulator emulator) {
    warehouse = new ScenarioWarehouse(emulator);
    warehouse.resetFaults();
    cluster = ConnectCluster.start(2, Map.of());
  }

  @AfterAll
  static void stop() {
    if (cluster != null) {
      cluster.close();
    }
  }

  @AfterEach
  void tearDown() {
    warehouse.resetFaults();
  }

  /**
   * tasks.max raised from 1 to 2, a worker added, then the worker of task 0 stopped, each while a
   * COPY is held in flight: every partition changes hands mid-load at least once.
   */
  @Test
  void rebalancesWhileLoadsAreInFlight() throws Exception {
    rebalancesWhileLoadsAreInFlight(
        ConnectScenario.named(cluster, warehouse, "Connect rebalances while a COPY is in flight"),
        "");
  }

  /**
   * The same rebalances under incremental cooperative rebalancing: a task keeps the partitions it
   * is not asked to give up and loads on while the others move (Connect closes only the revoked
   * ones), so no position of a kept partition may pass what was lost with a revoked one.
   */
  @Test
  void cooperativeRebalancesWhileLoadsAreInFlight() throws Exception {
    rebalancesWhileLoadsAreInFlight(
        ConnectScenario.named(
                cluster,
                warehouse,
                "Connect cooperative rebalances (CooperativeStickyAssignor) while a COPY is in"
                    + " flight")
            .set(
                "consumer.override.partition.assignment.strategy",
                "org.apache.kafka.clients.consumer.CooperativeStickyAssignor"),
        " (cooperative)");
  }

  private void rebalancesWhileLoadsAreInFlight(ConnectScenario s, String how) throws Exception {
    String copy = "^COPY .*reliability/" + s.table() + "/";
    int armed = 0;
    s.startWith(0.25);
    s.awaitLedger("a first load", total -> total > 0);

    armed += arm(warehouse.emulator(), copy, 1, SqlFault.delay(Duration.ofMillis(1_500)));
    s.produce(0.5);
    awaitAllFired(s);
    s.tasks(2).reconfigure();
    cluster
        .connect()
        .assertions()
        .assertConnectorAndExactlyNumTasksAreRunning(s.connector(), 2, "tasks.max=2 not applied");

    armed += arm(warehouse.emulator(), copy, 1, SqlFault.delay(Duration.ofMillis(1_500)));
    s.produce(0.75);
    awaitAllFired(s);
    cluster.connect().addWorker();

    armed += arm(warehouse.emulator(), copy, 1, SqlFault.delay(Duration.ofMillis(3_000)));
    s.produce(1.0);
    awaitAllFired(s);
    // Stopped with its COPY held past task.shutdown.graceful.timeout.ms: the task is abandoned
    // mid-load and its partitions go to the other tasks.
    cluster.connect().removeWorker(cluster.hostOf(s.connector(), 0));

    s.awaitLoaded();
    int fired = s.assertEveryFaultFired(armed);
    s.finish(
        fired,
        -1,
        "tasks.max 1→2, a worker added, the worker of task 0 stopped mid-COPY"
            + how
            + "; all loaded once");
  }

  /**
   * A task whose load is held longer than max.poll.interval.ms loses its partitions to the other
   * task, which loads them from the ledger to the end; then the held load resumes (a stale writer)
   * and must change nothing.
   */
  @Test
  void aStaleTaskKeepsWritingAfterItsPartitionsMoved() throws Exception {
    // Long enough for the other task to load the rest first: 15 s for 10,000 records, 25 s for
    // 100,000, 90 s for a million.
    Duration hold =
        Duration.ofSeconds(Math.min(90, Math.max(15, ConnectScenario.records() / 4_000)));
    ConnectScenario s =
        ConnectScenario.named(cluster, warehouse, "Connect stale task after its partitions moved")
            .tasks(2)
            .set("consumer.override.max.poll.interval.ms", "5000");
    s.startWith(0.6);
    s.awaitLedger("a first load", total -> total > 0);

    // Armed before more records arrive: the first 60% may all be loaded by now, and the held load
    // must be one that starts after the fault is armed.
    int armed = arm(warehouse.emulator(), "^LOCK .*_redsink_ledger_", 1, SqlFault.delay(hold));
    s.produce(0.7);
    awaitAllFired(s);
    long stalledAt = System.nanoTime();
    s.produce(1.0);
    s.awaitLoaded();
    ExactlyOnceCheck.Verdict beforeStale =
        ExactlyOnceCheck.inspect(warehouse, s.table(), s.stream());
    long takeoverMillis = (System.nanoTime() - stalledAt) / 1_000_000;

    // The stale load resumes once its hold ends, after the takeover completed: wait that out,
    // and a little more for its transaction to finish.
    long heldFor = (System.nanoTime() - stalledAt) / 1_000_000;
    Thread.sleep(Math.max(0, hold.toMillis() - heldFor) + 3_000);
    ExactlyOnceCheck.Verdict afterStale =
        ExactlyOnceCheck.inspect(warehouse, s.table(), s.stream());
    assertThat(afterStale.rows()).as("rows after the stale load").isEqualTo(beforeStale.rows());
    assertThat(afterStale.ledger())
        .as("ledger after the stale load")
        .isEqualTo(beforeStale.ledger());

    int fired = s.assertEveryFaultFired(armed);
    s.awaitLedger("still complete", total -> total == s.stream().total());
    s.finish(
        fired,
        -1,
        "load held "
            + hold.toSeconds()
            + " s > max.poll.interval.ms 5 s; the other task loaded to the end in "
            + String.format("%,d", takeoverMillis)
            + " ms, then the stale load changed nothing");
  }

  @Test
  void error1023StormThroughConnect() throws Exception {
    String insert = EngineFaultMatrixIT.TARGET_WRITE;
    ConnectScenario.named(cluster, warehouse, "Connect: 1023 storm (every other load)")
        .tasks(2)
        .recovers(5, e -> arm(e, insert, 1, SqlFault.serializableIsolationViolation()));
  }

  @Test
  void connectionDroppedMidCopyThroughConnect() throws Exception {
    ConnectScenario.named(cluster, warehouse, "Connect: connection dropped mid-COPY")
        .tasks(2)
        .recovers(4, e -> arm(e, "^COPY", 1, SqlFault.dropMidCopy()));
  }

  @Test
  void s3SlowDownBurstsThroughConnect() throws Exception {
    ConnectScenario.named(cluster, warehouse, "Connect: S3 503 SlowDown bursts on PUT")
        .recovers(4, e -> arm(e, S3RequestKind.PUT, 2, Fault.slowDown()));
  }

  /**
   * A load error fails the task with the engine's message in its REST status trace; what committed
   * is exactly once, and after a task restart everything lands once.
   */
  @Test
  void aNonTransientLoadErrorFailsTheTaskClearlyThenARestartCompletes() throws Exception {
    ConnectScenario s =
        ConnectScenario.named(cluster, warehouse, "Connect: non-transient load error");
    s.start();
    int armed;
    ConnectorStateInfo.TaskState failed;
    try (RollingFaults faults =
        RollingFaults.start(
            warehouse,
            s.table(),
            s.stream().total(),
            1,
            e -> arm(e, "^COPY", 1, SqlFault.loadError("staging")))) {
      failed = s.awaitFailedTask();
      armed = faults.armed();
    }
    int fired = s.assertEveryFaultFired(armed);
    assertThat(failed.trace())
        .as("the failed task's trace")
        .contains("Cannot run COPY into")
        .contains(s.table())
        .contains("stl_load_errors");
    ConnectCluster.RestReply status = cluster.get("connectors/" + s.connector() + "/status");
    assertThat(status.status()).isEqualTo(200);
    assertThat(status.body()).contains("FAILED").contains("stl_load_errors");
    ExactlyOnceCheck.Verdict atStop = s.assertCleanStop();
    assertThat(atStop.rows()).as("rows loaded before the error").isPositive();

    warehouse.resetFaults();
    s.restartTask(failed.id());
    s.awaitLoaded();
    String first = failed.trace().lines().filter(l -> l.contains("Cannot ")).findFirst().orElse("");
    s.finish(
        fired,
        -1,
        "task FAILED, REST trace \""
            + Figures.abbreviate(first.substring(first.indexOf("Cannot ")))
            + "\"; task restart completed");
  }

  /** Waits until every armed fault has fired (a load is in flight or met its fault). */
  private static void awaitAllFired(ConnectScenario s) {
    await(s.name() + ": armed fault fired")
        .atMost(Duration.ofMinutes(1))
        .pollInterval(Duration.ofMillis(20))
        .until(() -> warehouse.faultsPending() == 0);
  }
}
