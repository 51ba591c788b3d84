package dev.redsink.kafka.connect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.redsink.emulator.RedshiftEmulator;
import dev.redsink.emulator.RedshiftEmulatorExtension;
import dev.redsink.emulator.fault.SqlFault;
import dev.redsink.testkit.Warehouse;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.function.IntFunction;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.connect.runtime.rest.entities.ConfigInfos;
import org.apache.kafka.connect.runtime.rest.entities.ConfigValueInfo;
import org.apache.kafka.connect.util.clusters.EmbeddedConnectCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A real KRaft broker and Connect worker in-process, loading into the emulator: every record must
 * be in its table exactly once, whatever happens to the worker, the tasks or Redshift.
 */
@ExtendWith(RedshiftEmulatorExtension.class)
class ConnectWorkerIT {
  private static final int PARTITIONS = 3;
  private static final byte[] INVALID_UTF8 = {(byte) 0xc3, (byte) 0x28};

  private static EmbeddedConnectCluster connect;
  private static RedshiftEmulator emulator;
  private static ConnectWarehouse warehouse;

  @BeforeAll
  static void start(RedshiftEmulator redshift) {
    emulator = redshift;
    warehouse = new ConnectWarehouse(redshift);
    Map<String, String> worker = new HashMap<>();
    worker.put("plugin.discovery", "service_load");
    worker.put("offset.flush.interval.ms", "1000");
    worker.put("task.shutdown.graceful.timeout.ms", "60000");
    connect =
        new EmbeddedConnectCluster.Builder()
            .name("redsink-connect")
            .numWorkers(1)
            .numBrokers(1)
            .workerProps(worker)
            .build();
    connect.start();
  }

  @AfterAll
  static void stop() {
    if (connect != null) {
      connect.stop();
    }
  }

  /**
   * The issue's scenario: 2 topics × 3 partitions, 200k records, 2 tasks; the worker stops while
   * records are buffered and a new one takes over.
   */
  @Test
  void everyRecordExactlyOnceAcrossAWorkerRestart() throws Exception {
    String orders = "eo_orders";
    String payments = "eo_payments";
    int perTopic = 100_000;
    Set<Integer> bad = Set.of(777, 12_345, 33_333, 54_321, 77_777, 88_888);
    connect.kafka().createTopic(orders, PARTITIONS);
    connect.kafka().createTopic(payments, PARTITIONS);
    Map<String, String> config = EmulatorConnectorConfig.of(emulator, orders + "," + payments);
    config.put("tasks.max", "2");
    config.put("flush.max.records", "7000");
    config.put("flush.interval.ms", "600000");
    config.put("errors.tolerance", "all");
    config.put("errors.deadletterqueue.topic.name", "eo_dlq");
    config.put("errors.deadletterqueue.topic.replication.factor", "1");
    config.put("errors.deadletterqueue.context.headers.enable", "true");
    connect.configureConnector("eo", config);
    connect.assertions().assertConnectorAndExactlyNumTasksAreRunning("eo", 2, "not started");
    awaitConsumers("eo", 2);

    produce(orders, 0, perTopic / 2, bad);
    produce(payments, 0, perTopic / 2, bad);
    // Loads run at 7000 records per task; what remains stays buffered (no interval flush).
    long firstHalf = 2L * (perTopic / 2) - 2 * countBelow(bad, perTopic / 2);
    await("first half loaded or buffered")
        .atMost(Duration.ofMinutes(3))
        .pollInterval(Duration.ofMillis(500))
        .until(
            () ->
                warehouse.ledgerTotal(orders, payments) > 0
                    && loadedRows(orders, payments) + buffered("eo") == firstHalf);
    assertThat(buffered("eo")).as("records buffered when the worker stops").isPositive();

    connect.removeWorker();
    connect.addWorker();
    connect.assertions().assertConnectorAndExactlyNumTasksAreRunning("eo", 2, "not restarted");
    config.put("flush.interval.ms", "1000");
    connect.configureConnector("eo", config);

    produce(orders, perTopic / 2, perTopic, bad);
    produce(payments, perTopic / 2, perTopic, bad);

    Map<TopicPartition, Long> end = endOffsets(orders, payments);
    await("ledger at the end offsets")
        .atMost(Duration.ofMinutes(3))
        .pollInterval(Duration.ofMillis(500))
        .until(() -> warehouse.ledger(orders, payments).equals(end));

    assertExactlyOnce(orders, perTopic, bad);
    assertExactlyOnce(payments, perTopic, bad);
    assertThat(deadLetters("eo_dlq", 2 * bad.size()))
        .containsExactlyInAnyOrderElementsOf(expectedDeadLetters(List.of(orders, payments), bad));
    // The tasks' MBeans count per table what they loaded since the new worker started.
    Map<String, Long> rowsByTable = byTable("eo", "RowsLoadedByTable");
    assertThat(rowsByTable)
        .containsOnlyKeys(orders, payments)
        .allSatisfy((t, n) -> assertThat(n).isPositive());
    assertThat(rowsByTable.values().stream().mapToLong(Long::longValue).sum())
        .isEqualTo(sumOverTasks("eo", "RecordsLoaded"));
    assertThat(byTable("eo", "LastLoadTimeMsByTable").values())
        .allSatisfy(ms -> assertThat(ms).isGreaterThan(System.currentTimeMillis() - 600_000));
    connect.deleteConnector("eo");
  }

