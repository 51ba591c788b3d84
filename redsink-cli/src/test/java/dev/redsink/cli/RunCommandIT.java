package dev.redsink.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redsink.emulator.RedshiftEmulator;
import dev.redsink.emulator.RedshiftEmulatorExtension;
import dev.redsink.emulator.kafka.EmbeddedKafka;
import dev.redsink.testkit.HeldStatement;
import dev.redsink.testkit.JvmProcess;
import dev.redsink.testkit.Warehouse;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.errors.GroupIdNotFoundException;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code redsink run} as a process against an in-process Kafka and the emulator: the connection
 * string comes from an environment override, a disabled file is skipped, SIGTERM mid-stream exits
 * 0, and a restart resumes from the ledger with no loss and no duplicate.
 */
@ExtendWith(RedshiftEmulatorExtension.class)
class RunCommandIT {
  private static final int RECORDS = 6000;
  private static final int GROUP_RECORDS = 4000;
  private static final List<String> GROUP_TOPICS = List.of("grp.e0", "grp.e1", "grp.e2", "grp.e3");
  private static EmbeddedKafka kafka;

  @BeforeAll
  static void kafka() {
    kafka = EmbeddedKafka.start();
    kafka.createTopics(List.of("runit.a"), 2);
    kafka.createTopics(List.of("runit.b"), 1);
    // Topics of one partition each: a range assignor would give every one to the same member.
    kafka.createTopics(GROUP_TOPICS, 1);
  }

  @AfterAll
  static void stopKafka() {
    kafka.close();
  }

  @Test
  void stopsCleanlyMidStreamAndResumesWithNoLossOrDuplicate(
      RedshiftEmulator emulator, @TempDir Path dir) throws Exception {
    Path connector = dir.resolve("runit.toml");
    Files.writeString(
        connector,
        TestConnectors.file(
            emulator, "runit", "runit\\..*", "runit_{topic_segment[-1]}", 200, false));
    Path disabled = dir.resolve("disabled.toml");
    Files.writeString(
        disabled,
        TestConnectors.file(emulator, "other", "other\\..*", "other_{topic}", 200, true)
            .replace("enabled = true", "enabled = false"));
    Map<String, String> env =
        Map.of(
            "REDSINK_CONNECTORS_SINK_RUNIT_PLUGIN_CONFIG_CONNECTION_STRING",
            new Warehouse(emulator).connectionString(),
            RunCommand.BOOTSTRAP_ENV,
            kafka.bootstrapServers());
    AtomicLong produced = new AtomicLong();
    Thread producer = new Thread(() -> produce(produced), "test-producer");

    try (JvmProcess first =
        RedsinkLaunch.start(dir, env, "run", connector.toString(), disabled.toString())) {
      first.awaitOutput("Loading; stop with Ctrl-C or SIGTERM.", Duration.ofSeconds(90));
      // Produced from here on (6 s of records), so the stop comes while records still arrive
      // however long the process took to start.
      producer.start();
      Awaitility.await().atMost(Duration.ofSeconds(60)).until(() -> rows(emulator) >= 1000);
      assertThat(produced.get()).as("still producing when stopped").isLessThan(RECORDS);

      assertThat(first.terminate(Duration.ofSeconds(60))).as(first.stderr()).isZero();
      assertThat(first.stdout())
          .contains("Note: " + disabled + ": connector 'other' has enabled = false; skipped")
          .contains(
              "plugin_config.connection_string set by"
                  + " REDSINK_CONNECTORS_SINK_RUNIT_PLUGIN_CONFIG_CONNECTION_STRING (value hidden)")
          .contains("Stopped cleanly.")
          .doesNotContain(emulator.password());
    }
    long afterFirst = rows(emulator);

    int httpPort = freePort();
    try (JvmProcess second =
        RedsinkLaunch.start(
            dir,
            env,
            "run",
            connector.toString(),
            "--http-port",
            Integer.toString(httpPort),
            "--http-host",
            "127.0.0.1")) {
      second.awaitOutput("Loading; stop with Ctrl-C or SIGTERM.", Duration.ofSeconds(90));
      assertThat(second.stdout())
          .contains("Metrics on http://127.0.0.1:" + httpPort + "/metrics, health on /health");
      producer.join();
      Awaitility.await().atMost(Duration.ofSeconds(90)).until(() -> rows(emulator) >= RECORDS);
      String metrics = get(httpPort, "/metrics");
      assertThat(metrics).contains("redsink_records_loaded_total{connector=\"runit\"}");
      assertThat(get(httpPort, "/health")).isEqualTo("ok\n");
      Thread.sleep(1000);
      assertThat(second.terminate(Duration.ofSeconds(60))).as(second.stderr()).isZero();
    }

    assertThat(afterFirst).isBetween(1000L, (long) RECORDS);
    assertThat(
            new Warehouse(emulator)
                .value(
                    "SELECT COUNT(*), COUNT(DISTINCT id) FROM (SELECT id FROM runit_a UNION ALL"
                        + " SELECT id FROM runit_b) t"))
        .as("rows|distinct ids")
        .isEqualTo(RECORDS + "|" + RECORDS);
  }

