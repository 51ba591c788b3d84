package dev.redsink.core.it;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import dev.redsink.core.RedshiftSink;
import dev.redsink.core.config.ConfigKeys;
import dev.redsink.core.error.BadRecordException;
import dev.redsink.core.error.RedsinkException;
import dev.redsink.core.record.LoadResult;
import dev.redsink.core.record.Record;
import dev.redsink.core.record.TopicPartition;
import dev.redsink.emulator.RedshiftEmulator;
import dev.redsink.emulator.RedshiftEmulatorExtension;
import dev.redsink.emulator.fault.Fault;
import dev.redsink.emulator.fault.S3RequestKind;
import dev.redsink.emulator.fault.SqlFault;
import dev.redsink.testkit.Warehouse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The engine against the emulator, through the Amazon Redshift JDBC driver. */
@ExtendWith(RedshiftEmulatorExtension.class)
class RedshiftSinkIT {

  private SinkFixture fx;
  private String table;

  @BeforeEach
  void setUp(RedshiftEmulator emulator) {
    emulator.sqlFaults().reset();
    emulator.s3Faults().reset();
    fx = new SinkFixture(emulator);
    table = Warehouse.uniqueTable("t");
  }

  @AfterEach
  void tearDown() {
    fx.emulator().sqlFaults().reset();
    fx.emulator().s3Faults().reset();
  }

  @Test
  void createsTheReferenceTableLayout() throws Exception {
    try (RedshiftSink sink = RedshiftSink.open(fx.config(table))) {
      assertThat(sink.config().find(ConfigKeys.BATCH_SIZE))
          .as("files cut by size unless batch_size is set")
          .isEmpty();
    }
    assertThat(
            fx.rows(
                "SELECT column_name, data_type, character_maximum_length FROM svv_columns"
                    + " WHERE table_name = '"
                    + table
                    + "' ORDER BY ordinal_position"))
        .containsExactly(
            "id|character varying|512",
            "pico_offset|character varying|20",
            "pico_timestamp|character varying|20",
            "pico_topic|character varying|256",
            "pico_partition|bigint|null",
            "pico_key|character varying|65535",
            "payload|binary varying|16777216",
            "created_at|character varying|256");
  }

  @Test
  void loadsEveryRecordOnceAndAReplayChangesNothing() throws Exception {
    List<Record> batch = new ArrayList<>(SinkFixture.records("orders.eu", 0, 0, 250));
    batch.addAll(SinkFixture.records("orders.eu", 1, 0, 50));
    try (RedshiftSink sink = RedshiftSink.open(fx.config(table))) {
      LoadResult first = sink.write(batch);
      assertThat(first.loaded()).isEqualTo(300);
      assertThat(first.tables().get(0).files())
          .as("files are cut by size by default: 300 small records make one")
          .isEqualTo(1);
      LoadResult replay = sink.write(batch);
      assertThat(replay.loaded()).isZero();
      assertThat(replay.skipped()).isEqualTo(300);
      assertThat(sink.nextOffsets(List.of(new TopicPartition("orders.eu", 0))))
          .containsEntry(new TopicPartition("orders.eu", 0), 250L);
    }
    assertThat(fx.count(table)).isEqualTo(300);
    assertThat(fx.distinctIds(table)).isEqualTo(300);
    assertThat(
            fx.rows(
                "SELECT id, pico_offset, pico_timestamp, pico_topic, pico_partition, pico_key,"
                    + " convert_from(payload, 'UTF8') FROM "
                    + table
                    + " WHERE id = 'orders.eu:0:7'"))
        .containsExactly("orders.eu:0:7|7|1700000000007|orders.eu|0|azc=|{\"n\":7}");
    assertThat(fx.stagedObjects()).isEmpty();
  }

