package dev.redsink.reliability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.redsink.core.record.TopicPartition;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Map;
import java.util.function.LongPredicate;
import org.apache.kafka.connect.runtime.rest.entities.ConnectorStateInfo;
import org.apache.kafka.connect.runtime.rest.errors.ConnectRestException;

/**
 * One fault scenario through the Kafka Connect plugin: a generated stream produced to its own
 * topic, loaded by its own connector into its own table, then checked as {@link Scenario} checks
 * the engine (every record once, the ledger at the end offsets, the bucket clean) and, in addition,
 * the connector's consumer group committed the end offsets in Kafka.
 */
final class ConnectScenario {

  private static final Duration LOAD_TIMEOUT = Duration.ofMinutes(4);

  private final ConnectCluster cluster;
  private final ScenarioWarehouse warehouse;
  private final String name;
  private final String table;
  private final SourceStream stream;
  private final Map<String, String> config;
  private final ScenarioCheck check;
  private int tasks;
  private long produced;

  private ConnectScenario(
      ConnectCluster cluster, ScenarioWarehouse warehouse, String name, int records) {
    this.cluster = cluster;
    this.warehouse = warehouse;
    this.name = name;
    this.table = ScenarioWarehouse.uniqueTable("rel");
    this.stream = SourceStream.of("rel." + table, records);
    this.check = new ScenarioCheck(warehouse, name, table, stream);
    this.tasks = 1;
    this.config = ConnectCluster.connectorConfig(warehouse.config(table), stream.topic(), tasks);
    // About 20 loads per task-less stream whatever its size; leftovers flush after 0.5 s.
    config.put("flush.max.records", Long.toString(Math.max(250, stream.total() / 20)));
    config.put("flush.interval.ms", "500");
  }

  /**
   * Records per Connect scenario: {@code -Dreliability.connect.records}, by default a tenth of the
   * module's size ({@code reliability.records}) and at least 10,000, so 10,000 in the test command
   * (enough loads for every scenario's fault episodes); the full run sets it to 1,000,000.
   */
  static int records() {
    return Integer.getInteger(
        "reliability.connect.records", Math.max(10_000, Reliability.records() / 10));
  }

  static ConnectScenario named(ConnectCluster cluster, ScenarioWarehouse warehouse, String name) {
    return new ConnectScenario(cluster, warehouse, name, records());
  }

  static ConnectScenario named(
      ConnectCluster cluster, ScenarioWarehouse warehouse, String name, int records) {
    return new ConnectScenario(cluster, warehouse, name, records);
  }

  ConnectScenario tasks(int count) {
    this.tasks = count;
    config.put("tasks.max", Integer.toString(count));
    return this;
  }

  /** Sets a connector key (dotted name). */
  ConnectScenario set(String key, String value) {
    config.put(key, value);
    return this;
  }

  String name() {
    return name;
  }

  String table() {
    return table;
  }

  /** The connector's name: the table's. */
  String connector() {
    return table;
  }

  SourceStream stream() {
    return stream;
  }

  Map<String, String> config() {
    return config;
  }

  /** Produces the whole stream, then starts the connector and waits for its tasks to run. */
  void start() throws InterruptedException {
    startWith(1.0);
  }

  /**
   * Produces the first {@code share} of every partition, then starts the connector and waits for
   * its tasks to run; {@link #produce} adds the rest.
   */
  void startWith(double share) throws InterruptedException {
    warehouse.resetFaults();
    cluster.createTopic(stream);
    produced = 0;
    produce(share);
    whenTheGroupAnswers(() -> cluster.connect().configureConnector(connector(), config));
    cluster
        .connect()
        .assertions()
        .assertConnectorAndExactlyNumTasksAreRunning(connector(), tasks, name + ": not started");
  }

  /** Produces the stream up to {@code share} of every partition (from where it stopped). */
  void produce(double share) {
    long to = Math.min(stream.perPartition(), Math.round(stream.perPartition() * share));
    cluster.produce(stream, produced, to);
    produced = Math.max(produced, to);
  }

  /** Applies the current configuration to the running connector (say a new tasks.max). */
  void reconfigure() {
    cluster.connect().configureConnector(connector(), config);
  }

  /** The sum of the ledger's next offsets for the table (0 before the first load). */
  long ledgerTotal() {
    try {
      return warehouse.ledger(table).values().stream().mapToLong(Long::longValue).sum();
    } catch (SQLException e) {
      return 0;
    }
  }

  /** Waits until the ledger's total satisfies the condition; fails at once if a task failed. */
  void awaitLedger(String what, LongPredicate condition) {
    await(name + ": " + what)
        .atMost(LOAD_TIMEOUT)
        .pollInterval(Duration.ofMillis(100))
        .until(
            () -> {
              assertNoTaskFailed();
              return condition.test(ledgerTotal());
            });
  }

