package dev.redsink.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redsink.emulator.RedshiftEmulator;
import dev.redsink.emulator.RedshiftEmulatorExtension;
import dev.redsink.emulator.kafka.EmbeddedKafka;
import dev.redsink.testkit.HeldStatement;
import dev.redsink.testkit.Warehouse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.RecordsToDelete;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code redsink ledger show} and {@code reset} against the emulator and an in-process Kafka, and a
 * topic deleted and recreated under {@code redsink run}: the run stops naming the reset, the reset
 * makes the ledger match the new log, and the next run loads it.
 */
@ExtendWith(RedshiftEmulatorExtension.class)
class LedgerCommandIT {
  private static EmbeddedKafka kafka;

  @BeforeAll
  static void kafka() {
    kafka = EmbeddedKafka.start();
  }

  @AfterAll
  static void stopKafka() {
    kafka.close();
  }

  @Test
  void showPrintsTheLedgerWithLagAndResetMovesItOnceTheLoadReleasesTheLock(
      RedshiftEmulator emulator, @TempDir Path dir) throws Exception {
    Path connector = dir.resolve("ledgerit.toml");
    Files.writeString(
        connector, TestConnectors.file(emulator, "ledgerit", "ledgerit_{topic_segment[-1]}", 50));
    Path lines = dir.resolve("lines.ndjson");
    Files.writeString(
        lines, IntStream.range(0, 100).mapToObj(i -> "{\"n\":" + i + "}").collect(joinLines()));
    kafka.createTopics(List.of("ledgerit.a"), 1);
    produce("ledgerit.a", 0, 130);
    CommandLineRun load =
        CommandLineRun.of("load", connector.toString(), "--topic", "ledgerit.a", lines.toString());
    assertThat(load.exitCode()).as(load.err()).isZero();

    CommandLineRun show = CommandLineRun.of("ledger", "show", connector.toString());
    assertThat(show.exitCode()).as(show.err()).isZero();
    assertThat(show.out())
        .containsPattern("TABLE +TOPIC +PARTITION +NEXT OFFSET +UPDATED AT")
        .containsPattern("ledgerit_a +ledgerit\\.a +0 +100 +20\\d\\d-")
        .contains("Give --bootstrap-servers");

    CommandLineRun lag =
        CommandLineRun.of(
            "ledger",
            "show",
            connector.toString(),
            "--bootstrap-servers",
            kafka.bootstrapServers());
    assertThat(lag.exitCode()).as(lag.err()).isZero();
    assertThat(lag.out())
        .containsPattern("NEXT OFFSET +UPDATED AT +LOG END +LAG")
        .containsPattern("ledgerit_a +ledgerit\\.a +0 +100 +\\S+ +130 +30");

    String ledger = "\"_redsink_ledger_ledgerit_a\"";
    try (Connection load1 = connect(emulator)) {
      // A load holding the ledger's lock: the reset refuses, or waits with --wait.
      load1.setAutoCommit(false);
      exec(load1, "LOCK " + ledger);
      CommandLineRun refused =
          CommandLineRun.of(
              "ledger",
              "reset",
              connector.toString(),
              "--topic",
              "ledgerit.a",
              "--to-offset",
              "40");
      assertThat(refused.exitCode()).isEqualTo(ExitCodes.FAILED);
      assertThat(refused.err())
          .contains("Cannot reset the ledger of table ledgerit_a: a load holds the lock of")
          .contains("--wait");

      CompletableFuture<CommandLineRun> waiting =
          CompletableFuture.supplyAsync(
              () ->
                  CommandLineRun.of(
                      "ledger",
                      "reset",
                      connector.toString(),
                      "--topic",
                      "ledgerit.a",
                      "--to-offset",
                      "40",
                      "--wait"));
      Awaitility.await("the reset waits for the lock")
          .atMost(Duration.ofSeconds(60))
          .until(() -> waitingForLock(emulator, "_redsink_ledger_ledgerit_a"));
      assertThat(waiting).isNotDone();
      load1.commit();
      CommandLineRun reset = waiting.get(1, TimeUnit.MINUTES);
      assertThat(reset.exitCode()).as(reset.err()).isZero();
      assertThat(reset.out())
          .contains("Reset the ledger of table ledgerit_a for topic ledgerit.a:")
          .contains("partition 0: next offset 100 -> 40");
    }
    assertThat(value(emulator, "SELECT next_offset FROM " + ledger)).isEqualTo("40");

    CommandLineRun earliest =
        CommandLineRun.of(
            "ledger",
            "reset",
            connector.toString(),
            "--topic",
            "ledgerit.a",
            "--partition",
            "0",
            "--to-earliest",
            "--bootstrap-servers",
            kafka.bootstrapServers());
    assertThat(earliest.exitCode()).as(earliest.err()).isZero();
    assertThat(earliest.out()).contains("partition 0: next offset 40 -> 0");
    assertThat(value(emulator, "SELECT next_offset FROM " + ledger)).isEqualTo("0");
  }

