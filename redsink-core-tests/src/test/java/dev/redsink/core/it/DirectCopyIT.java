package dev.redsink.core.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redsink.core.RedshiftSink;
import dev.redsink.core.error.RedsinkException;
import dev.redsink.core.record.LoadResult;
import dev.redsink.core.record.Record;
import dev.redsink.emulator.EmulatorStatistics;
import dev.redsink.emulator.RedshiftEmulator;
import dev.redsink.emulator.RedshiftEmulatorExtension;
import dev.redsink.emulator.dialect.StatementKind;
import dev.redsink.emulator.fault.SqlFault;
import dev.redsink.testkit.HeldStatement;
import dev.redsink.testkit.Warehouse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * Appends COPY straight into the target inside the ledger transaction: each row written once, the
 * target's own columns left to their DEFAULT, and a failure anywhere between the COPY and the
 * COMMIT leaving nothing behind.
 */
@ExtendWith(RedshiftEmulatorExtension.class)
class DirectCopyIT {

  private static final Duration AT_MOST = Duration.ofMinutes(2);

  private SinkFixture fx;
  private String table;
  private HeldStatement statement;

  @BeforeEach
  void setUp(RedshiftEmulator emulator) {
    fx = new SinkFixture(emulator);
    table = Warehouse.uniqueTable("dc");
    statement = new HeldStatement(emulator, AT_MOST);
  }

  @AfterEach
  void tearDown() {
    statement.close();
  }

  @Test
  void appendsWriteEachRowOnceIntoATableWithColumnsOfItsOwnInAnotherOrder() throws Exception {
    fx.execute(
        "CREATE TABLE "
            + table
            + " (batch_no INTEGER NOT NULL DEFAULT 7, payload VARCHAR(MAX), created_at"
            + " VARCHAR, pico_key VARCHAR(MAX), pico_partition BIGINT, pico_topic VARCHAR,"
            + " pico_timestamp VARCHAR(20), pico_offset VARCHAR(20), id VARCHAR(512))");
    Map<String, Object> config = fx.config(table);
    config.put("payload_format", "text");
    List<Record> batch = SinkFixture.records("t", 0, 0, 25);
    EmulatorStatistics.Counts before = fx.emulator().statistics().total();
    try (RedshiftSink sink = RedshiftSink.open(config)) {
      assertThat(sink.write(batch).loaded()).isEqualTo(25);
    }
    EmulatorStatistics.Counts after = fx.emulator().statistics().total();
    assertThat(after.rowsWritten() - before.rowsWritten())
        .as("rows written: each record once, and the ledger's row")
        .isEqualTo(25 + 1);
    assertThat(after.copies() - before.copies()).isEqualTo(1);
    assertThat(fx.count(table)).isEqualTo(25);
    assertThat(fx.value("SELECT count(*) FROM " + table + " WHERE batch_no = 7"))
        .as("the table's own column got its DEFAULT")
        .isEqualTo("25");
    assertThat(fx.value("SELECT pico_offset FROM " + table + " WHERE id = 't:0:3'")).isEqualTo("3");

    try (RedshiftSink replay = RedshiftSink.open(config)) {
      LoadResult r = replay.write(batch);
      assertThat(r.loaded()).as("a replay loads nothing").isZero();
      assertThat(r.skipped()).isEqualTo(25);
    }
    assertThat(fx.count(table)).isEqualTo(25);
    assertThat(fx.distinctIds(table)).isEqualTo(25);
    assertThat(fx.stagedObjects()).isEmpty();
  }

  @Test
  void typedAppendsCopyStraightIntoTheTable() throws Exception {
    Map<String, Object> config = fx.config(table);
    config.put("table_layout", "typed");
    try (RedshiftSink sink = RedshiftSink.open(config)) {
      sink.write(SinkFixture.records("t", 0, 0, 10));
      EmulatorStatistics.Counts before = fx.emulator().statistics().total();
      assertThat(sink.write(SinkFixture.records("t", 0, 10, 10)).loaded()).isEqualTo(10);
      EmulatorStatistics.Counts after = fx.emulator().statistics().total();
      assertThat(after.rowsWritten() - before.rowsWritten()).isEqualTo(10 + 1);
      assertThat(created(before, after)).isZero();
      assertThat(sink.write(SinkFixture.records("t", 0, 0, 20)).loaded())
          .as("a replay loads nothing")
          .isZero();
    }
    assertThat(fx.count(table)).isEqualTo(20);
    assertThat(fx.distinctIds(table)).isEqualTo(20);
    assertThat(fx.value("SELECT sum(n) FROM " + table)).isEqualTo("190");
  }