  /** Waits until the ledger holds the stream's end offsets. */
  void awaitLoaded() {
    Map<TopicPartition, Long> end = stream.endOffsets();
    await(name + ": ledger at the end offsets")
        .atMost(LOAD_TIMEOUT)
        .pollInterval(Duration.ofMillis(200))
        .until(
            () -> {
              assertNoTaskFailed();
              return end.equals(warehouse.ledger(table));
            });
  }

  /** Waits until some task has failed and returns its REST status. */
  ConnectorStateInfo.TaskState awaitFailedTask() {
    return await(name + ": a task failed")
        .atMost(LOAD_TIMEOUT)
        .pollInterval(Duration.ofMillis(100))
        .until(
            () ->
                cluster.connect().connectorStatus(connector()).tasks().stream()
                    .filter(t -> "FAILED".equals(t.state()))
                    .findFirst()
                    .orElse(null),
            t -> t != null);
  }

  /**
   * Restarts a task and waits until the REST API reports it running: the status of a restarted task
   * reaches the status topic after the restart request returns, so the old FAILED state can still
   * be read for a moment.
   */
  void restartTask(int id) {
    cluster.connect().restartTask(connector(), id);
    await(name + ": task " + id + " running after its restart")
        .atMost(LOAD_TIMEOUT)
        .pollInterval(Duration.ofMillis(100))
        .until(
            () ->
                cluster.connect().connectorStatus(connector()).tasks().stream()
                    .anyMatch(t -> t.id() == id && "RUNNING".equals(t.state())));
  }

  private void assertNoTaskFailed() {
    for (ConnectorStateInfo.TaskState t : cluster.connect().connectorStatus(connector()).tasks()) {
      assertThat(t.state())
          .as("%s: task %d (trace: %s)", name, t.id(), t.trace())
          .isNotEqualTo("FAILED");
    }
  }

  /**
   * Every record once, the ledger at the end offsets, at most {@code allowedOrphans} staged objects
   * left, and the consumer group's committed offsets at the end offsets too.
   */
  ExactlyOnceCheck.Verdict assertExactlyOnce(int allowedOrphans) throws SQLException {
    ExactlyOnceCheck.Verdict v = check.assertComplete(allowedOrphans);
    Map<TopicPartition, Long> end = stream.endOffsets();
    await(name + ": committed offsets of connect-" + connector() + " at the end offsets")
        .atMost(Duration.ofSeconds(30))
        .pollInterval(Duration.ofMillis(250))
        .until(() -> cluster.committedOffsets(connector(), stream.topic()), end::equals);
    return v;
  }

  /** A stopped connector left things clean: what committed is once, no staged object is left. */
  ExactlyOnceCheck.Verdict assertCleanStop() throws SQLException {
    return check.assertCleanStop();
  }

  /** Exactly as many faults fired as were armed, none left pending; returns how many. */
  int assertEveryFaultFired(int armed) {
    return check.assertEveryFaultFired(armed);
  }

  /**
   * Ends a scenario whose stream is in: checks it is there exactly once ({@link
   * #assertExactlyOnce}, no orphan), records the figures row and deletes the connector.
   */
  ExactlyOnceCheck.Verdict finish(int faultsFired, long recoveryMillis, String outcome)
      throws SQLException {
    ExactlyOnceCheck.Verdict v = assertExactlyOnce(0);
    check.record(faultsFired, v, recoveryMillis, outcome);
    delete();
    return v;
  }

  /**
   * Runs the stream through the connector while {@code times} fault episodes are armed into its
   * loads; every record must land once without the task failing.
   */
  ExactlyOnceCheck.Verdict recovers(int times, FaultPlan.Arming arming)
      throws SQLException, InterruptedException {
    RollingFaults faults;
    // Watching before the connector starts: with two tasks, the first one up can load most of the
    // stream before the second is running, and faults are armed only below 70% of it.
    try (RollingFaults f = RollingFaults.start(warehouse, table, stream.total(), times, arming)) {
      faults = f;
      start();
      awaitLoaded();
    }
    assertThat(faults.episodes()).as("%s: fault episodes armed", name).isEqualTo(times);
    int fired = assertEveryFaultFired(faults.armed());
    return finish(
        fired,
        faults.longestRecoveryMillis(),
        "recovered, task never failed (" + tasks + (tasks == 1 ? " task)" : " tasks)"));
  }

  void delete() {
    whenTheGroupAnswers(
        () -> {
          try {
            cluster.connect().deleteConnector(connector());
          } catch (ConnectRestException e) {
            if (e.statusCode() != 404) { // 404: an earlier try deleted it
              throw e;
            }
          }
        });
    warehouse.resetFaults();
  }

  /**
   * Runs a REST call, again while it fails: after a worker that led the group stopped, the others
   * forward requests to it ("Connection refused") until the group has rebalanced.
   */
  private static void whenTheGroupAnswers(Runnable call) {
    await()
        .atMost(Duration.ofMinutes(2))
        .pollInterval(Duration.ofSeconds(1))
        .ignoreException(ConnectRestException.class)
        .until(
            () -> {
              call.run();
              return true;
            });
  }
}
