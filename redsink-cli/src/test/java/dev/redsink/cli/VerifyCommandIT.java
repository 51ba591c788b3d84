package dev.redsink.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.redsink.emulator.RedshiftEmulator;
import dev.redsink.emulator.RedshiftEmulatorExtension;
import dev.redsink.emulator.kafka.EmbeddedKafka;
import dev.redsink.testkit.Warehouse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code redsink verify} on a table {@code redsink run} loaded from a real broker, with defects
 * planted through plain SQL (a deleted row, a duplicated row, an extra row, a row beyond the
 * ledger, a row no record wrote) and a record on the dead letter queue: each defect is reported
 * exactly, nothing else, and the dead-lettered record is accounted for. A tombstone is a row
 * (redsink run stores it), not a finding.
 */
@ExtendWith(RedshiftEmulatorExtension.class)
class VerifyCommandIT {
  private static final String TOPIC = "audit.events";
  private static final String DLQ = "audit.dlq";
  private static EmbeddedKafka kafka;

  @BeforeAll
  static void kafka() {
    kafka = EmbeddedKafka.start();
    kafka.createTopics(List.of(TOPIC), 2);
    kafka.createTopics(List.of(DLQ), 1);
  }

  @AfterAll
  static void stopKafka() {
    kafka.close();
  }

