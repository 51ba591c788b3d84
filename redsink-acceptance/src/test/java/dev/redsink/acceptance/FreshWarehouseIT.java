package dev.redsink.acceptance;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.redsink.emulator.RedshiftEmulator;
import dev.redsink.testkit.ConnectorFile;
import dev.redsink.testkit.JvmProcess;
import dev.redsink.testkit.Warehouse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.function.BooleanSupplier;
import org.apache.kafka.connect.runtime.rest.entities.ConnectorStateInfo;
import org.apache.kafka.connect.util.clusters.EmbeddedConnectCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Two writers starting together on an empty warehouse, as a new user starts them: the two tasks of
 * the connector in docs/kafka-connect/redshift-sink.json (tasks.max 2, target.schema), installed
 * from the plugin zip on a Connect worker, and two {@code redsink run} processes of one connector
 * file. Each writer sees target_schema missing and creates it, its tables and their ledgers at the
 * same moment as the other: the emulator lets each writer's CREATE SCHEMA run only once the other
 * writer's has arrived ({@link SimultaneousCreates}), for several schemas at once. Every task and
 * process keeps running, and every record is in its table once.
 */
class FreshWarehouseIT {
  private static final int CONNECTORS = 8;
  private static final int RUN_CONNECTORS = 4;
  private static final int PARTITIONS = 2;
  private static final int PER_PARTITION = 20;
  private static final Duration HOLD = Duration.ofSeconds(30);
  private static final Duration CATCH_UP = Duration.ofMinutes(3);

  private static RedshiftEmulator emulator;
  private static Warehouse warehouse;
  private static EmbeddedConnectCluster connect;

  @BeforeAll
  static void start() throws Exception {
    emulator = RedshiftEmulator.start();
    warehouse = new Warehouse(emulator);
    Map<String, String> worker = new HashMap<>();
    worker.put("plugin.path", Suite.pluginPath("fresh-warehouse-plugins").toString());
    worker.put("plugin.discovery", "service_load");
    worker.put("offset.flush.interval.ms", "500");
    // As on a production broker: consumers joining a new group within 3 s share its first
    // assignment, so a connector's two tasks open their partitions together.
    Properties broker = new Properties();
    broker.put("group.initial.rebalance.delay.ms", "3000");
    connect =
        new EmbeddedConnectCluster.Builder()
            .name("redsink-fresh-warehouse")
            .numWorkers(1)
            .numBrokers(1)
            .brokerProps(broker)
            .workerProps(worker)
            .build();
    connect.start();
  }

  @AfterAll
  static void stop() {
    if (connect != null) {
      connect.stop();
    }
    if (emulator != null) {
      emulator.close();
    }
  }

  @Test
  void theDocumentedConnectorsTwoTasksStartTogetherOnAnEmptyWarehouse() throws Exception {
    Map<String, String> documented = documentedConnector();
    assertThat(documented).containsEntry("tasks.max", "2").containsKey("target.schema");
    List<Writer> writers = new ArrayList<>();
    for (int i = 0; i < CONNECTORS; i++) {
      writers.add(new Writer("fresh_connect_" + i));
    }
    try (SimultaneousCreates creates =
        new SimultaneousCreates(emulator, schemas(writers), 2, HOLD)) {
      for (Writer w : writers) {
        Map<String, String> config = new LinkedHashMap<>(documented);
        config.put("topics", String.join(",", w.topics));
        config.put("target.schema", w.schema);
        config.putAll(CellConfig.connect(warehouse.config("{topic}", "fresh/" + w.name)));
        config.put("errors.deadletterqueue.topic.name", w.name + "_dlq");
        config.put("errors.deadletterqueue.topic.replication.factor", "1");
        config.put("flush.interval.ms", "500");
        connect.configureConnector(w.name, config);
      }
      awaitLoaded(
          writers,
          () -> {
            for (Writer w : writers) {
              assertThat(failure(w.name)).as("connector %s", w.name).isNull();
            }
          });
      // A task that joined its group after the first assignment finds the schema created: most
      // connectors' tasks share it (the broker's initial delay), and those race.
      assertThat(writers.stream().filter(w -> creates.arrived(w.schema) == 2).count())
          .as("connectors whose two tasks created their schema at the same moment")
          .isPositive();
    }
    for (Writer w : writers) {
      ConnectorStateInfo status = connect.connectorStatus(w.name);
      assertThat(status.tasks())
          .as("tasks of %s", w.name)
          .hasSize(2)
          .allSatisfy(t -> assertThat(t.state()).isEqualTo("RUNNING"));
      w.assertLoadedOnce();
      connect.deleteConnector(w.name);
    }
  }