  /**
   * A worker that dies with records buffered (here: its last load fails) loses nothing: the next
   * worker resumes from the ledger, not from what Kafka or the old worker thought.
   */
  @Test
  void recordsBufferedInAWorkerThatDiesAreLoadedByTheNextOne() throws Exception {
    String topic = "crash_events";
    int count = 20_000;
    connect.kafka().createTopic(topic, PARTITIONS);
    Map<String, String> config = EmulatorConnectorConfig.of(emulator, topic);
    config.put("tasks.max", "1");
    config.put("flush.max.records", "3000");
    config.put("flush.interval.ms", "600000");
    connect.configureConnector("crash", config);
    connect.assertions().assertConnectorAndExactlyNumTasksAreRunning("crash", 1, "not started");
    awaitConsumers("crash", 1);
    produce(topic, 0, count, Set.of());
    await("all records loaded or buffered")
        .atMost(Duration.ofMinutes(1))
        .pollInterval(Duration.ofMillis(200))
        .until(() -> loadedRows(topic) > 0 && loadedRows(topic) + buffered("crash") == count);
    long buffered = buffered("crash");
    assertThat(buffered).isPositive();

    emulator.sqlFaults().failNext("COPY", 1_000, new SqlFault.DropBeforeStatement());
    try {
      connect.removeWorker();
    } finally {
      emulator.sqlFaults().reset();
    }
    assertThat(loadedRows(topic))
        .as("the buffered records died with the worker")
        .isEqualTo(count - buffered);

    connect.addWorker();
    connect.assertions().assertConnectorAndExactlyNumTasksAreRunning("crash", 1, "not restarted");
    config.put("flush.interval.ms", "500");
    connect.configureConnector("crash", config);
    Map<TopicPartition, Long> end = endOffsets(topic);
    await("ledger at the end offsets")
        .atMost(Duration.ofMinutes(1))
        .pollInterval(Duration.ofMillis(500))
        .until(() -> warehouse.ledger(topic).equals(end));
    assertExactlyOnce(topic, count, Set.of());
    connect.deleteConnector("crash");
  }

  /** The REST API validates with the core's messages and never shows a secret. */
  @Test
  void theRestApiValidatesWithTheCoresMessagesAndHidesSecrets() {
    Map<String, String> config = EmulatorConnectorConfig.of(emulator, "orders");
    config.put("name", "validated");
    config.put("batch.size", "0");
    config.remove("aws.iam.role");

    ConfigInfos infos =
        connect.validateConnectorConfig(RedshiftSinkConnector.class.getSimpleName(), config);

    Map<String, ConfigValueInfo> values = new HashMap<>();
    infos.configs().forEach(c -> values.put(c.configValue().name(), c.configValue()));
    Map<String, List<String>> errors = new HashMap<>();
    values.forEach(
        (name, value) -> {
          if (!value.errors().isEmpty()) {
            errors.put(name, value.errors());
          }
        });
    assertThat(errors).containsOnlyKeys("batch.size", "aws.iam.role");
    assertThat(infos.errorCount()).isEqualTo(2);
    assertThat(values.get("batch.size").errors())
        .containsExactly("must be above 0; it is the number of rows per Parquet file, got 0");
    assertThat(values.get("aws.iam.role").errors())
        .singleElement()
        .asString()
        .startsWith("is required (ARN Redshift assumes for COPY");
    assertThat(values.get("connection.string").value()).isEqualTo("[hidden]");
    assertThat(values.get("aws.secret.access.key").value()).isEqualTo("[hidden]");
  }