  /**
   * Two processes with the same connector file form one consumer group and share the partitions;
   * one is killed with SIGKILL and the other takes its partitions over from the ledger.
   */
  @Test
  void processesWithTheSameFileShareThePartitionsAndTakeOverFromAKilledOne(
      RedshiftEmulator emulator, @TempDir Path dir) throws Exception {
    Path connector = dir.resolve("grp.toml");
    Files.writeString(
        connector,
        TestConnectors.file(emulator, "grp", "grp\\..*", "grp_{topic_segment[-1]}", 100, true));
    Map<String, String> env = Map.of(RunCommand.BOOTSTRAP_ENV, kafka.bootstrapServers());
    String[] args = {
      "run", connector.toString(), "--kafka-property", "session.timeout.ms=6000",
    };
    AtomicLong produced = new AtomicLong();
    try (JvmProcess first = RedsinkLaunch.start(dir.resolve("first"), env, args);
        JvmProcess second = RedsinkLaunch.start(dir.resolve("second"), env, args)) {
      first.awaitOutput("Loading; stop with Ctrl-C or SIGTERM.", Duration.ofSeconds(90));
      second.awaitOutput("Loading; stop with Ctrl-C or SIGTERM.", Duration.ofSeconds(90));
      awaitGroupMembers("redsink-grp", 2);
      produce(produced, i -> GROUP_TOPICS.get(i % 4), 0, GROUP_RECORDS / 2);
      Awaitility.await()
          .atMost(Duration.ofSeconds(90))
          .until(() -> groupRows(emulator) >= GROUP_RECORDS / 4);

      first.kill();
      produce(produced, i -> GROUP_TOPICS.get(i % 4), GROUP_RECORDS / 2, GROUP_RECORDS);
      Awaitility.await("the survivor loads everything")
          .atMost(Duration.ofMinutes(3))
          .pollInterval(Duration.ofMillis(500))
          .until(() -> groupRows(emulator) >= GROUP_RECORDS);
      Thread.sleep(1000);
      assertThat(second.terminate(Duration.ofSeconds(60))).as(second.stderr()).isZero();
    }
    assertThat(
            new Warehouse(emulator)
                .value(
                    "SELECT COUNT(*), COUNT(DISTINCT id) FROM (SELECT id FROM grp_e0 UNION ALL"
                        + " SELECT id FROM grp_e1 UNION ALL SELECT id FROM grp_e2 UNION ALL"
                        + " SELECT id FROM grp_e3) t"))
        .as("rows|distinct ids")
        .isEqualTo(GROUP_RECORDS + "|" + GROUP_RECORDS);
  }

  private static long groupRows(RedshiftEmulator emulator) {
    long rows = 0;
    for (String topic : GROUP_TOPICS) {
      rows += count(emulator, "grp_" + topic.substring(4));
    }
    return rows;
  }

