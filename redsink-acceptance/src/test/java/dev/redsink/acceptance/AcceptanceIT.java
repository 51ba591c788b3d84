package dev.redsink.acceptance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redsink.emulator.RedshiftEmulator;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.Stream;
import org.apache.kafka.connect.util.clusters.EmbeddedConnectCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * The acceptance matrix (see {@link Matrix} and docs/acceptance.md): every selected cell is taken
 * through its runtime — Kafka Connect, {@code redsink run}, {@code redsink load [--replace]} — by a
 * background thread per runtime, sharing one emulator, one Kafka broker and one Connect worker;
 * each cell's test then compares its table with the one its input implies.
 *
 * <p>{@code -Dacceptance.matrix=full} (profile {@code acceptance-full}) runs every cell, {@code
 * -Dacceptance.cells=<regex>} some, {@code -Dacceptance.seed=<n>} replays a run's inputs.
 */
// Only failsafe passes the suite its settings (acceptance.work and the matrix the profile picks):
// a -Dtest pattern that also matches this class (e.g. -Dtest='**/acceptance/**', to keep the
// upstream modules' tests out of a -am build) would otherwise run it a second time under surefire,
// always with the reduced matrix.
@EnabledIfSystemProperty(
    named = "acceptance.work",
    matches = ".+",
    disabledReason = "runs under failsafe (mvn verify), which passes the suite its settings")
class AcceptanceIT {
  private static final long CELL_MINUTES = 120;

  private static RedshiftEmulator emulator;
  private static EmbeddedConnectCluster connect;
  private static WorkerProcess connect37;
  private static Broker broker;
  private static ExecutorService runtimes;

  @TestFactory
  Stream<DynamicNode> matrix() throws Exception {
    String seedProperty = System.getProperty("acceptance.seed", "");
    long runSeed =
        seedProperty.isBlank()
            ? new SecureRandom().nextLong()
            : Long.parseLong(seedProperty.trim());
    List<Cell> cells =
        Matrix.select(
            System.getProperty("acceptance.matrix", "reduced"),
            System.getProperty("acceptance.cells", ""));
    System.out.printf(
        "Acceptance matrix: %d cells, run seed %d (-Dacceptance.seed=%d replays these inputs)%n",
        cells.size(), runSeed, runSeed);

    Suite.clearWork();
    emulator = Suite.startEmulator();
    // A bucket policy that denies unencrypted uploads: every runtime must send s3_sse's header.
    emulator.s3().policy().requireEncryption(true);
    CellWarehouse warehouse = new CellWarehouse(emulator);
    Map<RuntimeKind, List<CellRun>> byRuntime = new EnumMap<>(RuntimeKind.class);
    for (Cell cell : cells) {
      CellRun run = new CellRun(cell, runSeed, warehouse, Suite.work());
      if (cell.state() == TableState.DBA_TABLE) {
        warehouse.execute(DbaTable.ddl(cell));
      }
      warehouse.execute(LeastPrivilege.grants(cell, run.config()).toArray(String[]::new));
      byRuntime.computeIfAbsent(cell.runtime(), r -> new ArrayList<>()).add(run);
    }

    List<DynamicNode> nodes = new ArrayList<>();
    runtimes = Executors.newFixedThreadPool(4);
    if (byRuntime.keySet().stream().anyMatch(RuntimeKind::fromKafka)) {
      Map<String, String> worker = new HashMap<>();
      worker.put("plugin.path", Suite.pluginPath().toString());
      worker.put("plugin.discovery", "service_load");
      worker.put("offset.flush.interval.ms", "500");
      connect =
          new EmbeddedConnectCluster.Builder()
              .name("redsink-acceptance")
              .numWorkers(1)
              .numBrokers(1)
              .workerProps(worker)
              .build();
      connect.start();
      broker = new Broker(connect.kafka().bootstrapServers());
      nodes.add(
          DynamicTest.dynamicTest(
              "the worker loads the plugin from plugin.path, not from its class path",
              AcceptanceIT::pluginIsIsolated));
      List<CellRun> viaConnect = byRuntime.getOrDefault(RuntimeKind.CONNECT, List.of());
      runtimes.execute(
          () -> new ConnectRuntime(new InProcessWorker(connect), broker).run(viaConnect));
      List<CellRun> viaRun = byRuntime.getOrDefault(RuntimeKind.RUN, List.of());
      runtimes.execute(() -> new RunRuntime(broker).run(viaRun));
    }
    List<CellRun> fromLines = new ArrayList<>(byRuntime.getOrDefault(RuntimeKind.LOAD, List.of()));
    fromLines.addAll(byRuntime.getOrDefault(RuntimeKind.REPLACE, List.of()));
    runtimes.execute(() -> new LoadRuntime(warehouse).run(fromLines));
    if (byRuntime.containsKey(RuntimeKind.CONNECT_37)) {
      // Started once the other runtimes are under way: it is a JVM of its own.
      List<CellRun> via37 = byRuntime.get(RuntimeKind.CONNECT_37);
      try {
        connect37 =
            WorkerProcess.start(
                "redsink-acceptance-connect-3.7",
                Suite.connect37ClassPath(),
                Suite.work().resolve("connect-3.7"),
                broker.bootstrapServers(),
                Suite.pluginPath("plugins-connect-3.7"));
        runtimes.execute(() -> new ConnectRuntime(connect37, broker).run(via37));
      } catch (Exception e) {
        via37.forEach(
            c -> {
              c.fail("the Kafka Connect 3.7 worker did not start", e);
              c.finish();
            });
      }
      nodes.add(
          DynamicTest.dynamicTest(
              "the Kafka Connect 3.7 worker is Kafka's own 3.7 and lists the plugin",
              AcceptanceIT::connect37ListsThePlugin));
    }

    for (Map.Entry<RuntimeKind, List<CellRun>> e : byRuntime.entrySet()) {
      List<DynamicNode> tests = new ArrayList<>();
      for (CellRun run : e.getValue()) {
        tests.add(DynamicTest.dynamicTest(run.cell().name(), () -> check(run, warehouse)));
      }
      nodes.add(DynamicContainer.dynamicContainer(e.getKey().title(), tests));
    }
    List<String> iamCalls =
        byRuntime.keySet().stream().flatMap(r -> AwsIdentity.calls(r).stream()).toList();
    nodes.add(
        DynamicTest.dynamicTest(
            "every runtime authenticated through IAM: keys, a web identity, a profile's role",
            () ->
                assertThat(emulator.aws().calls())
                    .extracting(Object::toString)
                    .containsAll(iamCalls)
                    .allMatch(call -> call.endsWith("-> 200"))));
    nodes.add(
        DynamicTest.dynamicTest(
            "every file the runtimes wrote asked for encryption (s3_sse)",
            () ->
                assertThat(emulator.s3().policy().encryptionOfWrites())
                    .isNotEmpty()
                    .containsOnly("AES256")));
    return nodes.stream();
  }