  /** Changing tasks.max while running rebalances the partitions without loss or duplicates. */
  @Test
  void everyRecordExactlyOnceWhenTasksAreAdded() throws Exception {
    String topic = "rb_events";
    int count = 30_000;
    connect.kafka().createTopic(topic, PARTITIONS);
    Map<String, String> config = EmulatorConnectorConfig.of(emulator, topic);
    config.put("tasks.max", "1");
    config.put("flush.max.records", "2000");
    config.put("flush.interval.ms", "1000");
    connect.configureConnector("rb", config);
    connect.assertions().assertConnectorAndExactlyNumTasksAreRunning("rb", 1, "not started");

    produce(topic, 0, count / 2, Set.of());
    await().atMost(Duration.ofMinutes(1)).until(() -> warehouse.ledgerTotal(topic) > 0);
    config.put("tasks.max", "3");
    connect.configureConnector("rb", config);
    produce(topic, count / 2, count, Set.of());
    connect.assertions().assertConnectorAndExactlyNumTasksAreRunning("rb", 3, "not rebalanced");

    Map<TopicPartition, Long> end = endOffsets(topic);
    await("ledger at the end offsets")
        .atMost(Duration.ofMinutes(2))
        .pollInterval(Duration.ofMillis(500))
        .until(() -> warehouse.ledger(topic).equals(end));
    assertExactlyOnce(topic, count, Set.of());
    // Kafka's committed offsets follow the ledger at the next offset commit.
    await("committed offsets at the end offsets")
        .atMost(Duration.ofSeconds(30))
        .until(() -> committedOffsets("rb", topic).equals(end));
    connect.deleteConnector("rb");
  }

  /**
   * Kafka's committed offsets follow the ledger also on partitions with nothing new to load: after
   * the connector's offsets are reset, the restarted task resumes from the ledger and Kafka's
   * offsets return to the end without a record produced (a seek straight to the ledger counts as
   * committed in Connect and would leave them reset for ever).
   */
  @Test
  void committedOffsetsReturnToTheLedgerOnIdlePartitionsAfterAReset() throws Exception {
    String topic = "idle_events";
    int count = 3_000;
    connect.kafka().createTopic(topic, PARTITIONS);
    produce(topic, 0, count, Set.of());
    Map<String, String> config = EmulatorConnectorConfig.of(emulator, topic);
    config.put("tasks.max", "1");
    config.put("flush.interval.ms", "300");
    connect.configureConnector("idle", config);
    Map<TopicPartition, Long> end = endOffsets(topic);
    await("committed offsets at the end offsets")
        .atMost(Duration.ofMinutes(1))
        .pollInterval(Duration.ofMillis(300))
        .until(() -> committedOffsets("idle", topic).equals(end));

    connect.stopConnector("idle");
    connect.assertions().assertConnectorIsStopped("idle", "not stopped");
    connect.resetConnectorOffsets("idle");
    assertThat(committedOffsets("idle", topic)).as("after the reset").isEmpty();
    connect.resumeConnector("idle");

    await("committed offsets back at the ledger's")
        .atMost(Duration.ofSeconds(30))
        .pollInterval(Duration.ofMillis(300))
        .until(() -> committedOffsets("idle", topic).equals(end));
    assertThat(warehouse.ledger(topic)).isEqualTo(end);
    assertExactlyOnce(topic, count, Set.of());
    connect.deleteConnector("idle");
  }

  /** Redshift unreachable for longer than the engine retries: the task waits, then catches up. */
  @Test
  void aRedshiftOutageLongerThanTheRetriesPausesAndResumesWithoutLoss() throws Exception {
    String topic = "out_events";
    int count = 20_000;
    connect.kafka().createTopic(topic, PARTITIONS);
    Map<String, String> config = EmulatorConnectorConfig.of(emulator, topic);
    config.put("tasks.max", "1");
    config.put("flush.max.records", "2000");
    config.put("flush.interval.ms", "500");
    connect.configureConnector("out", config);
    connect.assertions().assertConnectorAndExactlyNumTasksAreRunning("out", 1, "not started");
    produce(topic, 0, count / 2, Set.of());
    await().atMost(Duration.ofMinutes(1)).until(() -> warehouse.ledgerTotal(topic) > 0);

    emulator
        .sqlFaults()
        .failNext("COPY|INSERT|COMMIT", 1_000_000, new SqlFault.DropBeforeStatement());
    try {
      produce(topic, count / 2, count, Set.of());
      await("load failures")
          .atMost(Duration.ofSeconds(30))
          .until(() -> (Long) metric("out", 0, "LoadFailures") >= 3);
      long during = warehouse.ledgerTotal(topic);
      Thread.sleep(2_000);
      assertThat(warehouse.ledgerTotal(topic))
          .as("nothing loads during the outage")
          .isEqualTo(during);
      assertThat(during).isLessThan(count);
      assertThat(connect.connectorStatus("out").tasks().get(0).state()).isEqualTo("RUNNING");
    } finally {
      emulator.sqlFaults().reset();
    }

    Map<TopicPartition, Long> end = endOffsets(topic);
    await("ledger at the end offsets after the outage")
        .atMost(Duration.ofMinutes(2))
        .pollInterval(Duration.ofMillis(500))
        .until(() -> warehouse.ledger(topic).equals(end));
    assertExactlyOnce(topic, count, Set.of());
    connect.deleteConnector("out");
  }