  @Test
  void cutsLoadsIntoFilesBySizeRoundedToSlicesAndLoadsThemInOneCopy() throws Exception {
    Map<String, Object> config = fx.config(table);
    config.put("max_file_bytes", "64KB");
    config.put("slices", 5);
    config.put("upload_concurrency", 3);
    List<Record> batch = new ArrayList<>();
    for (Record r : SinkFixture.records("t", 0, 0, 2_000)) {
      byte[] value = new byte[1_000];
      java.util.Arrays.fill(value, (byte) ('a' + (int) (r.offset() % 26)));
      batch.add(new Record(r.topic(), 0, r.offset(), r.timestamp(), r.key(), List.of(), value));
    }
    try (RedshiftSink sink = RedshiftSink.open(config)) {
      long copies = fx.emulator().statistics().copies();
      LoadResult result = sink.write(batch);
      // 2,000 × (1,000 + key + 32) bytes in files of at most 64 KiB: 32 files (too small to round
      // up to 35 for 5 slices, which needs 1 MB per file).
      assertThat(result.tables().get(0).files()).isEqualTo(32);
      assertThat(fx.emulator().statistics().copies() - copies).isEqualTo(1);
    }
    assertThat(fx.count(table)).isEqualTo(2_000);
    assertThat(fx.distinctIds(table)).isEqualTo(2_000);
    assertThat(fx.rows("SELECT COUNT(*) FROM " + table + " WHERE octet_length(payload) = 1000"))
        .containsExactly("2000");
    assertThat(fx.stagedObjects()).isEmpty();
  }

  @Test
  void aFailedUploadAmongConcurrentOnesLeavesNoStagedFileAndLoadsNothing() throws Exception {
    Map<String, Object> config = fx.config(table);
    config.put("batch_size", 10);
    config.put("upload_concurrency", 4);
    try (RedshiftSink sink = RedshiftSink.open(config)) {
      fx.emulator().s3Faults().failNext(S3RequestKind.PUT, 1, Fault.accessDenied());
      assertThatThrownBy(() -> sink.write(SinkFixture.records("t", 0, 0, 200)))
          .isInstanceOf(RedsinkException.class)
          .hasMessageContaining("403");
      assertThat(fx.emulator().s3Faults().fired(S3RequestKind.PUT)).isEqualTo(1);
      assertThat(fx.stagedObjects()).as("files uploaded beside the failed one").isEmpty();
      assertThat(fx.count(table)).isZero();
      assertThat(sink.write(SinkFixture.records("t", 0, 0, 200)).loaded()).isEqualTo(200);
    }
    assertThat(fx.count(table)).isEqualTo(200);
    assertThat(fx.stagedObjects()).isEmpty();
  }

  @Test
  void aNewSinkResumesFromTheLedger() throws Exception {
    try (RedshiftSink sink = RedshiftSink.open(fx.config(table))) {
      sink.write(SinkFixture.records("t", 0, 0, 10));
    }
    try (RedshiftSink sink = RedshiftSink.open(fx.config(table))) {
      assertThat(sink.nextOffset("t", 0)).hasValue(10);
      assertThat(sink.nextOffset("t", 1)).isEmpty();
      LoadResult r = sink.write(SinkFixture.records("t", 0, 5, 10));
      assertThat(r.loaded()).isEqualTo(5);
      assertThat(r.next()).containsEntry(new TopicPartition("t", 0), 15L);
    }
    assertThat(fx.count(table)).isEqualTo(15);
    assertThat(fx.distinctIds(table)).isEqualTo(15);
  }

  @Test
  void settledOffsetsMoveTheLedgerPastDivertedRecords() throws Exception {
    TopicPartition p0 = new TopicPartition("t", 0);
    TopicPartition p1 = new TopicPartition("t", 1);
    try (RedshiftSink sink = RedshiftSink.open(fx.config(table))) {
      // Offsets 5..7 of partition 0 went to a dead-letter queue; partition 1's only records too.
      LoadResult r = sink.write(SinkFixture.records("t", 0, 0, 5), Map.of(p0, 8L, p1, 3L));
      assertThat(r.loaded()).isEqualTo(5);
      assertThat(r.next()).containsEntry(p0, 8L).containsEntry(p1, 3L);
      assertThat(sink.nextOffsets(List.of(p0, p1))).containsEntry(p0, 8L).containsEntry(p1, 3L);
      LoadResult ledgerOnly = sink.write(List.of(), Map.of(p0, 10L));
      assertThat(ledgerOnly.loaded()).isZero();
      assertThat(sink.nextOffset("t", 0)).hasValue(10);
      sink.write(List.of(), Map.of(p0, 4L));
      assertThat(sink.nextOffset("t", 0)).hasValue(10);
    }
    assertThat(fx.count(table)).isEqualTo(5);
    assertThat(fx.stagedObjects()).isEmpty();
  }