  /**
   * A typed record whose fields fold to one column stops {@code redsink run} naming the record and
   * the fields; the ledger does not pass it, so nothing is lost once the record is dealt with.
   */
  @Test
  void aRecordWhoseFieldsFoldToOneColumnStopsTheRunNamingIt(
      RedshiftEmulator emulator, @TempDir Path dir) throws Exception {
    kafka.createTopics(List.of("names.events"), 1);
    Path connector = dir.resolve("names.toml");
    Files.writeString(
        connector,
        TestConnectors.file(emulator, "names", "names\\..*", "names_{topic_segment[-1]}", 20, true)
            + "table_layout = \"typed\"\n");
    Map<String, Object> config =
        Map.of(
            ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers(),
            ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName(),
            ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
    try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(config)) {
      for (int i = 0; i < 100; i++) {
        String value = i == 50 ? "{\"n\":50,\"a\":1,\"A\":2}" : "{\"n\":" + i + "}";
        producer.send(
            new ProducerRecord<>("names.events", 0, null, value.getBytes(StandardCharsets.UTF_8)));
      }
      producer.flush();
    }
    Map<String, String> env = Map.of(RunCommand.BOOTSTRAP_ENV, kafka.bootstrapServers());
    try (JvmProcess run = RedsinkLaunch.start(dir, env, "run", connector.toString())) {
      int exit = run.awaitExit(Duration.ofSeconds(120));
      assertThat(exit).as(run.output()).isNotZero();
      assertThat(run.output())
          .contains("names.events:0:50")
          .contains("fields 'a' and 'A' both land in column 'a'");
    }
    long rows = count(emulator, "names_events");
    assertThat(rows).as("rows loaded before the refused record").isLessThanOrEqualTo(50);
    assertThat(
            new Warehouse(emulator)
                .number("SELECT COALESCE(MAX(next_offset), 0) FROM _redsink_ledger_names_events"))
        .as("the ledger stops where the rows do")
        .isEqualTo(rows);
  }

  /**
   * Loads run beside consumption, started by the file's flush limits: while the first load's COPY
   * is held, the consumer fills the next buffer (a loop loading between polls would stand still).
   * Every record loads once; /metrics has the per-table and per-partition figures, and every query
   * of the documented Grafana dashboard finds its series with the labels it groups by.
   */
  @Test
  void loadsBesideConsumptionByTheFilesFlushLimitsAndExposesFiguresPerTable(
      RedshiftEmulator emulator, @TempDir Path dir) throws Exception {
    kafka.createTopics(List.of("beside.x"), 1);
    produce(new AtomicLong(), "beside.x", 0, 1000);
    Path connector = dir.resolve("beside.toml");
    Files.writeString(
        connector,
        TestConnectors.file(emulator, "beside", "beside_{topic_segment[-1]}", 50)
            + "flush_max_records = 100\n");
    int httpPort = freePort();
    String metrics;
    try (HeldStatement copy = new HeldStatement(emulator, Duration.ofMinutes(2));
        JvmProcess run =
            RedsinkLaunch.start(
                dir,
                Map.of(RunCommand.BOOTSTRAP_ENV, kafka.bootstrapServers()),
                "run",
                connector.toString(),
                "--http-port",
                Integer.toString(httpPort))) {
      copy.hold("^COPY ");
      copy.awaitHeld("the first load's COPY");
      Awaitility.await("the consumer reads on while the first load's COPY is held")
          .atMost(Duration.ofSeconds(60))
          .until(() -> metric(httpPort, "redsink_buffered_records{connector=\"beside\"}") >= 100);
      assertThat(count(emulator, "beside_x"))
          .as("nothing committed while the COPY is held")
          .isZero();
      copy.release();
      String partition =
          "{connector=\"beside\",table=\"beside_x\",topic=\"beside.x\",partition=\"0\"}";
      Awaitility.await("the ledger at the log's end")
          .atMost(Duration.ofSeconds(90))
          .until(() -> metric(httpPort, "redsink_partition_ledger_offset" + partition) == 1000);
      Awaitility.await("the lag seen at the log's end")
          .atMost(Duration.ofSeconds(30))
          .until(() -> metric(httpPort, "redsink_partition_lag_records" + partition) == 0);
      metrics = get(httpPort, "/metrics");
      assertThat(run.terminate(Duration.ofSeconds(60))).as(run.stderr()).isZero();
    }
    assertThat(new Warehouse(emulator).value("SELECT COUNT(*), COUNT(DISTINCT id) FROM beside_x"))
        .isEqualTo("1000|1000");
    String table = "{connector=\"beside\",table=\"beside_x\"}";
    assertThat(metrics)
        .contains("redsink_table_rows_loaded_total" + table + " 1000\n")
        .contains("redsink_table_freshness_seconds_count" + table + " 1000\n")
        .contains("redsink_partition_log_end_offset{connector=\"beside\",table=\"beside_x\"")
        .contains("redsink_assigned_partitions{connector=\"beside\"} 1\n");
    assertThat(metric(metrics, "redsink_loads_total{connector=\"beside\"}"))
        .as("loads of at most flush_max_records plus one poll (batch_length)")
        .isBetween(7L, 1000L);
    assertThat(metric(metrics, "redsink_table_load_duration_seconds_count" + table))
        .isEqualTo(metric(metrics, "redsink_loads_total{connector=\"beside\"}"));
    GrafanaDashboard.assertEveryQueryFindsItsSeries(metrics);
  }