  /**
   * Redshift unreachable when the task is assigned its partitions: the task stays RUNNING with the
   * partitions paused, reads the ledger once Redshift answers, and loads every record once.
   */
  @Test
  void aTaskStartingWhileRedshiftIsDownWaitsForItInsteadOfFailing() throws Exception {
    String topic = "down_events";
    int count = 3_000;
    connect.kafka().createTopic(topic, PARTITIONS);
    produce(topic, 0, count, Set.of());
    // Every statement on the table's ledger fails by a dropped connection, well past the
    // engine's own retries: the first reads of the ledger, when partitions are assigned, fail.
    emulator
        .sqlFaults()
        .failNext("_redsink_ledger_" + topic, 40, new SqlFault.DropBeforeStatement());
    try {
      Map<String, String> config = EmulatorConnectorConfig.of(emulator, topic);
      config.put("tasks.max", "1");
      config.put("flush.interval.ms", "300");
      connect.configureConnector("down", config);
      await("the ledger's faults spent")
          .atMost(Duration.ofMinutes(2))
          .pollInterval(Duration.ofMillis(200))
          .until(
              () -> {
                assertThat(connect.connectorStatus("down").tasks())
                    .allSatisfy(t -> assertThat(t.state()).isNotEqualTo("FAILED"));
                return emulator.sqlFaults().pending() == 0;
              });
    } finally {
      emulator.sqlFaults().reset();
    }
    Map<TopicPartition, Long> end = endOffsets(topic);
    await("ledger at the end offsets")
        .atMost(Duration.ofMinutes(1))
        .pollInterval(Duration.ofMillis(300))
        .until(() -> warehouse.ledger(topic).equals(end));
    assertExactlyOnce(topic, count, Set.of());
    assertThat(connect.connectorStatus("down").tasks().get(0).state()).isEqualTo("RUNNING");
    connect.deleteConnector("down");
  }

  /**
   * A topic deleted and recreated behind the ledger: the task fails on the first record of the new
   * log, naming the partition, the ledger's offset and the reset command, and loads nothing of it.
   */
  @Test
  void aRecreatedTopicFailsTheTaskNamingTheLedgerReset() throws Exception {
    String topic = "rc_events";
    connect.kafka().createTopic(topic, PARTITIONS);
    Map<String, String> config = EmulatorConnectorConfig.of(emulator, topic);
    config.put("tasks.max", "1");
    config.put("flush.interval.ms", "500");
    connect.configureConnector("rc", config);
    connect.assertions().assertConnectorAndExactlyNumTasksAreRunning("rc", 1, "not started");
    produce(topic, 0, 300, Set.of());
    await("the first log loaded")
        .atMost(Duration.ofMinutes(1))
        .until(() -> warehouse.ledgerTotal(topic) == 300);
    connect.deleteConnector("rc");

    connect.kafka().deleteTopic(topic);
    await("topic deleted")
        .atMost(Duration.ofMinutes(1))
        .until(() -> connect.kafka().describeTopics(topic).get(topic).isEmpty());
    connect.kafka().createTopic(topic, PARTITIONS);
    produce(topic, 0, 30, Set.of());
    connect.configureConnector("rc", config);

    connect
        .assertions()
        .assertConnectorIsRunningAndTasksHaveFailed("rc", 1, "the task did not fail");
    String trace = connect.connectorStatus("rc").tasks().get(0).trace();
    assertThat(trace)
        .contains("Cannot load topic rc_events partition")
        .contains("the ledger's next offset is 100")
        .contains("redsink ledger reset CONNECTOR.toml --topic rc_events --partition");
    assertThat(warehouse.rowsByPartition(topic).values())
        .as("nothing of the new log is loaded")
        .allSatisfy(rows -> assertThat(rows.rows()).isEqualTo(100));
    connect.deleteConnector("rc");
  }