  @Test
  void directCopyFalseStagesAppendsThroughATempTable() throws Exception {
    Map<String, Object> config = fx.config(table);
    config.put("direct_copy", false);
    EmulatorStatistics.Counts before = fx.emulator().statistics().total();
    try (RedshiftSink sink = RedshiftSink.open(config)) {
      assertThat(sink.write(SinkFixture.records("t", 0, 0, 10)).loaded()).isEqualTo(10);
    }
    EmulatorStatistics.Counts after = fx.emulator().statistics().total();
    assertThat(after.rowsWritten() - before.rowsWritten())
        .as("COPY into staging, INSERT into the target, the ledger's row")
        .isEqualTo(10 + 10 + 1);
    assertThat(fx.count(table)).isEqualTo(10);
  }

  @Test
  void aFailureAfterTheCopyBeforeTheCommitRollsTheCopyBackAndTheRetryLoadsOnce() throws Exception {
    try (RedshiftSink sink = RedshiftSink.open(fx.config(table))) {
      sink.write(SinkFixture.records("t", 0, 0, 5));
      fx.emulator()
          .sqlFaults()
          .failNext("^UPDATE \"_redsink_ledger_", 1, SqlFault.dropBeforeStatement());
      fx.emulator().sqlFaults().failNext("^COMMIT", 1, SqlFault.dropBeforeStatement());
      LoadResult r = sink.write(SinkFixture.records("t", 0, 5, 15));
      assertThat(r.loaded()).isEqualTo(15);
      assertThat(r.tables().get(0).attempts()).isEqualTo(3);
    }
    assertThat(fx.emulator().sqlFaults().fired()).isEqualTo(2);
    assertThat(fx.count(table)).isEqualTo(20);
    assertThat(fx.distinctIds(table)).isEqualTo(20);
    assertThat(fx.stagedObjects()).isEmpty();
  }

  @Test
  void aCopyThatLoadsOtherThanTheStagedRowsRollsBack() throws Exception {
    byte[] twoRows = archivedFile();
    Map<String, Object> config = fx.config(table);
    statement.hold("^COPY \"" + table + "\"");
    List<Record> batch = SinkFixture.records("t", 0, 0, 5);
    try (RedshiftSink sink = RedshiftSink.open(config)) {
      CompletableFuture<LoadResult> load = CompletableFuture.supplyAsync(() -> sink.write(batch));
      statement.awaitHeld("the COPY is held");
      // The staged file changes under the held COPY: it now holds 2 rows, not the 5 staged.
      List<String> staged = fx.stagedObjects();
      assertThat(staged).hasSize(1);
      s3().putObject(
              b -> b.bucket(fx.emulator().bucket()).key(staged.get(0)),
              RequestBody.fromBytes(twoRows));
      statement.release();
      assertThatThrownBy(() -> load.get(2, TimeUnit.MINUTES))
          .hasCauseInstanceOf(RedsinkException.class)
          .hasStackTraceContaining("COPY loaded 2 rows but 5 were staged");
    }
    assertThat(fx.count(table)).as("the COPY rolled back with the transaction").isZero();
    try (RedshiftSink sink = RedshiftSink.open(fx.config(table))) {
      assertThat(sink.nextOffset("t", 0)).as("the ledger did not move").isEmpty();
      assertThat(sink.write(batch).loaded()).isEqualTo(5);
    }
    assertThat(fx.count(table)).isEqualTo(5);
    assertThat(fx.distinctIds(table)).isEqualTo(5);
  }

  /** A Parquet file of this table's layout holding 2 rows: another table's load, archived. */
  private byte[] archivedFile() throws Exception {
    Set<String> before = archived();
    Map<String, Object> donor = fx.config(table + "_donor");
    donor.put("archive", true);
    try (RedshiftSink sink = RedshiftSink.open(donor)) {
      sink.write(SinkFixture.records("d", 0, 0, 2));
    }
    List<String> added = new ArrayList<>(archived());
    added.removeAll(before);
    assertThat(added).hasSize(1);
    return s3().getObjectAsBytes(b -> b.bucket(fx.emulator().bucket()).key(added.get(0)))
        .asByteArray();
  }

  private Set<String> archived() {
    return new HashSet<>(fx.objects("archive/"));
  }

  private S3Client s3() {
    return fx.emulator().s3().client();
  }

  private static long created(EmulatorStatistics.Counts before, EmulatorStatistics.Counts after) {
    return after.byKind().getOrDefault(StatementKind.CREATE, 0L)
        - before.byKind().getOrDefault(StatementKind.CREATE, 0L);
  }
}