  @Test
  void reportsEachPlantedDefectExactlyAndAccountsForTombstonesAndDeadLetters(
      RedshiftEmulator emulator, @TempDir Path dir) throws Exception {
    Path connector = dir.resolve("audit.toml");
    Files.writeString(
        connector, TestConnectors.file(emulator, "audit", "audit_{topic_segment[-1]}", 100));
    Warehouse warehouse = new Warehouse(emulator);
    // Partition 0: offsets 0–199 records, 200 a tombstone, 201–261 records (251 will be the one
    // diverted to the dead letter queue); partition 1: 100 records.
    try (KafkaProducer<byte[], byte[]> producer = producer()) {
      for (int i = 0; i < 262; i++) {
        producer.send(record(0, i == 200 ? null : "{\"n\":" + i + "}"));
      }
      for (int i = 0; i < 100; i++) {
        producer.send(record(1, "{\"m\":" + i + "}"));
      }
    }
    runUntil(
        connector,
        () ->
            warehouse
                .rows(
                    "SELECT partition || ':' || next_offset FROM _redsink_ledger_audit_events"
                        + " ORDER BY partition")
                .equals(List.of("0:262", "1:100")));

    // Not loaded yet: lag, not a finding.
    try (KafkaProducer<byte[], byte[]> producer = producer()) {
      for (int i = 0; i < 5; i++) {
        producer.send(record(0, "{\"late\":" + i + "}"));
      }
    }
    CommandLineRun exact = verify(connector, dir.resolve("exact.json"));
    assertThat(exact.out())
        .contains("✓ partition 0: 262 rows for offsets 0–261 (ledger next 262); 5 not yet loaded")
        .contains("✓ partition 1: 100 rows for offsets 0–99 (ledger next 100)")
        .contains("Exact: every record the ledger covers is in the table once (2 partitions).");
    assertThat(exact.exitCode()).as(exact.out() + exact.err()).isZero();

    String t = "audit_events";
    String columns =
        "id, pico_offset, pico_timestamp, pico_topic, pico_partition, pico_key, payload, created_at";
    String copyOf =
        "SELECT "
            + columns.replace("pico_offset", "%s")
            + " FROM "
            + t
            + " WHERE pico_partition = 0 AND pico_offset = '%d'";
    warehouse.execute(
        "DELETE FROM " + t + " WHERE pico_partition = 0 AND pico_offset = '17'",
        "INSERT INTO " + t + " (" + columns + ") " + String.format(copyOf, "pico_offset", 42),
        "INSERT INTO " + t + " (id, payload) VALUES ('by hand', NULL)",
        "UPDATE "
            + t
            + " SET payload = '{\"n\":999}'"
            + " WHERE pico_partition = 0 AND pico_offset = '99'",
        "INSERT INTO " + t + " (" + columns + ") " + String.format(copyOf, "'300'", 44),
        // Offset 251 is on the dead letter queue, as Kafka Connect leaves a refused record.
        "DELETE FROM " + t + " WHERE pico_partition = 0 AND pico_offset = '251'");
    deadLetter(0, 251);

    Path json = dir.resolve("report.json");
    CommandLineRun planted = verify(connector, json);
    System.out.println(planted.out()); // docs/verify.md shows this report
    assertThat(planted.exitCode()).as(planted.out() + planted.err()).isEqualTo(1);
    assertThat(planted.out())
        .contains("✗ partition 0:")
        .contains("missing        1 offset in the log, not in the table: 17\n")
        .contains("duplicated     1 row too many: 42\n")
        .contains("audit_events: 1 row without a topic, partition or offset")
        .contains("beyond ledger  1 row the ledger does not cover: no load wrote them: 300\n")
        .contains("changed        1 row whose payload differs from its record's value: 99\n")
        .contains("1 on the dead letter queue")
        .contains("✓ partition 1:")
        .contains("Not exact: 1 of 2 partitions differs from the log, and rows without an offset");
    JsonNode report = new ObjectMapper().readTree(json.toFile());
    JsonNode p0 = report.get("partitions").get(0);
    assertThat(report.get("exact").asBoolean()).isFalse();
    assertThat(ranges(p0.get("missing"))).isEqualTo("17-17x1");
    assertThat(ranges(p0.get("duplicated"))).isEqualTo("42-42x1");
    assertThat(ranges(p0.get("extra"))).isEmpty();
    assertThat(report.get("rows_without_offset").get("audit_events").asLong()).isEqualTo(1);
    assertThat(ranges(p0.get("beyond_ledger"))).isEqualTo("300-300x1");
    assertThat(ranges(p0.get("changed"))).isEqualTo("99-99x1");
    assertThat(p0.get("settled").asLong()).isZero();
    assertThat(p0.get("dead_lettered").asLong()).isEqualTo(1);
    assertThat(p0.get("not_yet_loaded").asLong()).isEqualTo(5);
    assertThat(p0.get("rows").asLong())
        .as("262 - tombstone - dead letter - 17 + 42 + 200")
        .isEqualTo(261);
    JsonNode p1 = report.get("partitions").get(1);
    assertThat(p1.get("exact").asBoolean()).isTrue();
    assertThat(p1.get("statements").asInt())
        .as("an intact partition costs one statement")
        .isEqualTo(1);

    // Repaired by hand, the table is exact again.
    warehouse.execute(
        "INSERT INTO " + t + " (" + columns + ") " + String.format(copyOf, "'17'", 16),
        "DELETE FROM " + t + " WHERE pico_offset IS NULL OR pico_offset = '300'",
        "UPDATE "
            + t
            + " SET payload = '{\"n\":99}'"
            + " WHERE pico_partition = 0 AND pico_offset = '99'",
        "DELETE FROM " + t + " WHERE pico_partition = 0 AND pico_offset = '42'",
        "INSERT INTO " + t + " (" + columns + ") " + String.format(copyOf, "'42'", 41),
        "UPDATE "
            + t
            + " SET payload = '{\"n\":' || pico_offset || '}'"
            + " WHERE pico_partition = 0 AND pico_offset IN ('17', '42')");
    CommandLineRun repaired = verify(connector, dir.resolve("repaired.json"));
    assertThat(repaired.out())
        .contains("Exact: every record the ledger covers is in the table once (2 partitions).");
    assertThat(repaired.exitCode()).as(repaired.out() + repaired.err()).isZero();
  }