  /**
   * With errors.tolerance=none (Connect's default) a refused record fails the task and the ledger
   * stays below it: once the user fixes the cause (here a transform that drops the field too long
   * for Redshift) and the task starts again, the record loads, with every record after it once.
   */
  @Test
  void aRecordRefusedWithToleranceNoneLoadsAfterTheFixInsteadOfBeingSkipped() throws Exception {
    String topic = "refused_events";
    connect.kafka().createTopic(topic, 1);
    Map<String, String> config = typedJson(topic, "300");
    produceValues(
        topic,
        50,
        i -> "{\"n\":" + i + ",\"note\":\"" + (i == 0 ? "x".repeat(70_000) : "fine") + "\"}");
    connect.configureConnector("refused", config);
    connect
        .assertions()
        .assertConnectorIsRunningAndTasksHaveFailed("refused", 1, "the task did not fail");
    assertThat(connect.connectorStatus("refused").tasks().get(0).trace())
        .contains("Cannot load record refused_events-0@0");
    connect.deleteConnector("refused");
    assertThat(warehouse.ledger(topic).getOrDefault(new TopicPartition(topic, 0), 0L))
        .as("the ledger does not pass the refused record")
        .isZero();

    config.put("transforms", "dropNote");
    config.put(
        "transforms.dropNote.type", "org.apache.kafka.connect.transforms.ReplaceField$Value");
    config.put("transforms.dropNote.exclude", "note");
    connect.configureConnector("refused", config);
    await("every record loaded after the fix")
        .atMost(Duration.ofMinutes(1))
        .pollInterval(Duration.ofMillis(300))
        .until(() -> warehouse.ledgerTotal(topic) == 50);
    assertThat(warehouse.rowsByPartition(topic))
        .containsEntry(0, new ConnectWarehouse.PartitionRows(50, 50));
    assertThat(warehouse.hasId(topic, topic + ":0:0")).as("the refused record loaded").isTrue();
    assertThat(
            warehouse.value(
                "SELECT n FROM " + Warehouse.quote(topic) + " WHERE id = 'refused_events:0:0'"))
        .isEqualTo("0");
    connect.deleteConnector("refused");
  }

  /**
   * Field names real records carry, through JsonConverter into a typed table: a name no column can
   * have (empty, with NUL) or two names folding to one column make a bad record the DLQ takes while
   * the rest loads; a metadata column's name lands in {@code <name>_value} and a name over 127
   * bytes in its cut, hashed column, values intact.
   */
  @Test
  void oddFieldNamesGoToTheDeadLetterQueueOrTheirOwnColumnAndTheRestLoads() throws Exception {
    String topic = "odd_names";
    String dlq = "odd_names_dlq";
    connect.kafka().createTopic(topic, 1);
    String longName = "long_" + "n".repeat(195);
    Map<Integer, String> odd =
        Map.of(
            5, "{\"\":1,\"n\":5}",
            10, "{\"a\":1,\"A\":2,\"n\":10}",
            15, "{\"a\\u0000b\":1,\"n\":15}",
            20, "{\"" + longName + "\":\"kept\",\"n\":20}",
            25, "{\"pico_topic\":\"mine\",\"n\":25}");
    produceValues(topic, 30, i -> odd.getOrDefault(i, "{\"n\":" + i + "}"));
    Map<String, String> config = typedJson(topic, "300");
    withDeadLetterQueue(config, dlq);
    connect.configureConnector("odd_names", config);
    await("every record loaded or diverted")
        .atMost(Duration.ofMinutes(1))
        .pollInterval(Duration.ofMillis(300))
        .until(() -> warehouse.ledgerTotal(topic) == 30);
    connect.deleteConnector("odd_names");

    List<String> diverted = new ArrayList<>();
    for (ConsumerRecord<byte[], byte[]> r :
        connect.kafka().consume(3, Duration.ofSeconds(30).toMillis(), dlq)) {
      diverted.add(header(r, "__connect.errors.offset"));
    }
    assertThat(diverted).containsExactlyInAnyOrder("5", "10", "15");
    assertThat(warehouse.rowsByPartition(topic))
        .containsEntry(0, new ConnectWarehouse.PartitionRows(27, 27));
    String table = Warehouse.quote(topic);
    assertThat(warehouse.value("SELECT pico_topic_value FROM " + table + " WHERE n = 25"))
        .isEqualTo("mine");
    assertThat(warehouse.value("SELECT pico_topic FROM " + table + " WHERE n = 25"))
        .isEqualTo(topic);
    // The name's first 118 bytes, '_' and 8 hex digits of its SHA-256: 127 bytes.
    String fitted =
        "long_"
            + "n".repeat(113)
            + "_"
            + java.util.HexFormat.of()
                .formatHex(
                    java.security.MessageDigest.getInstance("SHA-256")
                        .digest(longName.getBytes(StandardCharsets.UTF_8)))
                .substring(0, 8);
    assertThat(warehouse.value("SELECT \"" + fitted + "\" FROM " + table + " WHERE n = 20"))
        .isEqualTo("kept");
  }