  @Test
  void aRecreatedTopicStopsRunUntilTheLedgerIsReset(RedshiftEmulator emulator, @TempDir Path dir)
      throws Exception {
    String topic = "recreated.r";
    Path connector = connectorWithTopic(emulator, dir, "recreated", topic);
    produce(topic, 0, 50);
    runUntil(emulator, connector, "SELECT count(*) FROM recreated_r", "50");

    try (Admin admin = kafka.admin()) {
      admin.deleteTopics(List.of(topic)).all().get(1, TimeUnit.MINUTES);
      Awaitility.await("topic deleted")
          .atMost(Duration.ofMinutes(1))
          .until(() -> !admin.listTopics().names().get().contains(topic));
    }
    recreate(topic);
    produce(topic, 1000, 20);

    CommandLineRun stopped = run(connector, StopSignal.manual());
    assertThat(stopped.exitCode()).isEqualTo(ExitCodes.FAILED);
    assertThat(stopped.err())
        .contains(
            "Cannot load topic recreated.r partition 0: the ledger's next offset is 50 but its log"
                + " end offset is 20")
        .contains("redsink ledger reset CONNECTOR.toml --topic recreated.r --partition 0");
    assertThat(value(emulator, "SELECT count(*) FROM recreated_r")).isEqualTo("50");

    CommandLineRun show =
        CommandLineRun.of(
            "ledger",
            "show",
            connector.toString(),
            "--bootstrap-servers",
            kafka.bootstrapServers());
    assertThat(show.out()).contains("LOG ENDS BELOW THE LEDGER").contains("--to-earliest");

    CommandLineRun reset = resetToEarliest(connector, topic);
    assertThat(reset.out()).contains("partition 0: next offset 50 -> 0");

    runUntil(emulator, connector, "SELECT count(*) FROM recreated_r", "70");
    assertThat(value(emulator, "SELECT count(*) FROM recreated_r WHERE payload LIKE '%1019%'"))
        .as("the new log's last record")
        .isEqualTo("1");
  }

