package dev.redsink.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redsink.emulator.RedshiftEmulator;
import dev.redsink.emulator.RedshiftEmulatorExtension;
import dev.redsink.emulator.fault.SqlFault;
import dev.redsink.emulator.kafka.EmbeddedKafka;
import dev.redsink.testkit.JvmProcess;
import dev.redsink.testkit.Warehouse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code redsink run} as a process resuming partitions from the ledger in the cases a fresh
 * deployment meets: a typed table whose topic starts with records that store no row (the ledger
 * alone moves past them until the first row creates the table, also across a restart), and a ledger
 * that cannot be read for a while when the partitions are assigned (they wait, paused, as in Kafka
 * Connect, instead of stopping the run).
 */
@ExtendWith(RedshiftEmulatorExtension.class)
class RunResumeIT {
  private static final Duration STARTED = Duration.ofSeconds(90);
  private static EmbeddedKafka kafka;

  @BeforeAll
  static void kafka() {
    kafka = EmbeddedKafka.start();
    kafka.createTopics(List.of("tomb.events"), 1);
    kafka.createTopics(List.of("outage.events"), 2);
  }

  @AfterAll
  static void stopKafka() {
    kafka.close();
  }

  /**
   * A typed upsert table with a sort key on a field, whose topic starts with tombstones: they
   * change nothing in a table that does not exist, so the ledger alone moves past them (no table
   * created, the run goes on); a restart resumes after them, and the first records with fields
   * create the table with its sort key.
   */
  @Test
  void tombstonesBeforeATypedTablesFirstRowMoveOnlyItsLedger(
      RedshiftEmulator emulator, @TempDir Path dir) throws Exception {
    Path connector = dir.resolve("tomb.toml");
    Files.writeString(
        connector,
        TestConnectors.file(emulator, "tomb", "tomb_{topic_segment[-1]}", 50)
            + "table_layout = \"typed\"\n"
            + "write_mode = \"upsert\"\n"
            + "primary_key = [\"n\"]\n"
            + "sort_key = \"n\"\n");
    Map<String, String> env =
        Map.of(RunCommand.BOOTSTRAP_ENV, kafka.bootstrapServers(), "REDSINK_LOG_LEVEL", "INFO");
    Warehouse warehouse = new Warehouse(emulator);
    produce("tomb.events", 0, 5, i -> null);
    try (JvmProcess first = RedsinkLaunch.start(dir.resolve("first"), env, "run", "" + connector)) {
      first.await(
          "the ledger past the tombstones", () -> ledger(warehouse, "tomb_events") == 5, STARTED);
      assertThat(warehouse.tableExists("tomb_events")).as("created by tombstones").isFalse();
      Awaitility.await("Kafka's offset at the ledger's")
          .atMost(Duration.ofSeconds(30))
          .until(() -> committed("redsink-tomb").equals(Map.of(0, 5L)));
      assertThat(first.terminate(Duration.ofSeconds(60))).as(first.output()).isZero();
    }
    produce("tomb.events", 5, 15, i -> "{\"n\":" + i + ",\"v\":\"v" + i + "\"}");
    String output;
    try (JvmProcess second =
        RedsinkLaunch.start(dir.resolve("second"), env, "run", "" + connector)) {
      second.await("the real records", () -> ledger(warehouse, "tomb_events") == 15, STARTED);
      assertThat(second.isAlive()).isTrue();
      assertThat(second.terminate(Duration.ofSeconds(60))).as(second.output()).isZero();
      output = second.output();
      assertThat(output)
          .contains("resumes at offset 5 (from the ledger)")
          .doesNotContain("Cannot create typed table");
    }
    assertThat(warehouse.value("SELECT COUNT(*), MIN(n), MAX(n) FROM tomb_events"))
        .isEqualTo("10|5|14");
    assertThat(
            warehouse.value(
                "SELECT \"column\" FROM pg_table_def WHERE tablename = 'tomb_events' AND sortkey"
                    + " = 1"))
        .isEqualTo("n");
    assertThat(committed("redsink-tomb")).as(output).isEqualTo(Map.of(0, 15L));
  }