  /**
   * A record a load refuses only once it knows the table's columns (here the second record's field
   * is a string where the first, in the same load, created a BIGINT column) reaches the dead letter
   * queue as it was on the topic, byte for byte, and the rest loads.
   */
  @Test
  void aRecordRefusedAtWriteTimeReachesTheDeadLetterQueueAsOnTheTopic() throws Exception {
    String topic = "late_refusal";
    String dlq = "late_refusal_dlq";
    connect.kafka().createTopic(topic, 1);
    String refused = "{ \"n\" : 1,  \"a\" : \"not a number\" }";
    produceValues(topic, 30, i -> i == 1 ? refused : "{\"n\":" + i + ",\"a\":" + i + "}");
    Map<String, String> config = typedJson(topic, "1000");
    withDeadLetterQueue(config, dlq);
    connect.configureConnector("late_refusal", config);
    await("every record loaded or diverted")
        .atMost(Duration.ofMinutes(1))
        .pollInterval(Duration.ofMillis(300))
        .until(() -> warehouse.ledgerTotal(topic) == 30);
    connect.deleteConnector("late_refusal");

    List<String> dead = new ArrayList<>();
    for (ConsumerRecord<byte[], byte[]> r :
        connect.kafka().consume(1, Duration.ofSeconds(30).toMillis(), dlq)) {
      dead.add(new String(r.value(), StandardCharsets.UTF_8));
    }
    assertThat(dead).containsExactly(refused);
    assertThat(warehouse.rowsByPartition(topic))
        .containsEntry(0, new ConnectWarehouse.PartitionRows(29, 29));
  }

  /**
   * Typed tables with a sort key, one topic each: one topic starts with tombstones (ignored) and
   * records the task sends to the dead letter queue, while the other's records load beside them.
   * The ledger alone moves past the first topic's records (its table is not created from offsets,
   * and no batch fails trying); a restart resumes after them, nothing is diverted again, and the
   * first records with fields create the table with its sort key. The task runs throughout.
   */
  @Test
  void settledRecordsBeforeATypedTablesFirstRowMoveOnlyItsLedger() throws Exception {
    String settled = "settled_first";
    String loaded = "settled_beside";
    String dlq = "settled_first_dlq";
    connect.kafka().createTopic(settled, 1);
    connect.kafka().createTopic(loaded, 1);
    // Tombstones, then records whose field names no column can have: all settled, none a row.
    produceValues(settled, 0, 5, i -> i < 3 ? null : "{\"\":" + i + ",\"n\":" + i + "}");
    produceValues(loaded, 0, 10, i -> "{\"n\":" + i + "}");
    Map<String, String> config = typedJson(settled + "," + loaded, "300");
    withDeadLetterQueue(config, dlq);
    config.put("sort.key", "n");
    connect.configureConnector("settled", config);
    await("the ledgers past every record")
        .atMost(Duration.ofMinutes(1))
        .pollInterval(Duration.ofMillis(300))
        .until(
            () -> {
              assertThat(connect.connectorStatus("settled").tasks())
                  .allSatisfy(t -> assertThat(t.state()).isEqualTo("RUNNING"));
              return warehouse.ledgerTotal(settled) == 5 && warehouse.ledgerTotal(loaded) == 10;
            });
    assertThat(warehouse.tableExists(settled)).as("a table created from offsets").isFalse();
    assertThat(warehouse.rowsByPartition(loaded))
        .containsEntry(0, new ConnectWarehouse.PartitionRows(10, 10));

    connect.restartConnectorAndTasks("settled", false, true, false);
    connect.assertions().assertConnectorAndExactlyNumTasksAreRunning("settled", 1, "restarted");
    produceValues(settled, 5, 15, i -> "{\"n\":" + i + "}");
    await("the first rows")
        .atMost(Duration.ofMinutes(1))
        .pollInterval(Duration.ofMillis(300))
        .until(() -> warehouse.ledgerTotal(settled) == 15);
    assertThat(warehouse.rowsByPartition(settled))
        .containsEntry(0, new ConnectWarehouse.PartitionRows(10, 10));
    String table = Warehouse.quote(settled);
    assertThat(warehouse.value("SELECT MIN(n), MAX(n) FROM " + table)).isEqualTo("5|14");
    assertThat(
            warehouse.value(
                "SELECT \"column\" FROM pg_table_def WHERE tablename = '"
                    + settled
                    + "' AND sortkey = 1"))
        .isEqualTo("n");
    await("committed offsets at the ledger's")
        .atMost(Duration.ofSeconds(30))
        .until(
            () ->
                committedOffsets("settled", settled)
                    .equals(Map.of(new TopicPartition(settled, 0), 15L)));
    assertThat(connect.connectorStatus("settled").tasks().get(0).state()).isEqualTo("RUNNING");
    // The two refused records, diverted once: the restart resumed after them.
    connect.kafka().consume(2, Duration.ofSeconds(30).toMillis(), dlq);
    assertThat(connect.kafka().consumeAll(10_000, dlq).count()).isEqualTo(2);
    connect.deleteConnector("settled");
  }