  @Test
  void transientErrorsAreRetriedAndLoadExactlyOnce() throws Exception {
    fx.emulator()
        .sqlFaults()
        .failNext("^INSERT INTO", 2, SqlFault.serializableIsolationViolation());
    try (RedshiftSink sink = RedshiftSink.open(fx.config(table))) {
      LoadResult r = sink.write(SinkFixture.records("t", 0, 0, 20));
      assertThat(r.tables().get(0).attempts()).isEqualTo(3);
    }
    assertThat(fx.emulator().sqlFaults().fired()).isEqualTo(2);
    assertThat(fx.count(table)).isEqualTo(20);
    assertThat(fx.stagedObjects()).isEmpty();
  }

  @Test
  void nonTransientErrorsAreNotRetried() throws Exception {
    fx.emulator().sqlFaults().failNext("^COPY", 5, SqlFault.loadError("staging"));
    try (RedshiftSink sink = RedshiftSink.open(fx.config(table))) {
      assertThatThrownBy(() -> sink.write(SinkFixture.records("t", 0, 0, 5)))
          .isInstanceOf(RedsinkException.class)
          .hasMessageContaining("Load into table")
          .satisfies(e -> assertThat(((RedsinkException) e).isTransient()).isFalse());
    }
    assertThat(fx.emulator().sqlFaults().fired()).isEqualTo(1);
    assertThat(fx.count(table)).isZero();
    assertThat(fx.stagedObjects()).isEmpty();
  }

  @Test
  void aLostCommitReplyIsReconciledThroughTheLedger() throws Exception {
    fx.emulator().sqlFaults().failNext("^COMMIT", 1, SqlFault.dropBeforeReply());
    try (RedshiftSink sink = RedshiftSink.open(fx.config(table))) {
      LoadResult r = sink.write(SinkFixture.records("t", 0, 0, 30));
      assertThat(r.next()).containsEntry(new TopicPartition("t", 0), 30L);
      assertThat(r.committed())
          .as("the retry found the lost COMMIT landed: its records were committed, not skipped")
          .isEqualTo(Map.of(new TopicPartition("t", 0), 30));
      assertThat(r.skipped()).isZero();
    }
    assertThat(fx.emulator().sqlFaults().fired()).isEqualTo(1);
    assertThat(fx.count(table)).isEqualTo(30);
    assertThat(fx.distinctIds(table)).isEqualTo(30);
  }

  @Test
  void aLostCommitReplyThatCommittedArchivesItsFilesAsAnyCommittedLoad() throws Exception {
    Map<String, Object> config = fx.config(table);
    config.put("archive", true);
    List<String> archivedBefore = fx.objects("archive/");
    fx.emulator().sqlFaults().failNext("^COMMIT", 1, SqlFault.dropBeforeReply());
    try (RedshiftSink sink = RedshiftSink.open(config)) {
      sink.write(SinkFixture.records("t", 0, 0, 30));
    }
    assertThat(fx.emulator().sqlFaults().fired()).isEqualTo(1);
    assertThat(fx.count(table)).isEqualTo(30);
    List<String> archived = new ArrayList<>(fx.objects("archive/"));
    archived.removeAll(archivedBefore);
    assertThat(archived).as("the committed load's file, archived").hasSize(1);
    assertThat(fx.stagedObjects()).isEmpty();
  }

  @Test
  void aTopicWhoseTableWouldBeAnotherTablesLedgerIsRefusedNamingTheFix() throws Exception {
    Map<String, Object> config = fx.config("{topic}");
    try (RedshiftSink sink = RedshiftSink.open(config)) {
      sink.write(SinkFixture.records(table, 0, 0, 5));
      assertThatThrownBy(() -> sink.write(SinkFixture.records("_redsink_ledger_" + table, 0, 0, 1)))
          .isInstanceOf(RedsinkException.class)
          .hasMessageContaining("Cannot load topic _redsink_ledger_" + table)
          .hasMessageContaining("set target_table");
      assertThat(sink.nextOffset(table, 0)).as("the ledger of " + table).hasValue(5);
    }
    assertThat(fx.count(table)).isEqualTo(5);
  }