  /**
   * Records the topic's retention deleted while {@code redsink run} was stopped, before they were
   * loaded: the restarted run used to seek to the ledger's offset, find it out of range, restart at
   * the log's first record and report no lag, skipping them unnoticed. It stops naming them and the
   * reset that accepts the loss.
   */
  @Test
  void recordsDeletedBeforeTheyWereLoadedStopRunUntilTheLossIsAccepted(
      RedshiftEmulator emulator, @TempDir Path dir) throws Exception {
    String topic = "expired.e";
    Path connector = connectorWithTopic(emulator, dir, "expired", topic);
    produce(topic, 0, 50);
    runUntil(emulator, connector, "SELECT count(*) FROM expired_e", "50");

    produce(topic, 50, 30);
    deleteBefore(topic, 70);

    // Without the check the run loads on from offset 70 and never stops by itself.
    StopSignal stop = StopSignal.manual();
    CompletableFuture<CommandLineRun> running =
        CompletableFuture.supplyAsync(() -> run(connector, stop));
    CommandLineRun stopped = failedByItself(running, stop);
    assertThat(stopped.err())
        .contains(
            "Cannot load topic expired.e partition 0: the ledger's next offset is 50 but the log"
                + " starts at offset 70. Its 20 records from offset 50 were deleted from Kafka")
        .contains(
            "redsink ledger reset CONNECTOR.toml --topic expired.e --partition 0 --to-earliest");
    assertThat(value(emulator, "SELECT count(*) FROM expired_e")).isEqualTo("50");

    CommandLineRun reset = resetToEarliest(connector, topic);
    assertThat(reset.out()).contains("partition 0: next offset 50 -> 70");

    runUntil(emulator, connector, "SELECT count(*) FROM expired_e", "60");
    assertThat(value(emulator, "SELECT count(*) FROM expired_e WHERE payload LIKE '%79%'"))
        .as("the log's last record")
        .isEqualTo("1");
  }

  /**
   * A reload from the start of a topic whose first records retention deleted: {@code --to-earliest}
   * used to write offset 0 when no brokers were given, and the next run stopped on it. Without
   * brokers it is refused naming how to give them, and the ledger stays; with them it resumes at
   * the log's first record and the run loads exactly what the log still holds. An offset below the
   * log's start and a partition the topic lacks are refused too, the ledger untouched.
   */
  @Test
  void resetToEarliestResumesAtTheLogStartAndIsRefusedWithoutBrokers(
      RedshiftEmulator emulator, @TempDir Path dir) throws Exception {
    String topic = "reload.s";
    Path connector = connectorWithTopic(emulator, dir, "reload", topic);
    produce(topic, 0, 50);
    runUntil(emulator, connector, "SELECT count(*) FROM reload_s", "50");
    // Reloading the topic: the rows go, and the log has lost its first 20 records since.
    try (Connection c = connect(emulator)) {
      exec(c, "DELETE FROM reload_s");
    }
    deleteBefore(topic, 20);
    String ledger = "SELECT next_offset FROM _redsink_ledger_reload_s";

    CommandLineRun blind =
        CommandLineRun.of(
            "ledger",
            "reset",
            connector.toString(),
            "--topic",
            topic,
            "--partition",
            "0",
            "--to-earliest");
    assertThat(blind.exitCode()).as(blind.out() + blind.err()).isEqualTo(ExitCodes.USAGE);
    assertThat(blind.err())
        .contains("Cannot reset topic 'reload.s' to the earliest offset: the brokers are not known")
        .contains("--bootstrap-servers")
        .contains("REDSINK_KAFKA_BOOTSTRAP_SERVERS")
        .contains("bootstrap.servers in the connector file's [kafka] table");
    assertThat(value(emulator, ledger)).as("the ledger is unchanged").isEqualTo("50");

    CommandLineRun below =
        CommandLineRun.of(
            "ledger",
            "reset",
            connector.toString(),
            "--topic",
            topic,
            "--to-offset",
            "5",
            "--bootstrap-servers",
            kafka.bootstrapServers());
    assertThat(below.exitCode()).as(below.out() + below.err()).isEqualTo(ExitCodes.FAILED);
    assertThat(below.err())
        .contains(
            "Cannot reset topic 'reload.s' to offset 5: partition 0's log starts at offset 20"
                + " (the records before it were deleted from Kafka)")
        .contains("--to-earliest");
    CommandLineRun missing =
        CommandLineRun.of(
            "ledger",
            "reset",
            connector.toString(),
            "--topic",
            topic,
            "--partition",
            "3",
            "--to-earliest",
            "--bootstrap-servers",
            kafka.bootstrapServers());
    assertThat(missing.exitCode()).as(missing.out() + missing.err()).isEqualTo(ExitCodes.FAILED);
    assertThat(missing.err())
        .contains("Cannot reset topic 'reload.s' partition 3: the topic has only partition 0");
    assertThat(value(emulator, ledger)).as("the ledger is unchanged").isEqualTo("50");

    CommandLineRun reset = resetToEarliest(connector, topic);
    assertThat(reset.out()).contains("partition 0: next offset 50 -> 20");
    assertThat(value(emulator, ledger)).isEqualTo("20");

    runUntil(emulator, connector, "SELECT count(*) FROM reload_s", "30");
    assertThat(
            value(
                emulator,
                "SELECT count(*), count(DISTINCT id), min(payload), max(payload) FROM reload_s"))
        .as("exactly the records 20 to 49, each once")
        .isEqualTo("30|30|{\"n\":20}|{\"n\":49}");
  }

