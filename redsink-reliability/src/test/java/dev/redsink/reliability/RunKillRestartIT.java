package dev.redsink.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redsink.emulator.fault.Fault;
import dev.redsink.emulator.fault.S3RequestKind;
import dev.redsink.emulator.fault.SqlFault;
import dev.redsink.emulator.kafka.EmbeddedKafka;
import dev.redsink.testkit.JvmProcess;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code redsink run} as a user runs it: a child JVM consuming an in-process Kafka broker into the
 * emulator, SIGKILLed while a COPY is in flight and right after a COMMIT (during cleanup), or
 * stopped with SIGTERM mid-load; restarted, it must resume from the ledger and end with every
 * record once. Smaller streams than the engine scenarios (each run starts two JVMs and joins a
 * consumer group): a fifth of the scenario size, at least 20,000 records.
 */
@ExtendWith(ScenarioWarehouseExtension.class)
class RunKillRestartIT {

  private static final Duration HOLD = Duration.ofSeconds(4);
  private static final Duration STARTED = Duration.ofMinutes(2);
  private static final Duration FINISHED = Duration.ofMinutes(5);
  private static final int BATCH = 2_000;

  private static EmbeddedKafka kafka;

  private final ScenarioWarehouse warehouse;
  private final List<JvmProcess> started = new ArrayList<>();

  RunKillRestartIT(ScenarioWarehouse warehouse) {
    this.warehouse = warehouse;
  }

  @BeforeAll
  static void startKafka() {
    kafka = EmbeddedKafka.start();
  }

  @AfterAll
  static void stopKafka() {
    kafka.close();
  }

  @AfterEach
  void tearDown() {
    started.forEach(JvmProcess::close);
  }

  /**
   * Records per {@code redsink run} scenario: {@code -Dreliability.run.records}, by default a fifth
   * of {@code reliability.records} (at least 20,000); the full run sets it to 1,000,000.
   */
  static int records() {
    return Integer.getInteger(
        "reliability.run.records", Math.max(20_000, Reliability.records() / 5));
  }

  @Test
  void killedWhileACopyIsInFlight() throws Exception {
    killAndRestart(
        "redsink run: SIGKILL while a COPY is in flight",
        e -> EngineFaultMatrixIT.arm(e, "^COPY", 1, SqlFault.delay(HOLD)));
  }

  @Test
  void killedRightAfterACommit() throws Exception {
    killAndRestart(
        "redsink run: SIGKILL right after a COMMIT (its S3 cleanup held)",
        e -> EngineFaultMatrixIT.arm(e, S3RequestKind.DELETE, 1, Fault.delay(HOLD)));
  }

  @Test
  void sigtermFinishesTheInFlightLoadAndARestartResumes() throws Exception {
    Run run = new Run("redsink run: SIGTERM while a COPY is in flight, restarted");
    int httpPort = freePort();
    JvmProcess first = run.start("first", "--http-port", Integer.toString(httpPort));
    first.await("a first committed load", run::loadedSome, STARTED);
    String metrics = get(httpPort, "/metrics");
    int armed = EngineFaultMatrixIT.arm(warehouse.emulator(), "^COPY", 1, SqlFault.delay(HOLD));
    first.await("a COPY to be held", () -> warehouse.faultsFired() >= armed, STARTED);
    assertThat(first.terminate(FINISHED)).as("exit status after SIGTERM").isZero();
    assertThat(first.stdout())
        .contains("Stopping after the in-flight load")
        .contains("Stopped cleanly.");
    ExactlyOnceCheck.Verdict atStop = run.check.assertCleanStop();
    assertThat(atStop.rows()).as("rows at the stop").isLessThan(run.stream.total());

    JvmProcess second = run.start("second");
    second.await("the whole stream", run::complete, FINISHED);
    assertThat(second.terminate(FINISHED)).isZero();

    int fired = run.check.assertEveryFaultFired(armed);
    ExactlyOnceCheck.Verdict v = run.check.assertComplete(0);
    assertThat(metrics)
        .contains("redsink_records_loaded_total{connector=\"" + run.key + "\"}")
        .contains("redsink_up{connector=\"" + run.key + "\"} 1");
    assertNoSecret("/metrics", metrics);
    assertNoSecret("first run's output", first.output());
    assertNoSecret("second run's output", second.output());
    run.check.record(
        fired,
        v,
        -1,
        "in-flight load finished, exit 0 at "
            + atStop.rows()
            + " rows; restart completed; no secret in /metrics or output");
  }