  @Test
  void failuresAtEachStepLeaveNothingAndTheNextRunLoadsOnce() throws Exception {
    String[] steps = {"^COPY", "^SELECT pg_last_copy_count", "^INSERT INTO", "^UPDATE", "^COMMIT"};
    Map<String, Object> config = fx.config(table);
    config.put("max_retries", 1);
    List<Record> batch = SinkFixture.records("t", 0, 0, 40);
    for (String step : steps) {
      fx.emulator().sqlFaults().failNext(step, 1, SqlFault.dropBeforeStatement());
      try (RedshiftSink sink = RedshiftSink.open(config)) {
        assertThatThrownBy(() -> sink.write(batch)).isInstanceOf(RedsinkException.class);
      }
      assertThat(fx.count(table)).as("rows after a failure before " + step).isZero();
    }
    assertThat(fx.emulator().sqlFaults().fired()).isEqualTo(steps.length);
    try (RedshiftSink sink = RedshiftSink.open(config)) {
      assertThat(sink.write(batch).loaded()).isEqualTo(40);
    }
    assertThat(fx.count(table)).isEqualTo(40);
    assertThat(fx.stagedObjects()).isEmpty();
  }

  @Test
  void twoWritersWithOverlappingOffsetsLoadEachRecordOnce() throws Exception {
    // Both consume the partition in order from the ledger's position, as a stale task and its
    // replacement do; their batches overlap at different boundaries.
    List<Record> a = SinkFixture.records("t", 0, 0, 600);
    List<Record> b = SinkFixture.records("t", 0, 0, 900);
    List<Throwable> failures = new ArrayList<>();
    Thread[] writers = new Thread[2];
    List<List<Record>> batches = List.of(a, b);
    for (int i = 0; i < 2; i++) {
      List<Record> batch = batches.get(i);
      writers[i] =
          new Thread(
              () -> {
                int size = batch.size() == 600 ? 100 : 150;
                try (RedshiftSink sink = RedshiftSink.open(fx.config(table))) {
                  for (int from = 0; from < batch.size(); from += size) {
                    sink.write(batch.subList(from, from + size));
                  }
                } catch (Throwable t) {
                  synchronized (failures) {
                    failures.add(t);
                  }
                }
              });
      writers[i].start();
    }
    for (Thread t : writers) {
      t.join(120_000);
    }
    assertThat(failures).isEmpty();
    assertThat(fx.count(table)).isEqualTo(900);
    assertThat(fx.distinctIds(table)).isEqualTo(900);
    assertThat(fx.value("SELECT next_offset FROM \"_redsink_ledger_" + table + "\""))
        .isEqualTo("900");
  }

  @Test
  void concurrentLoadsOfDifferentTablesDoNotConflictOnTheLedger() throws Exception {
    List<Throwable> failures = new ArrayList<>();
    List<Thread> writers = new ArrayList<>();
    for (String suffix : List.of("_a", "_b", "_c")) {
      Map<String, Object> config = fx.config(table + suffix);
      config.put("max_retries", 1);
      Thread t =
          new Thread(
              () -> {
                try (RedshiftSink sink = RedshiftSink.open(config)) {
                  for (int i = 0; i < 15; i++) {
                    sink.write(SinkFixture.records("t", 0, i * 20L, 20));
                  }
                } catch (Throwable e) {
                  synchronized (failures) {
                    failures.add(e);
                  }
                }
              });
      writers.add(t);
      t.start();
    }
    for (Thread t : writers) {
      t.join(120_000);
    }
    assertThat(failures).isEmpty();
    for (String suffix : List.of("_a", "_b", "_c")) {
      assertThat(fx.count(table + suffix)).isEqualTo(300);
    }
  }