  private static long metric(int port, String series) throws Exception {
    return metric(get(port, "/metrics"), series);
  }

  /** The value of one series in a scrape; -1 when absent. */
  private static long metric(String scrape, String series) {
    for (String line : scrape.split("\n")) {
      if (line.startsWith(series + " ")) {
        return (long) Double.parseDouble(line.substring(series.length() + 1));
      }
    }
    return -1;
  }

  private static void awaitGroupMembers(String group, int members) {
    try (Admin admin = kafka.admin()) {
      Awaitility.await("consumer group " + group + " with " + members + " members")
          .atMost(Duration.ofMinutes(1))
          .pollInterval(Duration.ofMillis(200))
          // Until the first member joins, the broker does not know the group.
          .ignoreExceptionsMatching(e -> e.getCause() instanceof GroupIdNotFoundException)
          .until(
              () -> {
                ConsumerGroupDescription d =
                    admin.describeConsumerGroups(List.of(group)).all().get().get(group);
                return d.members().size() == members
                    && d.members().stream()
                        .allMatch(m -> !m.assignment().topicPartitions().isEmpty());
              });
    }
  }

  private static long count(RedshiftEmulator emulator, String table) {
    try {
      return new Warehouse(emulator).count(table);
    } catch (SQLException e) {
      return 0; // not created yet
    }
  }

  private static void produce(AtomicLong produced) {
    produce(produced, i -> i % 3 == 0 ? "runit.b" : "runit.a", 0, RECORDS);
  }

  private static void produce(AtomicLong produced, String topic, int from, int to) {
    produce(produced, i -> topic, from, to);
  }

  private static void produce(
      AtomicLong produced, java.util.function.IntFunction<String> topicOf, int from, int to) {
    Map<String, Object> config =
        Map.of(
            ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers(),
            ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName(),
            ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName(),
            // One request in flight: a retried first batch (NOT_LEADER_OR_FOLLOWER on a new
            // topic) overtaken by the next one is refused for ever as an out-of-order sequence.
            ProducerConfig.MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION, 1);
    try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(config)) {
      for (int i = from; i < to; i++) {
        String topic = topicOf.apply(i);
        producer.send(
            new ProducerRecord<>(
                topic,
                Integer.toString(i % 7).getBytes(StandardCharsets.UTF_8),
                ("{\"i\":" + i + "}").getBytes(StandardCharsets.UTF_8)));
        produced.incrementAndGet();
        if (i % 100 == 99) {
          producer.flush();
          Thread.sleep(100);
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static long rows(RedshiftEmulator emulator) throws Exception {
    Warehouse warehouse = new Warehouse(emulator);
    long total = 0;
    for (String table : List.of("runit_a", "runit_b")) {
      if (warehouse.number(
              "SELECT COUNT(*) FROM pg_catalog.pg_tables WHERE tablename = '" + table + "'")
          > 0) {
        total += warehouse.count(table);
      }
    }
    return total;
  }

  private static String get(int port, String path) throws Exception {
    return HttpClient.newHttpClient()
        .send(
            HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).build(),
            HttpResponse.BodyHandlers.ofString())
        .body();
  }

  private static int freePort() throws Exception {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }
}