  /**
   * An upsert table: the log replayed by key (the last change wins, a tombstone deletes) says which
   * row each key must have; a key whose row was deleted, a deleted key's row put back and a row set
   * back to an older change are reported by key.
   */
  @Test
  void anUpsertTableIsVerifiedByKey(RedshiftEmulator emulator, @TempDir Path dir) throws Exception {
    String topic = "keyed.items";
    kafka.createTopics(List.of(topic), 1);
    Path connector = dir.resolve("keyed.toml");
    Files.writeString(
        connector,
        TestConnectors.file(emulator, "keyed", "keyed_{topic_segment[-1]}", 100)
            + "table_layout = \"typed\"\n"
            + "write_mode = \"upsert\"\n"
            + "primary_key = \"record_key\"\n"
            + "delete_on_tombstone = true\n");
    // Keys 0–49 at offsets 0–49; keys 0–9 changed at 50–59; keys 40–44 deleted at 60–64.
    try (KafkaProducer<byte[], byte[]> producer = producer()) {
      for (int i = 0; i < 65; i++) {
        int n = i < 50 ? i : i < 60 ? i - 50 : i - 20;
        String value =
            i < 60 ? "{\"n\":" + n + ",\"v\":\"" + (i < 50 ? "a" : "b") + n + "\"}" : null;
        producer.send(
            new ProducerRecord<>(
                topic,
                0,
                ("{\"n\":" + n + "}").getBytes(StandardCharsets.UTF_8),
                value == null ? null : value.getBytes(StandardCharsets.UTF_8)));
      }
    }
    Warehouse warehouse = new Warehouse(emulator);
    runUntil(
        connector,
        () -> warehouse.number("SELECT next_offset FROM _redsink_ledger_keyed_items") == 65);
    assertThat(warehouse.number("SELECT COUNT(*) FROM keyed_items")).isEqualTo(45);

    CommandLineRun exact =
        CommandLineRun.of(
            "verify", connector.toString(), "--bootstrap-servers", kafka.bootstrapServers());
    assertThat(exact.out()).contains("✓ partition 0: 45 rows for offsets 0–64 (ledger next 65)\n");
    assertThat(exact.exitCode()).as(exact.out() + exact.err()).isZero();

    // --values: every column of every row against the topic loaded again into a run table.
    CommandLineRun values =
        CommandLineRun.of(
            "verify",
            connector.toString(),
            "--bootstrap-servers",
            kafka.bootstrapServers(),
            "--values");
    assertThat(values.out()).contains("keyed.items → keyed_items values, rebuilt from the log: ✓");
    assertThat(values.exitCode()).as(values.out() + values.err()).isZero();
    warehouse.execute("UPDATE keyed_items SET v = 'zz' WHERE n = 7");
    CommandLineRun changed =
        CommandLineRun.of(
            "verify",
            connector.toString(),
            "--bootstrap-servers",
            kafka.bootstrapServers(),
            "--values");
    System.out.println(changed.out()); // docs/verify.md shows this report
    assertThat(changed.out())
        .contains("✓ partition 0: 45 rows")
        .contains("differ         1 row with a column that differs")
        .contains("n=7: v is 'zz' in the table, 'b7' from the log")
        .contains("Not exact: 1 table's values differ from the log's.");
    assertThat(changed.exitCode()).isEqualTo(1);
    assertThat(warehouse.value("SELECT COUNT(*) FROM pg_tables WHERE tablename LIKE '%rsrun%'"))
        .as("the run table is dropped")
        .isEqualTo("0");
    warehouse.execute("UPDATE keyed_items SET v = 'b7' WHERE n = 7");

    warehouse.execute(
        "DELETE FROM keyed_items WHERE n = 20",
        "INSERT INTO keyed_items (id, pico_offset, pico_topic, pico_partition, n, v)"
            + " VALUES ('keyed.items:0:41', '41', 'keyed.items', 0, 41, 'a41')",
        "UPDATE keyed_items SET pico_offset = '3' WHERE n = 3");
    Path json = dir.resolve("keyed.json");
    CommandLineRun planted =
        CommandLineRun.of(
            "verify",
            connector.toString(),
            "--bootstrap-servers",
            kafka.bootstrapServers(),
            "--json",
            json.toString());
    System.out.println(planted.out()); // docs/verify.md shows this report
    assertThat(planted.exitCode()).as(planted.out() + planted.err()).isEqualTo(1);
    assertThat(planted.out())
        .contains(
            "missing        2 keys whose last change in the log has no row:"
                + " n=20 (offset 20), n=3 (offset 53)\n")
        .contains(
            "extra          2 rows of a key deleted or changed since, by the log:"
                + " n=3 (offset 3), n=41 (offset 41)\n")
        .doesNotContain("duplicated")
        .doesNotContain("beyond ledger");
    JsonNode p0 = new ObjectMapper().readTree(json.toFile()).get("partitions").get(0);
    assertThat(ranges(p0.get("missing"))).isEqualTo("20-20x1,53-53x1");
    assertThat(ranges(p0.get("extra"))).isEqualTo("3-3x1,41-41x1");
    assertThat(p0.get("keys").get("53").asText()).isEqualTo("n=3");
  }