  @Test
  void twoRunProcessesStartTogetherOnAnEmptyWarehouse() throws Exception {
    Path dir = Files.createDirectories(Suite.work().resolve("fresh-run"));
    List<Writer> writers = new ArrayList<>();
    List<String> args = new ArrayList<>(List.of("run"));
    for (int i = 0; i < RUN_CONNECTORS; i++) {
      // A table without placeholders: each process prepares it, its schema and its ledger as it
      // starts, before it joins the consumer group.
      Writer w = new Writer("fresh_run_" + i, "events");
      writers.add(w);
      Map<String, Object> plugin =
          ConnectorFile.pluginConfig(
              warehouse, "events", "fresh/" + w.name, warehouse.connectionString());
      plugin.put("target_schema", w.schema);
      plugin.put("payload_format", "varbyte");
      plugin.put("flush_interval", "500ms");
      String pattern = w.name + "_.*";
      args.add(
          ConnectorFile.write(
                  dir,
                  w.name,
                  ConnectorFile.text(w.name, "fresh " + w.name, pattern, 100, "200ms", plugin))
              .toString());
    }
    args.addAll(List.of("--bootstrap-servers", connect.kafka().bootstrapServers()));
    try (SimultaneousCreates creates =
            new SimultaneousCreates(emulator, schemas(writers), 2, HOLD);
        JvmProcess first = Suite.redsink(dir, "first", false, args);
        JvmProcess second = Suite.redsink(dir, "second", false, args)) {
      awaitLoaded(
          writers,
          () -> {
            assertThat(first.isAlive()).as("the first process runs: %s", first.output()).isTrue();
            assertThat(second.isAlive())
                .as("the second process runs: %s", second.output())
                .isTrue();
          });
      for (Writer w : writers) {
        assertThat(creates.arrived(w.schema))
            .as("both processes created schema %s at the same moment", w.schema)
            .isEqualTo(2);
      }
      assertThat(first.terminate(Duration.ofMinutes(1))).as(first.output()).isZero();
      assertThat(second.terminate(Duration.ofMinutes(1))).as(second.output()).isZero();
      assertThat(first.stdout()).contains("Stopped cleanly.");
      assertThat(second.stdout()).contains("Stopped cleanly.");
    }
    for (Writer w : writers) {
      w.assertLoadedOnce();
    }
  }

  /**
   * One connector: its new schema, two topics of two partitions with records produced, and the
   * tables they load into (one per topic, or one for both).
   */
  private static final class Writer {
    final String name;
    final String schema;
    final List<String> topics;
    final List<String> tables;

    /** A connector whose topics load into a table each, named like the topic. */
    Writer(String stem) {
      this(stem, null);
    }

    /** A connector whose topics both load into {@code table} (when not null). */
    Writer(String stem, String table) {
      this.name = Warehouse.uniqueTable(stem);
      this.schema = Warehouse.uniqueTable("analytics");
      this.topics = List.of(name + "_orders", name + "_payments");
      this.tables = table == null ? topics : List.of(table);
      for (String topic : topics) {
        connect.kafka().createTopic(topic, PARTITIONS);
        for (int p = 0; p < PARTITIONS; p++) {
          for (int i = 0; i < PER_PARTITION; i++) {
            connect.kafka().produce(topic, p, "k" + i, "{\"n\":" + i + "}");
          }
        }
      }
    }

    private String qualified(String table) {
      return Warehouse.quote(schema) + "." + Warehouse.quote(table);
    }

    private long recordsInto(String table) {
      return (long) PARTITIONS * PER_PARTITION * topics.size() / tables.size();
    }

    /** Whether each table's ledger is at the end of its topics. */
    boolean loaded() {
      for (String table : tables) {
        try {
          if (warehouse.number(
                  "SELECT COALESCE(SUM(next_offset), 0) FROM "
                      + qualified("_redsink_ledger_" + table))
              < recordsInto(table)) {
            return false;
          }
        } catch (SQLException e) {
          return false; // not created yet
        }
      }
      return true;
    }

    /** Every record is a row of its table once, and the ledger is at each partition's end. */
    void assertLoadedOnce() throws SQLException {
      for (String table : tables) {
        assertThat(warehouse.value("SELECT COUNT(*), COUNT(DISTINCT id) FROM " + qualified(table)))
            .as("rows and distinct ids of %s", qualified(table))
            .isEqualTo(recordsInto(table) + "|" + recordsInto(table));
        assertThat(
                warehouse.rows(
                    "SELECT DISTINCT next_offset FROM " + qualified("_redsink_ledger_" + table)))
            .as("the ledger of %s", qualified(table))
            .containsExactly(Integer.toString(PER_PARTITION));
      }
    }
  }

  private static List<String> schemas(List<Writer> writers) {
    return writers.stream().map(w -> w.schema).toList();
  }

  /** Waits until every writer's tables are loaded, checking {@code running} on the way. */
  private static void awaitLoaded(List<Writer> writers, Runnable running) throws Exception {
    long deadline = System.nanoTime() + CATCH_UP.toNanos();
    BooleanSupplier all = () -> writers.stream().allMatch(Writer::loaded);
    while (!all.getAsBoolean()) {
      running.run();
      assertThat(System.nanoTime()).as("every table loaded in time").isLessThan(deadline);
      Thread.sleep(250);
    }
    running.run();
  }

  /** The connector's or a task's failure trace, or null while it runs. */
  private static String failure(String name) {
    ConnectorStateInfo info;
    try {
      info = connect.connectorStatus(name);
    } catch (RuntimeException e) {
      return null; // not started yet
    }
    if ("FAILED".equals(info.connector().state())) {
      return "connector FAILED: " + info.connector().trace();
    }
    for (ConnectorStateInfo.TaskState task : info.tasks()) {
      if ("FAILED".equals(task.state())) {
        return "task " + task.id() + " FAILED: " + task.trace();
      }
    }
    return null;
  }

  /** The configuration of docs/kafka-connect/redshift-sink.json, as a user POSTs it. */
  private static Map<String, String> documentedConnector() throws Exception {
    JsonNode config =
        new ObjectMapper()
            .readTree(Path.of("../docs/kafka-connect/redshift-sink.json").toFile())
            .get("config");
    Map<String, String> out = new LinkedHashMap<>();
    config.fields().forEachRemaining(e -> out.put(e.getKey(), e.getValue().asText()));
    return out;
  }
}