  @Test
  void aBatchRetriedAfterOneTableFailedCountsTheOtherTablesRecordsAsCommittedOnce()
      throws Exception {
    Map<String, Object> config = fx.config(table + "_{topic_segment[-1]}");
    List<Record> batch = new ArrayList<>(SinkFixture.records("orders.eu", 0, 0, 5));
    batch.addAll(SinkFixture.records("orders.us", 0, 0, 7));
    try (RedshiftSink sink = RedshiftSink.open(config)) {
      fx.emulator().sqlFaults().failNext("^COPY .*_us\"", 1, SqlFault.loadError("staging"));
      assertThatThrownBy(() -> sink.write(batch)).hasMessageContaining("COPY");
      assertThat(fx.count(table + "_eu")).as("the other table committed").isEqualTo(5);

      LoadResult retry = sink.write(batch);

      assertThat(retry.skipped())
          .as("the ledger covers orders.eu, but by this sink's own commit: not skipped")
          .isZero();
      assertThat(retry.tables())
          .extracting(LoadResult.TableLoad::table, LoadResult.TableLoad::rows)
          .as("the failed write's committed load of orders.eu, then the retry's (nothing new)")
          .containsExactlyInAnyOrder(
              tuple(table + "_eu", 5), tuple(table + "_eu", 0), tuple(table + "_us", 7));
      assertThat(retry.committed())
          .as("each record once: orders.eu by the failed write, orders.us by its retry")
          .isEqualTo(
              Map.of(new TopicPartition("orders.eu", 0), 5, new TopicPartition("orders.us", 0), 7));
      assertThat(sink.write(batch).committedRecords()).as("a replay commits nothing").isZero();
    }
    assertThat(fx.count(table + "_us")).isEqualTo(7);
  }

  @Test
  void templatedAndSchemaQualifiedTables() throws Exception {
    fx.execute("CREATE SCHEMA IF NOT EXISTS analytics");
    Map<String, Object> config = fx.config(table + "_{topic_segment[-1]}");
    config.put("target_schema", "analytics");
    try (RedshiftSink sink = RedshiftSink.open(config)) {
      List<Record> batch = new ArrayList<>(SinkFixture.records("orders.eu", 0, 0, 5));
      batch.addAll(SinkFixture.records("orders.us", 0, 0, 7));
      sink.write(batch);
    }
    assertThat(fx.count("analytics." + table + "_eu")).isEqualTo(5);
    assertThat(fx.count("analytics." + table + "_us")).isEqualTo(7);
    assertThat(fx.value("SELECT count(*) FROM analytics.\"_redsink_ledger_" + table + "_eu\""))
        .isEqualTo("1");
  }

  @Test
  void aTableFirstLoadedByAnotherToolResumesAfterItsRows() throws Exception {
    try (RedshiftSink sink = RedshiftSink.open(fx.config(table))) {
      sink.write(SinkFixture.records("t", 0, 0, 10));
    }
    fx.execute("DELETE FROM \"_redsink_ledger_" + table + "\"");
    try (RedshiftSink sink = RedshiftSink.open(fx.config(table))) {
      assertThat(sink.nextOffset("t", 0)).hasValue(10);
      assertThat(sink.write(SinkFixture.records("t", 0, 0, 15)).loaded()).isEqualTo(5);
    }
    assertThat(fx.distinctIds(table)).isEqualTo(15);
    assertThat(fx.count(table)).isEqualTo(15);
  }

  @Test
  void dedupByIdSkipsIdsAnotherLoaderAlreadyWrote() throws Exception {
    RedshiftSink.open(fx.config(table)).close();
    fx.execute(
        "INSERT INTO " + table + " (id) VALUES ('t:0:2'), ('t:0:4')",
        "INSERT INTO \"_redsink_ledger_"
            + table
            + "\" VALUES ('"
            + table
            + "', 't', 0, 0, GETDATE(), 2)");
    Map<String, Object> config = fx.config(table);
    config.put("dedup_by_id", true);
    try (RedshiftSink sink = RedshiftSink.open(config)) {
      assertThat(sink.write(SinkFixture.records("t", 0, 0, 6)).loaded()).isEqualTo(4);
    }
    assertThat(fx.count(table)).isEqualTo(6);
    assertThat(fx.distinctIds(table)).isEqualTo(6);
    assertThat(fx.value("SELECT count(*) FROM " + table + " WHERE payload IS NULL")).isEqualTo("2");
  }