  /**
   * One task loading {@code topic} into a typed table, its values read by JsonConverter without
   * schemas, flushed every {@code flushMillis}.
   */
  private static Map<String, String> typedJson(String topic, String flushMillis) {
    Map<String, String> config = EmulatorConnectorConfig.of(emulator, topic);
    config.put("tasks.max", "1");
    config.put("flush.interval.ms", flushMillis);
    config.put("table.layout", "typed");
    config.put("value.converter", "org.apache.kafka.connect.json.JsonConverter");
    config.put("value.converter.schemas.enable", "false");
    return config;
  }

  /** errors.tolerance=all with a dead letter queue whose records carry Connect's error headers. */
  private static void withDeadLetterQueue(Map<String, String> config, String dlq) {
    config.put("errors.tolerance", "all");
    config.put("errors.deadletterqueue.topic.name", dlq);
    config.put("errors.deadletterqueue.topic.replication.factor", "1");
    config.put("errors.deadletterqueue.context.headers.enable", "true");
  }

  /** Values 0 … count-1 of {@code value}, in order, to partition 0 of {@code topic}. */
  private static void produceValues(String topic, int count, IntFunction<String> value) {
    produceValues(topic, 0, count, value);
  }

  /**
   * Values from … to-1 of {@code value} (null: a tombstone), in order, to partition 0 of {@code
   * topic}.
   */
  private static void produceValues(String topic, int from, int to, IntFunction<String> value) {
    try (KafkaProducer<byte[], byte[]> producer =
        connect
            .kafka()
            .createProducer(Map.of(ProducerConfig.MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION, 1))) {
      for (int i = from; i < to; i++) {
        String v = value.apply(i);
        producer.send(
            new ProducerRecord<>(
                topic, 0, null, v == null ? null : v.getBytes(StandardCharsets.UTF_8)));
      }
      producer.flush();
    }
  }

  /** Waits until the connector's consumer group has settled with this many members assigned. */
  private static void awaitConsumers(String connector, int members) {
    try (Admin admin = connect.kafka().createAdminClient()) {
      await("consumer group of " + connector + " with " + members + " members")
          .atMost(Duration.ofMinutes(1))
          .pollInterval(Duration.ofMillis(200))
          .until(
              () -> {
                ConsumerGroupDescription group =
                    admin
                        .describeConsumerGroups(List.of("connect-" + connector))
                        .all()
                        .get()
                        .get("connect-" + connector);
                return group.members().size() == members
                    && group.members().stream()
                        .allMatch(m -> !m.assignment().topicPartitions().isEmpty());
              });
    }
  }

  private static void produce(String topic, int from, int to, Set<Integer> bad) {
    Map<String, Object> props = new HashMap<>();
    props.put(ProducerConfig.LINGER_MS_CONFIG, 20);
    props.put(ProducerConfig.BATCH_SIZE_CONFIG, 256 * 1024);
    // One request in flight: a retried first batch (NOT_LEADER_OR_FOLLOWER on a new topic)
    // overtaken by the next one is refused for ever as an out-of-order sequence.
    props.put(ProducerConfig.MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION, 1);
    try (KafkaProducer<byte[], byte[]> producer = connect.kafka().createProducer(props)) {
      for (int i = from; i < to; i++) {
        byte[] value = bad.contains(i) ? INVALID_UTF8 : payload(topic, i);
        producer.send(
            new ProducerRecord<>(
                topic, i % PARTITIONS, ("k" + i).getBytes(StandardCharsets.UTF_8), value));
      }
      producer.flush();
    }
  }

  private static byte[] payload(String topic, int i) {
    return ("{\"topic\":\"" + topic + "\",\"n\":" + i + "}").getBytes(StandardCharsets.UTF_8);
  }

  private static long countBelow(Set<Integer> bad, int limit) {
    return bad.stream().filter(i -> i < limit).count();
  }

  /** The i-th record produced goes to partition i % 3 at offset i / 3. */
  private static void assertExactlyOnce(String topic, int count, Set<Integer> bad)
      throws Exception {
    Map<Integer, ConnectWarehouse.PartitionRows> rows = warehouse.rowsByPartition(topic);
    for (int p = 0; p < PARTITIONS; p++) {
      int partition = p;
      long produced = (count - partition + PARTITIONS - 1) / PARTITIONS;
      long badHere = bad.stream().filter(i -> i % PARTITIONS == partition).count();
      assertThat(rows.get(p))
          .as("rows of %s-%d", topic, p)
          .isEqualTo(new ConnectWarehouse.PartitionRows(produced - badHere, produced - badHere));
    }
    for (int i : bad) {
      assertThat(warehouse.hasId(topic, topic + ":" + i % PARTITIONS + ":" + i / PARTITIONS))
          .isFalse();
    }
    int sample = count - 1;
    assertThat(warehouse.payload(topic, topic + ":" + sample % PARTITIONS + ":" + sample / 3))
        .isEqualTo(new String(payload(topic, sample), StandardCharsets.UTF_8));
  }