  /**
   * The cell's runtime reported no problem, its table is the one its input implies (and a history
   * table's current-state view the cdc table of the same input), and its distribution and sort key
   * are the ones its options imply.
   */
  private static void check(CellRun run, CellWarehouse warehouse) throws Exception {
    run.await(CELL_MINUTES);
    List<String> differences = new ArrayList<>();
    if (!run.failed()) {
      differences.addAll(warehouse.differences(run.cell(), run.expected()));
      run.currentView()
          .ifPresent(
              view -> differences.addAll(warehouse.currentViewDifferences(run.cell(), view)));
      TableDefinition.difference(warehouse, run).ifPresent(differences::add);
    }
    if (run.failed() || !differences.isEmpty()) {
      throw new AssertionError(run.report(differences));
    }
  }

  private static void pluginIsIsolated() {
    assertThatThrownBy(() -> Class.forName(ConnectRuntime.CONNECTOR_CLASS))
        .as("Redsink on the test class path would bypass plugin class loading")
        .isInstanceOf(ClassNotFoundException.class);
    assertThat(connect.requestGet(connect.endpointForResource("connector-plugins")).getEntity())
        .asString()
        .contains(ConnectRuntime.CONNECTOR_CLASS);
  }

  private static void connect37ListsThePlugin() throws Exception {
    assertThat(connect37).as("the Kafka Connect 3.7 worker (see its cells)").isNotNull();
    assertThat(connect37.rest().version()).isEqualTo(Suite.connect37Version());
    assertThat(connect37.rest().connectorPlugins()).contains(ConnectRuntime.CONNECTOR_CLASS);
  }

  @AfterAll
  static void stop() {
    if (runtimes != null) {
      runtimes.shutdownNow();
    }
    if (connect37 != null) {
      connect37.close();
    }
    if (broker != null) {
      broker.close();
    }
    if (connect != null) {
      connect.stop();
    }
    if (emulator != null) {
      emulator.close();
    }
  }
}
