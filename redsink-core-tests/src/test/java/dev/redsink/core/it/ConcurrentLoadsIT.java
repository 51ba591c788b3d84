package dev.redsink.core.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redsink.core.RedshiftSink;
import dev.redsink.core.record.LoadResult;
import dev.redsink.core.record.Record;
import dev.redsink.core.record.TopicPartition;
import dev.redsink.emulator.RedshiftEmulator;
import dev.redsink.emulator.RedshiftEmulatorExtension;
import dev.redsink.testkit.HeldStatement;
import dev.redsink.testkit.Warehouse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * What one load may hold up: a load is held at a step by the emulator (its statement waits for a
 * latch) while another writer loads; the other writer must finish meanwhile unless both write the
 * same table inside their ledger transaction (which holds an append's COPY, and with direct_copy =
 * false only the insert from staging). With max_retries = 1, any serializable isolation violation
 * (error 1023) fails the write.
 */
@ExtendWith(RedshiftEmulatorExtension.class)
class ConcurrentLoadsIT {

  private static final Duration AT_MOST = Duration.ofSeconds(60);

  private SinkFixture fx;
  private String table;
  private HeldStatement statement;

  @BeforeEach
  void setUp(RedshiftEmulator emulator) {
    fx = new SinkFixture(emulator);
    table = Warehouse.uniqueTable("conc");
    statement = new HeldStatement(emulator, AT_MOST);
  }

  @AfterEach
  void tearDown() {
    statement.close();
  }

  @Test
  void aLoadOfAnotherTableCommitsWhileOneHoldsItsTableLocked() throws Exception {
    String other = table + "_other";
    statement.hold("^(INSERT INTO|COPY) \"" + table + "\"");
    try (RedshiftSink held = open(table);
        RedshiftSink free = open(other)) {
      CompletableFuture<LoadResult> first = load(held, SinkFixture.records("a", 0, 0, 10));
      statement.awaitHeld("the held statement was reached");

      assertThat(free.write(SinkFixture.records("b", 0, 0, 10)).loaded()).isEqualTo(10);
      assertThat(fx.count(other)).isEqualTo(10);
      // The held load's table is locked, readers included: ask the writer, not the table.
      assertThat(first).as("the held load has not committed").isNotDone();

      statement.release();
      assertThat(first.get(2, TimeUnit.MINUTES).loaded()).isEqualTo(10);
    }
    assertThat(fx.count(table)).isEqualTo(10);
  }

  @Test
  void aWriterOfTheSameTableWaitsForAnotherWritersCopyStraightIntoIt() throws Exception {
    statement.hold("^COPY ");
    try (RedshiftSink held = open(table);
        RedshiftSink waiting = open(table)) {
      CompletableFuture<LoadResult> first = load(held, SinkFixture.records("t", 0, 0, 10));
      statement.awaitHeld("the held statement was reached");
      CompletableFuture<LoadResult> second = load(waiting, SinkFixture.records("t", 1, 0, 10));
      awaitLockWait();
      assertThat(first).isNotDone();
      assertThat(second).as("queued on the ledger's lock, not failed").isNotDone();

      statement.release();
      assertThat(first.get(2, TimeUnit.MINUTES).loaded()).isEqualTo(10);
      LoadResult late = second.get(2, TimeUnit.MINUTES);
      assertThat(late.loaded()).isEqualTo(10);
      assertThat(late.tables()).allSatisfy(load -> assertThat(load.attempts()).isEqualTo(1));
    }
    assertThat(fx.count(table)).isEqualTo(20);
    assertThat(fx.distinctIds(table)).isEqualTo(20);
  }

  @Test
  void withStagingAWriterOfTheSameTableDoesNotWaitForAnotherWritersCopy() throws Exception {
    statement.hold("^COPY ");
    try (RedshiftSink held = open(table, false);
        RedshiftSink free = open(table, false)) {
      CompletableFuture<LoadResult> first = load(held, SinkFixture.records("t", 0, 0, 10));
      statement.awaitHeld("the held statement was reached");

      assertThat(free.write(SinkFixture.records("t", 1, 0, 10)).loaded()).isEqualTo(10);
      assertThat(fx.count(table)).as("only the writer not held has committed").isEqualTo(10);
      assertThat(first).isNotDone();

      statement.release();
      assertThat(first.get(2, TimeUnit.MINUTES).loaded()).isEqualTo(10);
    }
    assertThat(fx.count(table)).isEqualTo(20);
    assertThat(fx.distinctIds(table)).isEqualTo(20);
  }

  @Test
  void aWriterHeldAfterItsCopyReadsTheLedgerAsTheOtherWriterCommittedIt() throws Exception {
    statement.hold("^LOCK \"_redsink_ledger_" + table + "\"");
    try (RedshiftSink held = open(table);
        RedshiftSink free = open(table)) {
      CompletableFuture<LoadResult> first = load(held, SinkFixture.records("t", 0, 0, 20));
      statement.awaitHeld("the held statement was reached");

      assertThat(free.write(SinkFixture.records("t", 0, 0, 30)).loaded()).isEqualTo(30);

      statement.release();
      LoadResult late = first.get(2, TimeUnit.MINUTES);
      assertThat(late.loaded()).as("rows the late writer loaded").isZero();
      assertThat(late.skipped()).isEqualTo(20);
      assertThat(late.tables()).allSatisfy(load -> assertThat(load.attempts()).isEqualTo(1));
    }
    assertThat(fx.count(table)).isEqualTo(30);
    assertThat(fx.distinctIds(table)).isEqualTo(30);
  }