  /**
   * Records the topic's retention deleted while {@code redsink run} lagged behind them: its
   * consumer used to reset to the log's first record (auto.offset.reset) and load on, skipping them
   * without a word. It loads what it holds and stops, naming them.
   */
  @Test
  void recordsDeletedWhileRunLagsBehindStopIt(RedshiftEmulator emulator, @TempDir Path dir)
      throws Exception {
    String topic = "lagging.l";
    Path connector = connectorWithTopic(emulator, dir, "lagging", topic);
    // Records of 10 KB: one fetch (max.partition.fetch.bytes, 1 MiB) holds about a hundred, so
    // the consumer cannot have read far ahead of its first load.
    produce(topic, 0, 1000, 10_000);

    StopSignal stop = StopSignal.manual();
    CompletableFuture<CommandLineRun> running;
    try (HeldStatement copy = new HeldStatement(emulator, Duration.ofMinutes(1))) {
      copy.hold("^COPY ");
      running = CompletableFuture.supplyAsync(() -> run(connector, stop));
      copy.awaitHeld("the first load's COPY");
      deleteBefore(topic, 900);
    }
    CommandLineRun stopped = failedByItself(running, stop);
    long loaded = Long.parseLong(value(emulator, "SELECT count(*) FROM lagging_l"));
    assertThat(loaded).as("what the run held when it found the gap").isBetween(20L, 899L);
    assertThat(stopped.err())
        .contains(
            "Cannot load topic lagging.l partition 0: the ledger's next offset is "
                + loaded
                + " but the log starts at offset 900")
        .contains(
            "redsink ledger reset CONNECTOR.toml --topic lagging.l --partition 0 --to-earliest");
  }

  /**
   * Writes a connector file loading the topics {@code <key>.*} into {@code <key>_<last segment>}
   * (polls and loads of 20 records, so a held load keeps the consumer behind), and creates the
   * topic with one partition.
   */
  private static Path connectorWithTopic(
      RedshiftEmulator emulator, Path dir, String key, String topic) throws IOException {
    Path connector = dir.resolve(key + ".toml");
    Files.writeString(
        connector,
        TestConnectors.file(emulator, key, key + "_{topic_segment[-1]}", 20)
            + "flush_max_records = 20\n");
    kafka.createTopics(List.of(topic), 1);
    return connector;
  }

  /** Deletes the partition's records below the offset, as retention.ms does to old segments. */
  private static void deleteBefore(String topic, long offset) throws Exception {
    try (Admin admin = kafka.admin()) {
      admin
          .deleteRecords(
              Map.of(
                  new org.apache.kafka.common.TopicPartition(topic, 0),
                  RecordsToDelete.beforeOffset(offset)))
          .all()
          .get(1, TimeUnit.MINUTES);
    }
  }

  /** Waits for a run that should stop by itself and expects it to have failed; stops it anyway. */
  private static CommandLineRun failedByItself(
      CompletableFuture<CommandLineRun> running, StopSignal stop) throws Exception {
    CommandLineRun stopped;
    try {
      stopped = running.get(2, TimeUnit.MINUTES);
    } finally {
      stop.request();
    }
    assertThat(stopped.exitCode()).as(stopped.out()).isEqualTo(ExitCodes.FAILED);
    return stopped;
  }