  @Test
  void aFileLoadedByRedsinkLoadIsVerifiedAgainstTheFileAndNoLogIsExitCodeTwo(
      RedshiftEmulator emulator, @TempDir Path dir) throws Exception {
    Path connector = dir.resolve("backfill.toml");
    Files.writeString(
        connector, TestConnectors.file(emulator, "backfill", "backfill_{topic_segment[-1]}", 100));
    Path lines = dir.resolve("lines.ndjson");
    Files.writeString(
        lines,
        IntStream.range(0, 3000)
                .mapToObj(i -> "{\"n\":" + i + "}")
                .collect(Collectors.joining("\n"))
            + "\n",
        StandardCharsets.UTF_8);
    CommandLineRun load =
        CommandLineRun.of(
            "load", connector.toString(), "--topic", "backfill.lines", lines.toString());
    assertThat(load.exitCode()).as(load.err()).isZero();

    CommandLineRun verified =
        CommandLineRun.of(
            "verify",
            connector.toString(),
            "--topic",
            "backfill.lines",
            "--file",
            lines.toString());
    assertThat(verified.out())
        .contains("✓ partition 0: 3,000 rows for offsets 0–2,999 (ledger next 3,000)")
        .contains("Exact");
    assertThat(verified.exitCode()).isZero();

    new Warehouse(emulator)
        .execute(
            "DELETE FROM backfill_lines WHERE CAST(pico_offset AS BIGINT) BETWEEN 1000 AND 1499");
    CommandLineRun missing =
        CommandLineRun.of(
            "verify",
            connector.toString(),
            "--topic",
            "backfill.lines",
            "--file",
            lines.toString());
    assertThat(missing.out())
        .contains("missing        500 offsets in the log, not in the table: 1000–1499\n");
    assertThat(missing.exitCode()).isEqualTo(1);

    CommandLineRun noLog = CommandLineRun.of("verify", connector.toString());
    assertThat(noLog.exitCode()).isEqualTo(2);
    assertThat(noLog.out())
        .contains("Could not audit connector 'backfill'")
        .contains("no log to compare with: give --bootstrap-servers")
        .contains("The audit could not run for 1 connector.");
  }

  /** {@code redsink run} of the connector in this JVM until {@code loaded}, then a clean stop. */
  private static void runUntil(Path connector, Callable<Boolean> loaded) throws Exception {
    StopSignal stop = StopSignal.manual();
    CompletableFuture<CommandLineRun> run =
        CompletableFuture.supplyAsync(
            () ->
                CommandLineRun.of(
                    stop,
                    "run",
                    connector.toString(),
                    "--bootstrap-servers",
                    kafka.bootstrapServers()));
    Awaitility.await("the ledger at the log's end")
        .ignoreExceptions()
        .atMost(Duration.ofSeconds(90))
        .until(loaded);
    stop.request();
    assertThat(run.get().exitCode()).as(run.get().err()).isZero();
  }

  private static CommandLineRun verify(Path connector, Path json) {
    return CommandLineRun.of(
        "verify",
        connector.toString(),
        "--bootstrap-servers",
        kafka.bootstrapServers(),
        "--dlq-topic",
        DLQ,
        "--json",
        json.toString());
  }

  private static String ranges(JsonNode ranges) {
    return java.util.stream.StreamSupport.stream(ranges.spliterator(), false)
        .map(
            r ->
                r.get("first").asLong()
                    + "-"
                    + r.get("last").asLong()
                    + "x"
                    + r.get("count").asLong())
        .collect(Collectors.joining(","));
  }

  private static KafkaProducer<byte[], byte[]> producer() {
    return new KafkaProducer<>(
        Map.of(
            ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers(),
            ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName(),
            ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName(),
            ProducerConfig.MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION, 1));
  }

  private static ProducerRecord<byte[], byte[]> record(int partition, String value) {
    return new ProducerRecord<>(
        TOPIC, partition, null, value == null ? null : value.getBytes(StandardCharsets.UTF_8));
  }

  /** A record on the dead letter queue with Kafka Connect's context headers. */
  private static void deadLetter(int partition, long offset) {
    RecordHeaders headers = new RecordHeaders();
    headers.add("__connect.errors.topic", TOPIC.getBytes(StandardCharsets.UTF_8));
    headers.add(
        "__connect.errors.partition", Integer.toString(partition).getBytes(StandardCharsets.UTF_8));
    headers.add("__connect.errors.offset", Long.toString(offset).getBytes(StandardCharsets.UTF_8));
    try (KafkaProducer<byte[], byte[]> producer = producer()) {
      producer.send(
          new ProducerRecord<byte[], byte[]>(
              DLQ, 0, (byte[]) null, "{\"n\":251}".getBytes(StandardCharsets.UTF_8), headers));
    }
  }
}