  /**
   * A zombie writer (one whose partitions moved on to another) that only settles offsets, say of
   * records it sent to a dead letter queue, planned before the new owner loaded further: its late
   * transaction must not move the ledger back, or the next start loads those rows again.
   */
  @Test
  void aZombieWritersSettledOffsetsNeverMoveTheLedgerBack() throws Exception {
    TopicPartition tp = new TopicPartition("t", 0);
    try (RedshiftSink zombie = open(table);
        RedshiftSink owner = open(table)) {
      owner.write(SinkFixture.records("t", 0, 0, 3));
      statement.hold("^LOCK \"_redsink_ledger_" + table + "\"");
      CompletableFuture<LoadResult> late =
          CompletableFuture.supplyAsync(() -> zombie.write(List.of(), Map.of(tp, 5L)));
      statement.awaitHeld("the zombie's ledger transaction was reached");

      assertThat(owner.write(SinkFixture.records("t", 0, 3, 7)).loaded()).isEqualTo(7);

      statement.release();
      late.get(2, TimeUnit.MINUTES);
      assertThat(owner.nextOffset("t", 0)).as("the ledger after the zombie").hasValue(10);
    }
    try (RedshiftSink restarted = open(table)) {
      LoadResult replay = restarted.write(SinkFixture.records("t", 0, 0, 10));
      assertThat(replay.loaded()).isZero();
    }
    assertThat(fx.count(table)).isEqualTo(10);
    assertThat(fx.distinctIds(table)).isEqualTo(10);
  }

  /**
   * Two writers of a typed table both need a VARCHAR wider: the one held at its ALTER finds the
   * column already widened by the other (Redshift answers its ALTER with 0A000) and loads on.
   */
  @Test
  void aWriterWhoseColumnAnotherWriterWidenedFirstLoadsOn() throws Exception {
    try (RedshiftSink held = openTyped(table);
        RedshiftSink other = openTyped(table)) {
      other.write(List.of(note("t", 0, "short")));
      statement.hold("^ALTER TABLE \"" + table + "\" ALTER COLUMN");
      CompletableFuture<LoadResult> first = load(held, List.of(note("t", 1, "x".repeat(300))));
      statement.awaitHeld("the held writer's ALTER was reached");

      assertThat(other.write(List.of(note("t", 2, "y".repeat(400)))).loaded()).isEqualTo(1);

      statement.release();
      assertThat(first.get(2, TimeUnit.MINUTES).loaded()).isEqualTo(1);
    }
    assertThat(fx.count(table)).isEqualTo(3);
    assertThat(fx.value("SELECT MAX(LEN(note)) FROM \"" + table + "\"")).isEqualTo("400");
  }

  private RedshiftSink openTyped(String target) {
    Map<String, Object> config = fx.config(target);
    config.put("max_retries", 1);
    config.put("table_layout", "typed");
    return RedshiftSink.open(config);
  }

  private static Record note(String topic, int partition, String note) {
    return new Record(
        topic,
        partition,
        0,
        1_700_000_000_000L,
        null,
        List.of(),
        ("{\"note\":\"" + note + "\"}").getBytes(java.nio.charset.StandardCharsets.UTF_8));
  }

  @Test
  void writersOfDistinctTablesNeverRetry() throws Exception {
    List<CompletableFuture<Void>> writers = new ArrayList<>();
    for (int w = 0; w < 4; w++) {
      String name = table + "_" + w;
      writers.add(
          CompletableFuture.runAsync(
              () -> {
                try (RedshiftSink sink = open(name)) {
                  for (int i = 0; i < 10; i++) {
                    LoadResult r = sink.write(SinkFixture.records("t", 0, i * 20L, 20));
                    r.tables().forEach(load -> assertThat(load.attempts()).isEqualTo(1));
                  }
                }
              }));
    }
    for (CompletableFuture<Void> w : writers) {
      w.get(5, TimeUnit.MINUTES);
    }
    for (int w = 0; w < 4; w++) {
      assertThat(fx.count(table + "_" + w)).isEqualTo(200);
    }
  }

  /** Waits until some session waits for a table lock (another holds it). */
  private void awaitLockWait() throws Exception {
    String waiting = "SELECT count(*) FROM svv_transactions WHERE NOT granted";
    long deadline = System.nanoTime() + AT_MOST.toNanos();
    while (!"1".equals(fx.value(waiting)) && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }
    assertThat(fx.value(waiting)).as("sessions waiting for a lock").isEqualTo("1");
  }

  private RedshiftSink open(String target) {
    return open(target, true);
  }

  private RedshiftSink open(String target, boolean directCopy) {
    Map<String, Object> config = fx.config(target);
    config.put("max_retries", 1);
    config.put("direct_copy", directCopy);
    return RedshiftSink.open(config);
  }

  private static CompletableFuture<LoadResult> load(RedshiftSink sink, List<Record> records) {
    return CompletableFuture.supplyAsync(() -> sink.write(records));
  }
}