  private static List<String> expectedDeadLetters(List<String> topics, Set<Integer> bad) {
    List<String> expected = new ArrayList<>();
    for (String topic : topics) {
      for (int i : bad) {
        expected.add(topic + "-" + i % PARTITIONS + "@" + i / PARTITIONS);
      }
    }
    return expected;
  }

  /** The DLQ's records, each named by the Connect error headers and checked for the bytes. */
  private static List<String> deadLetters(String dlq, int expected) throws Exception {
    List<String> found = new ArrayList<>();
    for (ConsumerRecord<byte[], byte[]> r :
        connect.kafka().consume(expected, Duration.ofSeconds(30).toMillis(), dlq)) {
      assertThat(r.value()).isEqualTo(INVALID_UTF8);
      found.add(
          header(r, "__connect.errors.topic")
              + "-"
              + header(r, "__connect.errors.partition")
              + "@"
              + header(r, "__connect.errors.offset"));
    }
    // Anything more than expected would be a duplicate: read again to be sure none follows.
    Thread.sleep(1_000);
    assertThat(connect.kafka().consumeAll(10_000, dlq).count()).isEqualTo(expected);
    return found;
  }

  private static String header(ConsumerRecord<byte[], byte[]> r, String key) {
    return new String(r.headers().lastHeader(key).value(), StandardCharsets.UTF_8);
  }

  private static Map<TopicPartition, Long> endOffsets(String... topics)
      throws InterruptedException, ExecutionException, java.util.concurrent.TimeoutException {
    Map<TopicPartition, Long> end = new HashMap<>();
    for (String topic : topics) {
      for (int p = 0; p < PARTITIONS; p++) {
        TopicPartition tp = new TopicPartition(topic, p);
        end.put(tp, connect.kafka().endOffset(tp));
      }
    }
    return end;
  }

  private static Map<TopicPartition, Long> committedOffsets(String connector, String topic) {
    Map<TopicPartition, Long> committed = new HashMap<>();
    connect
        .connectorOffsets(connector)
        .offsets()
        .forEach(
            o -> {
              Object t = o.partition().get("kafka_topic");
              if (topic.equals(t)) {
                committed.put(
                    new TopicPartition(
                        topic, ((Number) o.partition().get("kafka_partition")).intValue()),
                    ((Number) o.offset().get("kafka_offset")).longValue());
              }
            });
    return committed;
  }

  private static long loadedRows(String... tables) throws Exception {
    long rows = 0;
    for (String table : tables) {
      for (ConnectWarehouse.PartitionRows r : warehouse.rowsByPartition(table).values()) {
        rows += r.rows();
      }
    }
    return rows;
  }

  private static long buffered(String connector) throws Exception {
    long records = 0;
    MBeanServer server = ManagementFactory.getPlatformMBeanServer();
    Set<ObjectName> names =
        new HashSet<>(
            server.queryNames(
                new ObjectName(
                    "dev.redsink:type=RedshiftSinkTask,connector="
                        + ObjectName.quote(connector)
                        + ",*"),
                null));
    for (ObjectName name : names) {
      records += (Long) server.getAttribute(name, "BufferedRecords");
    }
    return records;
  }

  private static Set<ObjectName> taskMetrics(String connector) throws Exception {
    return ManagementFactory.getPlatformMBeanServer()
        .queryNames(
            new ObjectName(
                "dev.redsink:type=RedshiftSinkTask,connector="
                    + ObjectName.quote(connector)
                    + ",*"),
            null);
  }

  private static long sumOverTasks(String connector, String attribute) throws Exception {
    long sum = 0;
    for (ObjectName name : taskMetrics(connector)) {
      sum += (Long) ManagementFactory.getPlatformMBeanServer().getAttribute(name, attribute);
    }
    return sum;
  }

  /** A by-table attribute (a map, tabular data over JMX) summed over the connector's tasks. */
  private static Map<String, Long> byTable(String connector, String attribute) throws Exception {
    Map<String, Long> sum = new java.util.TreeMap<>();
    for (ObjectName name : taskMetrics(connector)) {
      javax.management.openmbean.TabularData table =
          (javax.management.openmbean.TabularData)
              ManagementFactory.getPlatformMBeanServer().getAttribute(name, attribute);
      for (Object row : table.values()) {
        javax.management.openmbean.CompositeData entry =
            (javax.management.openmbean.CompositeData) row;
        sum.merge((String) entry.get("key"), (Long) entry.get("value"), Long::sum);
      }
    }
    return sum;
  }

  private static Object metric(String connector, int task, String attribute) throws Exception {
    return ManagementFactory.getPlatformMBeanServer()
        .getAttribute(TaskMetrics.objectName(connector, task), attribute);
  }
}