  /** Runs {@code redsink ledger reset … --to-earliest} for the topic and expects it to succeed. */
  private static CommandLineRun resetToEarliest(Path connector, String topic) {
    CommandLineRun reset =
        CommandLineRun.of(
            "ledger",
            "reset",
            connector.toString(),
            "--topic",
            topic,
            "--to-earliest",
            "--bootstrap-servers",
            kafka.bootstrapServers());
    assertThat(reset.exitCode()).as(reset.err()).isZero();
    return reset;
  }

  /** Creates the topic again once the broker has finished deleting it. */
  private static void recreate(String topic) {
    Awaitility.await("topic " + topic + " created again")
        .atMost(Duration.ofMinutes(1))
        .pollInterval(Duration.ofMillis(500))
        .until(
            () -> {
              try {
                kafka.createTopics(List.of(topic), 1);
                return true;
              } catch (IllegalStateException e) {
                try (Admin admin = kafka.admin()) {
                  return admin.listTopics().names().get().contains(topic);
                }
              }
            });
  }

  /** Runs the connector in this JVM until the query returns the value, then stops it. */
  private static void runUntil(RedshiftEmulator emulator, Path connector, String sql, String want)
      throws Exception {
    StopSignal stop = StopSignal.manual();
    CompletableFuture<CommandLineRun> running =
        CompletableFuture.supplyAsync(() -> run(connector, stop));
    try {
      Awaitility.await("loaded: " + sql + " = " + want)
          .atMost(Duration.ofMinutes(2))
          .pollInterval(Duration.ofMillis(250))
          .until(() -> running.isDone() || want.equals(valueOrNull(emulator, sql)));
    } finally {
      stop.request();
    }
    CommandLineRun done = running.get(2, TimeUnit.MINUTES);
    assertThat(done.exitCode()).as(done.out() + done.err()).isZero();
    assertThat(value(emulator, sql)).isEqualTo(want);
  }

  private static CommandLineRun run(Path connector, StopSignal stop) {
    return CommandLineRun.of(
        stop, "run", connector.toString(), "--bootstrap-servers", kafka.bootstrapServers());
  }

  private static void produce(String topic, int from, int count) {
    produce(topic, from, count, 0);
  }

  /** Produces records {@code {"n":i,"pad":"…"}} with {@code padding} characters of padding. */
  private static void produce(String topic, int from, int count, int padding) {
    Map<String, Object> config =
        Map.of(
            ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers(),
            ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName(),
            ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName(),
            ProducerConfig.MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION, 1);
    try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(config)) {
      for (int i = from; i < from + count; i++) {
        producer.send(
            new ProducerRecord<>(
                topic,
                0,
                null,
                ("{\"n\":"
                        + i
                        + (padding == 0 ? "" : ",\"pad\":\"" + "x".repeat(padding) + "\"")
                        + "}")
                    .getBytes(StandardCharsets.UTF_8)));
      }
      producer.flush();
    }
  }

  private static boolean waitingForLock(RedshiftEmulator emulator, String table)
      throws SQLException {
    return !"0"
        .equals(
            value(
                emulator,
                "SELECT count(*) FROM svv_transactions t JOIN pg_class c ON c.oid = t.relation"
                    + " WHERE c.relname = '"
                    + table
                    + "' AND NOT t.granted"));
  }

  private static Connection connect(RedshiftEmulator emulator) throws SQLException {
    return new Warehouse(emulator).connect();
  }

  private static void exec(Connection c, String sql) throws SQLException {
    try (Statement st = c.createStatement()) {
      st.execute(sql);
    }
  }

  private static String value(RedshiftEmulator emulator, String sql) throws SQLException {
    return new Warehouse(emulator).value(sql);
  }

  private static String valueOrNull(RedshiftEmulator emulator, String sql) {
    try {
      return value(emulator, sql);
    } catch (SQLException e) {
      return null; // the table does not exist yet
    }
  }

  private static java.util.stream.Collector<CharSequence, ?, String> joinLines() {
    return Collectors.joining("\n", "", "\n");
  }
}