  /**
   * Every statement on the table's ledger fails with a dropped connection when the partitions are
   * assigned, longer than the engine's own retries: the run goes on with the partitions paused,
   * reads the ledger once Redshift answers, and loads every record once.
   */
  @Test
  void aLedgerThatCannotBeReadWhenPartitionsAreAssignedIsReadOnceRedshiftAnswers(
      RedshiftEmulator emulator, @TempDir Path dir) throws Exception {
    Path connector = dir.resolve("outage.toml");
    Files.writeString(
        connector,
        TestConnectors.file(emulator, "outage", "outage_{topic_segment[-1]}", 50)
            + "max_retries = 1\n"
            + "retry_delay = \"100ms\"\n");
    produce("outage.events", 0, 200, i -> "{\"i\":" + i + "}");
    Warehouse warehouse = new Warehouse(emulator);
    emulator.sqlFaults().reset();
    emulator
        .sqlFaults()
        .failNext("_redsink_ledger_outage_events", 12, new SqlFault.DropBeforeStatement());
    try (JvmProcess run =
        RedsinkLaunch.start(
            dir,
            Map.of(RunCommand.BOOTSTRAP_ENV, kafka.bootstrapServers(), "REDSINK_LOG_LEVEL", "INFO"),
            "run",
            connector.toString())) {
      run.await("the ledger's faults spent", () -> emulator.sqlFaults().pending() == 0, STARTED);
      run.await("every record loaded", () -> ledger(warehouse, "outage_events") == 200, STARTED);
      run.await(
          "Kafka's offsets at the ledger's",
          () -> committedTotal("redsink-outage") == 200,
          Duration.ofSeconds(30));
      assertThat(run.isAlive()).isTrue();
      assertThat(run.terminate(Duration.ofSeconds(60))).as(run.output()).isZero();
      assertThat(run.output())
          .contains("Cannot resume [outage.events-")
          .contains("from the ledger yet, trying again in")
          .contains("Stopped cleanly.");
    } finally {
      emulator.sqlFaults().reset();
    }
    assertThat(warehouse.value("SELECT COUNT(*), COUNT(DISTINCT id) FROM outage_events"))
        .isEqualTo("200|200");
  }

  private static long committedTotal(String group) {
    try {
      return committed(group).values().stream().mapToLong(Long::longValue).sum();
    } catch (Exception e) {
      return -1;
    }
  }

  /** The sum of a table's ledger rows' next offsets; 0 before the ledger exists. */
  private static long ledger(Warehouse warehouse, String table) {
    try {
      return warehouse.number("SELECT COALESCE(SUM(next_offset), 0) FROM _redsink_ledger_" + table);
    } catch (SQLException e) {
      return 0;
    }
  }

  /** The offsets a consumer group committed, by partition. */
  private static Map<Integer, Long> committed(String group) throws Exception {
    Map<Integer, Long> out = new HashMap<>();
    try (Admin admin = kafka.admin()) {
      Map<TopicPartition, OffsetAndMetadata> offsets =
          admin.listConsumerGroupOffsets(group).partitionsToOffsetAndMetadata().get();
      offsets.forEach((tp, om) -> out.put(tp.partition(), om.offset()));
    }
    return out;
  }

  /** Values {@code from..to-1} (null: a tombstone), keyed by their number, spread by key. */
  private static void produce(String topic, int from, int to, IntFunction<String> value) {
    Map<String, Object> config =
        Map.of(
            ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers(),
            ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName(),
            ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName(),
            ProducerConfig.MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION, 1);
    try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(config)) {
      for (int i = from; i < to; i++) {
        String v = value.apply(i);
        producer.send(
            new ProducerRecord<>(
                topic,
                Integer.toString(i).getBytes(StandardCharsets.UTF_8),
                v == null ? null : v.getBytes(StandardCharsets.UTF_8)));
      }
      producer.flush();
    }
  }
}