  /**
   * Two members of one connector under Kafka's consumer group protocol (KIP-848, incremental by
   * design): each COPY takes a while, a second process joins while the first loads, so partitions
   * move with records buffered; then the first stops with SIGTERM while a COPY is held and the
   * second loads to the end. Every record lands once.
   */
  @Test
  void aMemberJoinsAndTheFirstStopsMidCopyUnderTheConsumerGroupProtocol() throws Exception {
    Run run =
        new Run(
            "redsink run, group.protocol=consumer: a member joins mid-load, the first stops"
                + " mid-COPY");
    int slowed =
        EngineFaultMatrixIT.arm(
            warehouse.emulator(), "^COPY", 1_000, SqlFault.delay(Duration.ofMillis(400)));
    JvmProcess first = run.startMember("first");
    first.await("a first committed load", run::loadedSome, STARTED);
    JvmProcess second = run.startMember("second");
    long before = warehouse.faultsFired();
    second.await(
        "the second member's first load", () -> warehouse.faultsFired() >= before + 2, STARTED);
    assertThat(first.terminate(FINISHED)).as("the first member's exit after SIGTERM").isZero();
    assertThat(first.stdout()).contains("Stopped cleanly.");
    second.await("the whole stream", run::complete, FINISHED);
    assertThat(second.terminate(FINISHED)).isZero();

    int fired = warehouse.faultsFired();
    assertThat(fired).as("slowed COPYs").isPositive().isLessThan(slowed);
    warehouse.resetFaults();
    ExactlyOnceCheck.Verdict v = run.check.assertComplete(0);
    run.check.record(
        fired,
        v,
        -1,
        "two members (group.protocol=consumer), partitions moved with records buffered, the"
            + " first stopped by SIGTERM; all loaded once");
  }

  private void killAndRestart(String name, FaultPlan.Arming arming) throws Exception {
    Run run = new Run(name);
    JvmProcess first = run.start("first");
    first.await("a first committed load", run::loadedSome, STARTED);
    Kill kill = Kill.atFault(first, warehouse, arming, run.check, STARTED);
    assertThat(first.stdout()).doesNotContain("Stopped cleanly.");
    ExactlyOnceCheck.assertConsistent(warehouse, run.table, kill.atKill());

    JvmProcess second = run.start("second");
    second.await(
        "the first load after the restart", () -> rows(run.table) > kill.atKill().rows(), FINISHED);
    long recovered = kill.millisSince();
    second.await("the whole stream", run::complete, FINISHED);
    assertThat(second.terminate(FINISHED)).as("exit status after SIGTERM").isZero();
    assertThat(second.stdout()).contains("Stopped cleanly.");

    int fired = run.check.assertEveryFaultFired(kill.armed());
    ExactlyOnceCheck.Verdict v = run.check.assertComplete(Integer.MAX_VALUE);
    long manifests = v.leftObjects().stream().filter(k -> k.endsWith(".manifest")).count();
    assertThat(manifests == 1 || v.leftObjects().size() <= 1)
        .as("orphans are the killed load's files (one manifest, or one file): %s", v.leftObjects())
        .isTrue();
    assertNoSecret("first run's output", first.output());
    assertNoSecret("second run's output", second.output());
    run.check.record(fired, v, recovered, kill.outcome(v));
  }

  /** One scenario's topic (produced in full up front), table, connector file and checks. */
  private final class Run {
    final String table = ScenarioWarehouse.uniqueTable("rel");
    final String key = table;
    final SourceStream stream = SourceStream.of("run." + table, records());
    final Path dir = Path.of("target", "children", table).toAbsolutePath();
    final Path connector;
    final ScenarioCheck check;

    Run(String name) throws IOException {
      check = new ScenarioCheck(warehouse, name, table, stream);
      kafka.createTopics(List.of(stream.topic()), stream.partitions());
      StreamProducer.produce(
          stream, 0, stream.perPartition(), StreamProducer.to(kafka.bootstrapServers()));
      connector =
          warehouse.connectorFile(
              dir, key, stream.topic(), table, BATCH, warehouse.connectionString());
    }

    JvmProcess start(String name, String... more) throws IOException {
      List<String> args = new ArrayList<>();
      args.addAll(
          List.of(
              "run",
              connector.toString(),
              "--bootstrap-servers",
              kafka.bootstrapServers(),
              // A killed member leaves the group after this, not the default 45 s.
              "--kafka-property",
              "session.timeout.ms=6000",
              "--kafka-property",
              "heartbeat.interval.ms=1000"));
      args.addAll(List.of(more));
      JvmProcess c = Children.redsink(dir, name, Map.of(), args.toArray(String[]::new));
      started.add(c);
      return c;
    }

    /** A member under the consumer group protocol: its timeouts are the broker's to set. */
    JvmProcess startMember(String name) throws IOException {
      JvmProcess c =
          Children.redsink(
              dir,
              name,
              Map.of(),
              "run",
              connector.toString(),
              "--bootstrap-servers",
              kafka.bootstrapServers(),
              "--kafka-property",
              "group.protocol=consumer");
      started.add(c);
      return c;
    }

    boolean loadedSome() {
      return rows(table) > 0;
    }

    boolean complete() {
      try {
        return warehouse.tableExists(table) && warehouse.ledger(table).equals(stream.endOffsets());
      } catch (SQLException e) {
        return false;
      }
    }
  }

  private long rows(String table) {
    try {
      return warehouse.tableExists(table) ? warehouse.count(table) : 0;
    } catch (SQLException e) {
      return 0;
    }
  }

  private void assertNoSecret(String what, String text) {
    assertThat(text)
        .as(what)
        .doesNotContain(warehouse.emulator().password())
        .doesNotContain(warehouse.emulator().s3().secretAccessKey());
  }

  static String get(int port, String path) throws Exception {
    return HttpClient.newHttpClient()
        .send(
            HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).build(),
            HttpResponse.BodyHandlers.ofString())
        .body();
  }

  static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }
}