  @Test
  void superPayloadAndHeadersAreQueryableJson() throws Exception {
    Map<String, Object> config = fx.config(table);
    config.put("payload_format", "super");
    config.put("include_headers", true);
    List<Record> batch =
        List.of(
            new Record(
                "t",
                0,
                0,
                1L,
                null,
                List.of(
                    new dev.redsink.core.record.Header("trace", "abc".getBytes(UTF_8)),
                    new dev.redsink.core.record.Header("raw", new byte[] {(byte) 0xff, 0x00})),
                "{\"order_id\": 7, \"items\": [{\"sku\": \"a-1\"}, {\"sku\": \"b-2\"}]}"
                    .getBytes(UTF_8)),
            new Record("t", 0, 1, 2L, null, List.of(), "[1, \"two\"]".getBytes(UTF_8)));
    Record notJson = new Record("t", 0, 2, 3L, null, List.of(), "not json".getBytes(UTF_8));
    try (RedshiftSink sink = RedshiftSink.open(config)) {
      assertThat(sink.check(notJson))
          .hasValueSatisfying(
              e ->
                  assertThat(e)
                      .hasMessageContaining("t:0:2")
                      .hasMessageContaining("not valid JSON"));
      assertThat(sink.write(batch).loaded()).isEqualTo(2);
    }
    assertThat(
            fx.value(
                "SELECT data_type FROM svv_columns WHERE table_name = '"
                    + table
                    + "' AND column_name = 'payload'"))
        .isEqualTo("super");
    assertThat(
            fx.value(
                "SELECT payload.order_id, payload.items[1].sku, payload.order_id::int + 1 FROM "
                    + table
                    + " WHERE id = 't:0:0'"))
        .isEqualTo("7|\"b-2\"|8");
    assertThat(fx.value("SELECT id FROM " + table + " WHERE payload.order_id = 7"))
        .isEqualTo("t:0:0");
    assertThat(fx.value("SELECT payload[1] FROM " + table + " WHERE id = 't:0:1'"))
        .isEqualTo("\"two\"");
    assertThat(
            fx.value(
                "SELECT pico_headers.trace::varchar, pico_headers.raw FROM "
                    + table
                    + " WHERE id = 't:0:0'"))
        .isEqualTo("abc|\"/wA=\"");
    assertThat(
            fx.value(
                "SELECT IS_OBJECT(pico_headers), pico_headers.trace FROM "
                    + table
                    + " WHERE id = 't:0:1'"))
        .isEqualTo("t|null");
  }

  @Test
  void oversizedRecordsNameTheRecordAndLoadNothing() throws Exception {
    Map<String, Object> config = fx.config(table);
    config.put("payload_format", "text");
    List<Record> batch = new ArrayList<>(SinkFixture.records("t", 0, 0, 3));
    batch.add(new Record("t", 0, 3, 0L, null, List.of(), new byte[70_000]));
    try (RedshiftSink sink = RedshiftSink.open(config)) {
      assertThat(sink.check(batch.get(3))).isPresent();
      assertThat(sink.check(batch.get(0))).isEmpty();
      assertThatThrownBy(() -> sink.write(batch))
          .isInstanceOf(BadRecordException.class)
          .hasMessageContaining("t:0:3");
    }
    assertThat(fx.count(table)).isZero();
  }

  @Test
  void archiveKeepsTheFilesUnderArchiveMessages() throws Exception {
    Map<String, Object> config = fx.config(table);
    config.put("archive", true);
    try (RedshiftSink sink = RedshiftSink.open(config)) {
      sink.write(SinkFixture.records("t", 0, 0, 5));
    }
    assertThat(fx.stagedObjects()).isEmpty();
    assertThat(
            fx.emulator()
                .s3()
                .client()
                .listObjectsV2(b -> b.bucket(fx.emulator().bucket()).prefix("archive/messages/"))
                .contents())
        .isNotEmpty();
  }
}
