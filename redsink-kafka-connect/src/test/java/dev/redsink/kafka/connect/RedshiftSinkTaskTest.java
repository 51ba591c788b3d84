package dev.redsink.kafka.connect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.redsink.core.error.AuthorizationException;
import dev.redsink.core.error.CommitOutcomeUnknownException;
import dev.redsink.core.error.TransientException;
import dev.redsink.core.record.Record;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.LongStream;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.record.TimestampType;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.errors.ConnectException;
import org.apache.kafka.connect.errors.RetriableException;
import org.apache.kafka.connect.sink.SinkRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class RedshiftSinkTaskTest {
  private static final TopicPartition P0 = new TopicPartition("orders", 0);
  private static final TopicPartition P1 = new TopicPartition("orders", 1);

  private final FakeLoader loader = new FakeLoader();
  private final FakeSinkTaskContext context = new FakeSinkTaskContext();
  private final MutableClock clock = new MutableClock();
  private final Map<String, String> props = new HashMap<>();
  private RedshiftSinkTask task;

  @BeforeEach
  void setUp() {
    props.put("name", "unit-" + System.nanoTime());
    props.put(RedshiftSinkConfig.TASK_ID, "3");
    props.put("flush.max.records", "5");
    props.put("flush.interval.ms", "60000");
    context.assignment.addAll(List.of(P0, P1));
  }

  @AfterEach
  void tearDown() {
    if (task != null) {
      task.stop();
    }
  }

  private void start() {
    task = new RedshiftSinkTask(core -> loader, clock);
    task.initialize(context);
    task.start(props);
    task.open(List.of(P0, P1));
  }

  private static SinkRecord record(TopicPartition tp, long offset, String value) {
    return new SinkRecord(
        tp.topic(),
        tp.partition(),
        Schema.STRING_SCHEMA,
        "k" + offset,
        Schema.OPTIONAL_STRING_SCHEMA,
        value,
        offset,
        1_700_000_000_000L + offset,
        TimestampType.CREATE_TIME);
  }

  private static List<SinkRecord> records(TopicPartition tp, long from, long to) {
    return LongStream.range(from, to).mapToObj(o -> record(tp, o, "v" + o)).toList();
  }

  private Map<TopicPartition, OffsetAndMetadata> consumed(long p0, long p1) {
    return new HashMap<>(Map.of(P0, new OffsetAndMetadata(p0), P1, new OffsetAndMetadata(p1)));
  }

  @Test
  void buffersAcrossPutsAndLoadsOnceTheRecordThresholdTrips() {
    start();
    task.put(records(P0, 0, 2));
    task.put(records(P1, 0, 2));
    assertThat(loader.writes).isEmpty();
    assertThat(context.timeout).isEqualTo(60_000);

    task.put(records(P0, 2, 3));

    assertThat(loader.writes).hasSize(1);
    assertThat(loader.writes.get(0))
        .extracting(Record::id)
        .containsExactly("orders:0:0", "orders:0:1", "orders:1:0", "orders:1:1", "orders:0:2");
    assertThat(loader.offsetsLoaded("orders", 0)).containsExactly(0L, 1L, 2L);
  }

  @Test
  void keepsConsumingWhileALoadRunsAndCommitsOnlyWhatTheLedgerHolds() throws Exception {
    CountDownLatch entered = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    startLoadingInBackground(new GatedLoader(loader, entered, release));

    task.put(records(P0, 0, 5));
    assertThat(entered.await(10, TimeUnit.SECONDS)).as("first load started").isTrue();
    task.put(records(P0, 5, 8));
    assertThat(task.preCommit(consumed(8, 0)))
        .as("nothing is committed while the load runs")
        .doesNotContainKey(P0);

    release.countDown();
    // A full buffer waits for the running load, then starts the next one.
    task.put(records(P0, 8, 10));
    assertThat(task.preCommit(consumed(10, 0)).get(P0).offset()).isIn(5L, 10L);

    task.close(List.of(P0, P1));
    assertThat(loader.offsetsLoaded("orders", 0))
        .containsExactly(0L, 1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L);
    assertThat(loader.writes).hasSize(2);
  }

  @Test
  void aDueBufferKeepsConsumingWhileALoadRunsAndLoadsRightAfterIt() throws Exception {
    CountDownLatch entered = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    startLoadingInBackground(new GatedLoader(loader, entered, release));
    task.put(records(P0, 0, 5));
    assertThat(entered.await(10, TimeUnit.SECONDS)).as("first load started").isTrue();

    task.put(records(P0, 5, 7));
    clock.advance(Duration.ofMinutes(2));
    // Due but not full: neither put nor preCommit waits for the running load.
    assertTimeoutPreemptively(
        Duration.ofSeconds(10),
        () -> {
          task.put(records(P0, 7, 8));
          task.preCommit(consumed(8, 0));
        });
    assertThat(context.timeout).isEqualTo(dev.redsink.core.SinkSession.DUE_RECHECK_MS);
    assertThat(loader.writes).isEmpty();

    release.countDown();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (task.preCommit(consumed(8, 0)).get(P0) == null
        || task.preCommit(consumed(8, 0)).get(P0).offset() < 8) {
      assertThat(System.nanoTime()).as("both loads committed in time").isLessThan(deadline);
      task.put(List.of());
      Thread.sleep(10);
    }
    synchronized (loader) {
      assertThat(loader.writes).hasSize(2);
      assertThat(loader.offsetsLoaded("orders", 0)).containsExactly(0L, 1L, 2L, 3L, 4L, 5L, 6L, 7L);
    }
  }

  @Test
  void aFailedBackgroundLoadIsRetriedFromTheLedgerWithTheRecordsBufferedSince() throws Exception {
    CountDownLatch entered = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    startLoadingInBackground(new GatedLoader(loader, entered, release));
    loader.failures.add(new TransientException("connection reset"));

    task.put(records(P0, 0, 5));
    assertThat(entered.await(10, TimeUnit.SECONDS)).isTrue();
    task.put(records(P1, 0, 2));
    release.countDown();
    assertThatThrownBy(() -> task.put(records(P1, 2, 5))).isInstanceOf(RetriableException.class);

    // Connect hands the same records over again after the timeout.
    task.put(records(P1, 2, 5));
    task.close(List.of(P0, P1));
    assertThat(loader.offsetsLoaded("orders", 0)).containsExactly(0L, 1L, 2L, 3L, 4L);
    assertThat(loader.offsetsLoaded("orders", 1)).containsExactly(0L, 1L, 2L, 3L, 4L);
  }

  @Test
  void stopLetsTheRunningLoadFinishBeforeTheLoaderCloses() throws Exception {
    CountDownLatch entered = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    startLoadingInBackground(new GatedLoader(loader, entered, release));
    task.put(records(P0, 0, 5));
    assertThat(entered.await(10, TimeUnit.SECONDS)).isTrue();

    task.stop();
    task = null;
    assertThat(loader.closed).as("closed under a running load").isFalse();

    release.countDown();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (!isClosed() && System.nanoTime() < deadline) {
      Thread.sleep(10);
    }
    assertThat(isClosed()).as("closed once the load finished").isTrue();
    synchronized (loader) {
      assertThat(loader.offsetsLoaded("orders", 0)).containsExactly(0L, 1L, 2L, 3L, 4L);
    }
  }

  private boolean isClosed() {
    synchronized (loader) {
      return loader.closed;
    }
  }

  /** Starts a task that loads on its own thread, as in production, through this loader. */
  private void startLoadingInBackground(Loader gated) {
    task = new RedshiftSinkTask(core -> gated, clock, false);
    task.initialize(context);
    task.start(props);
    task.open(List.of(P0, P1));
  }

  /** A loader whose first write waits until released. */
  private static final class GatedLoader implements Loader {
    private final FakeLoader fake;
    private final CountDownLatch entered;
    private final CountDownLatch release;

    GatedLoader(FakeLoader fake, CountDownLatch entered, CountDownLatch release) {
      this.fake = fake;
      this.entered = entered;
      this.release = release;
    }

    @Override
    public dev.redsink.core.record.LoadResult write(
        List<Record> batch, Map<dev.redsink.core.record.TopicPartition, Long> settledThrough) {
      entered.countDown();
      try {
        release.await();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException(e);
      }
      synchronized (fake) {
        return fake.write(batch, settledThrough);
      }
    }

    @Override
    public java.util.Optional<dev.redsink.core.error.BadRecordException> check(Record record) {
      return fake.check(record);
    }

    @Override
    public Map<dev.redsink.core.record.TopicPartition, Long> nextOffsets(
        java.util.Collection<dev.redsink.core.record.TopicPartition> partitions) {
      synchronized (fake) {
        return fake.nextOffsets(partitions);
      }
    }

    @Override
    public boolean appliesTombstones() {
      return false;
    }

    @Override
    public Duration retryDelay(int failures) {
      return fake.retryDelay(failures);
    }

    @Override
    public Duration retryTimeout() {
      return fake.retryTimeout();
    }

    @Override
    public void close() {
      synchronized (fake) {
        fake.close();
      }
    }
  }

  @Test
  void loadsWhenTheByteThresholdTrips() {
    props.put("flush.max.records", "1000");
    props.put("flush.max.bytes", "20");
    start();
    task.put(List.of(record(P0, 0, "0123456789")));
    assertThat(loader.writes).isEmpty();
    task.put(List.of(record(P0, 1, "0123456789")));
    assertThat(loader.writes).hasSize(1);
    assertThat(loader.offsetsLoaded("orders", 0)).containsExactly(0L, 1L);
  }

  @Test
  void loadsWhenTheOldestRecordHasWaitedTheInterval() {
    start();
    task.put(records(P0, 0, 2));
    clock.advance(Duration.ofSeconds(30));
    task.put(List.of());
    assertThat(loader.writes).isEmpty();
    assertThat(context.timeout).isEqualTo(30_000);

    clock.advance(Duration.ofSeconds(30));
    task.put(List.of());

    assertThat(loader.offsetsLoaded("orders", 0)).containsExactly(0L, 1L);
  }

  @Test
  void preCommitAlsoLoadsWhenTheIntervalHasPassed() {
    start();
    task.put(records(P0, 0, 2));
    clock.advance(Duration.ofMinutes(1));

    Map<TopicPartition, OffsetAndMetadata> offsets = task.preCommit(consumed(2, 0));

    assertThat(loader.offsetsLoaded("orders", 0)).containsExactly(0L, 1L);
    assertThat(offsets).containsExactly(Map.entry(P0, new OffsetAndMetadata(2)));
  }

  @Test
  void preCommitReturnsOnlyOffsetsTheLedgerHolds() {
    start();
    task.put(records(P0, 0, 5));
    task.put(records(P1, 0, 3));

    Map<TopicPartition, OffsetAndMetadata> offsets = task.preCommit(consumed(5, 3));

    // P0's five records are loaded; P1's three are only buffered.
    assertThat(offsets).containsExactly(Map.entry(P0, new OffsetAndMetadata(5)));
  }

  /**
   * Each partition is seeked one record before the ledger: Connect counts a seek as committed, so
   * only moving past that record gets the ledger's offset committed in Kafka; the record itself is
   * skipped as loaded.
   */
  @Test
  void openSeeksEachPartitionOneBeforeTheLedgerAndSkipsWhatItCovers() {
    loader.ledger.put(new dev.redsink.core.record.TopicPartition("orders", 0), 3L);
    start();

    assertThat(context.seeks).containsExactly(Map.entry(P0, 2L));
    assertThat(task.preCommit(consumed(2, 0)))
        .as("never ahead of what Connect consumed, which it would ignore with a warning")
        .containsExactly(Map.entry(P0, new OffsetAndMetadata(2)));
    assertThat(task.preCommit(consumed(3, 0)))
        .containsExactly(Map.entry(P0, new OffsetAndMetadata(3)));

    task.put(records(P0, 2, 8));

    assertThat(loader.offsetsLoaded("orders", 0)).containsExactly(3L, 4L, 5L, 6L, 7L);
    assertThat(task.metrics().getRecordsReceived()).isEqualTo(5);
    assertThat(task.metrics().getRecordsSkippedAlreadyLoaded()).isEqualTo(1);
  }

  /**
   * Redshift unreachable when partitions are assigned: the task pauses them instead of failing,
   * drops what Connect still delivers for them, and once the ledger answers seeks each to the
   * ledger (or to the first record it dropped) and resumes: nothing is lost or loaded twice.
   */
  @Test
  void partitionsAssignedWhileRedshiftIsDownArePausedAndResumeFromTheLedgerOnceItAnswers() {
    loader.ledger.put(new dev.redsink.core.record.TopicPartition("orders", 0), 3L);
    loader.ledgerFailures.add(new TransientException("Cannot connect to Redshift: refused"));
    loader.ledgerFailures.add(new TransientException("Cannot connect to Redshift: refused"));
    start();

    assertThat(context.paused).containsExactlyInAnyOrder(P0, P1);
    assertThat(context.seeks).isEmpty();
    assertThat(context.timeout).isPositive();

    task.put(records(P1, 0, 3)); // fetched before the pause; the ledger still does not answer
    assertThat(loader.writes).isEmpty();
    assertThat(context.paused).containsExactlyInAnyOrder(P0, P1);

    task.put(List.of());
    assertThat(context.paused).isEmpty();
    assertThat(context.seeks).containsOnly(Map.entry(P0, 2L), Map.entry(P1, 0L));

    task.put(records(P0, 2, 5));
    task.put(records(P1, 0, 3));
    assertThat(loader.offsetsLoaded("orders", 0)).containsExactly(3L, 4L);
    assertThat(loader.offsetsLoaded("orders", 1)).containsExactly(0L, 1L, 2L);
  }

  @Test
  void aLogThatRestartsBelowTheLedgerFailsTheTaskNamingTheResetCommand() {
    loader.ledger.put(new dev.redsink.core.record.TopicPartition("orders", 0), 1200L);
    start();

    // The topic was recreated: the seek to 1200 was out of range and the consumer reset to 0.
    assertThatThrownBy(() -> task.put(records(P0, 0, 5)))
        .isInstanceOf(ConnectException.class)
        .isNotInstanceOf(RetriableException.class)
        .hasMessageContaining("topic orders partition 0")
        .hasMessageContaining("the ledger's next offset is 1200")
        .hasMessageContaining("restarted at offset 0")
        .hasMessageContaining("redsink ledger reset CONNECTOR.toml --topic orders --partition 0");
    assertThat(loader.rows).isEmpty();
    assertThatThrownBy(() -> task.put(records(P0, 5, 6))).isInstanceOf(ConnectException.class);
  }

  @Test
  void aTransientFailureIsRetriableAndTheRedeliveredBatchIsNotTakenTwice() {
    start();
    loader.failures.add(new TransientException("Cannot load into orders: connection reset"));
    List<SinkRecord> batch = records(P0, 0, 5);

    assertThatThrownBy(() -> task.put(batch))
        .isInstanceOf(RetriableException.class)
        .hasMessageContaining("connection reset");
    assertThat(context.timeout).isEqualTo(250);
    assertThat(loader.rows).isEmpty();

    task.put(batch); // Connect redelivers the same batch

    assertThat(loader.offsetsLoaded("orders", 0)).containsExactly(0L, 1L, 2L, 3L, 4L);
    assertThat(loader.writes).hasSize(2);
    assertThat(loader.writes.get(1)).hasSize(5);
    assertThat(task.metrics().getRecordsReceived()).isEqualTo(5);
    assertThat(task.metrics().getLoadFailures()).isEqualTo(1);
  }

  @Test
  void aBatchThatKeepsFailingBacksOffLinearlyThenFailsTheTaskAfterTheRetryTimeout() {
    loader.retryTimeout = Duration.ofSeconds(1);
    start();
    for (int i = 0; i < 3; i++) {
      loader.failures.add(new TransientException("Cannot load into orders: connection reset"));
    }
    List<SinkRecord> batch = records(P0, 0, 5);

    assertThatThrownBy(() -> task.put(batch)).isInstanceOf(RetriableException.class);
    assertThat(context.timeout).isEqualTo(250);
    clock.advance(Duration.ofMillis(250));
    assertThatThrownBy(() -> task.put(batch)).isInstanceOf(RetriableException.class);
    assertThat(context.timeout).as("retry_delay × failures").isEqualTo(500);
    clock.advance(Duration.ofMillis(750));

    assertThatThrownBy(() -> task.put(batch))
        .isInstanceOf(ConnectException.class)
        .isNotInstanceOf(RetriableException.class)
        .hasMessageContaining("retry_timeout")
        .hasMessageContaining("connection reset");
    assertThat(loader.rows).isEmpty();
    assertThat(loader.writes).hasSize(3);
  }

  @Test
  void anUnknownCommitOutcomeIsRetriedThroughTheLedger() {
    start();
    loader.failures.add(new CommitOutcomeUnknownException("Cannot tell whether it committed"));
    assertThatThrownBy(() -> task.put(records(P0, 0, 5))).isInstanceOf(RetriableException.class);
  }

  @Test
  void aFatalFailureFailsTheTaskWithTheCoreMessage() {
    start();
    loader.failures.add(new AuthorizationException("Cannot COPY into orders: permission denied"));
    assertThatThrownBy(() -> task.put(records(P0, 0, 5)))
        .isInstanceOf(ConnectException.class)
        .isNotInstanceOf(RetriableException.class)
        .hasMessage("Cannot COPY into orders: permission denied");
  }

  @Test
  void aFatalFailureDuringPreCommitFailsTheNextPut() {
    start();
    task.put(records(P0, 0, 2));
    clock.advance(Duration.ofMinutes(1));
    loader.failures.add(new AuthorizationException("Cannot COPY into orders: permission denied"));

    assertThat(task.preCommit(consumed(2, 0))).isEmpty();
    assertThatThrownBy(() -> task.put(List.of())).hasMessageContaining("permission denied");
  }

  @Test
  void nullValuesAreIgnoredAndCountedByDefault() {
    start();
    List<SinkRecord> batch = new ArrayList<>(records(P0, 0, 5));
    batch.set(2, record(P0, 2, null));
    task.put(batch);
    task.put(records(P0, 5, 6));

    assertThat(loader.offsetsLoaded("orders", 0)).containsExactly(0L, 1L, 3L, 4L, 5L);
    assertThat(task.metrics().getNullValuesIgnored()).isEqualTo(1);
  }

  @Test
  void tombstonesGoToTheEngineWhenItDeletesRowsWithThem() {
    loader.appliesTombstones = true;
    props.put("behavior.on.null.values", "fail");
    start();
    List<SinkRecord> batch = new ArrayList<>(records(P0, 0, 5));
    batch.set(2, record(P0, 2, null));
    task.put(batch);

    assertThat(loader.offsetsLoaded("orders", 0)).containsExactly(0L, 1L, 2L, 3L, 4L);
    assertThat(loader.rows.get(2).value()).isNull();
    assertThat(task.metrics().getNullValuesIgnored()).isZero();
  }

  @Test
  void nullValuesFailTheTaskWhenConfigured() {
    props.put("behavior.on.null.values", "FAIL");
    start();
    assertThatThrownBy(() -> task.put(List.of(record(P0, 7, null))))
        .isInstanceOf(ConnectException.class)
        .hasMessageContaining("orders-0@7")
        .hasMessageContaining("behavior.on.null.values=fail");
  }

  @Test
  void errantRecordsFailTheTaskNamingTheRecordWithoutErrorTolerance() {
    start();
    List<SinkRecord> batch = List.of(record(P0, 0, "ok"), record(P0, 1, "BAD"));
    assertThatThrownBy(() -> task.put(batch))
        .isInstanceOf(ConnectException.class)
        .hasMessageContaining("orders-0@1")
        .hasMessageContaining("the payload is bad")
        .hasMessageContaining("errors.tolerance=all");
    assertThat(loader.rows).isEmpty();
  }

  @Test
  void errantRecordsGoToTheReporterAndTheRestIsLoaded() {
    props.put("errors.tolerance", "all");
    start();
    List<SinkRecord> batch = new ArrayList<>(records(P0, 0, 4));
    batch.add(record(P0, 4, "BAD"));
    batch.add(record(P0, 5, "ok"));

    task.put(batch);

    assertThat(context.reported).extracting(SinkRecord::kafkaOffset).containsExactly(4L);
    assertThat(loader.offsetsLoaded("orders", 0)).containsExactly(0L, 1L, 2L, 3L, 5L);
    assertThat(task.metrics().getRecordsSentToDeadLetterQueue()).isEqualTo(1);
  }

  @Test
  void theLedgerMovesPastTrailingDivertedRecordsAndTombstones() {
    props.put("errors.tolerance", "all");
    start();
    List<SinkRecord> batch = new ArrayList<>(records(P0, 0, 3));
    batch.add(record(P0, 3, "BAD"));
    batch.add(record(P0, 4, null));
    task.put(batch);
    clock.advance(Duration.ofMinutes(1));

    Map<TopicPartition, OffsetAndMetadata> offsets = task.preCommit(consumed(5, 0));

    // The diverted record and the ignored tombstone are the partition's last: without settling,
    // Redshift's offset would stay at 3 and a restart would report offset 3 to the DLQ again.
    assertThat(loader.offsetsLoaded("orders", 0)).containsExactly(0L, 1L, 2L);
    assertThat(loader.ledger)
        .containsEntry(new dev.redsink.core.record.TopicPartition("orders", 0), 5L);
    assertThat(offsets).containsEntry(P0, new OffsetAndMetadata(5));
    assertThat(context.reported).extracting(SinkRecord::kafkaOffset).containsExactly(3L);
  }

  @Test
  void aLoadWaitsUntilEarlierReportsAreDurable() {
    props.put("errors.tolerance", "all");
    context.completeReportsAtOnce = false;
    start();
    task.put(List.of(record(P0, 0, "BAD")));
    Thread loading = new Thread(() -> task.put(records(P0, 1, 6)));
    loading.start();
    try {
      loading.join(300);
      assertThat(loader.writes).isEmpty();
      context.reports.get(0).complete(null);
      loading.join(5_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    assertThat(loader.offsetsLoaded("orders", 0)).containsExactly(1L, 2L, 3L, 4L, 5L);
  }

  @Test
  void errantRecordsAreSkippedWithAWarningWhenNoReporterIsConfigured() {
    props.put("errors.tolerance", "all");
    context.reporterEnabled = false;
    start();
    task.put(List.of(record(P0, 0, "BAD"), record(P0, 1, "ok")));
    clock.advance(Duration.ofMinutes(1));
    task.put(List.of());
    assertThat(loader.offsetsLoaded("orders", 0)).containsExactly(1L);
    assertThat(task.metrics().getRecordsErrantSkipped()).isEqualTo(1);
  }

  @Test
  void aRecordTheEngineRejectsAtWriteTimeIsDivertedAsDeliveredAndTheRestLoaded() {
    props.put("errors.tolerance", "all");
    loader.rejectedAtWrite.add("orders:0:2");
    start();
    List<SinkRecord> delivered = records(P0, 0, 5);
    task.put(delivered);
    assertThat(context.reported).extracting(SinkRecord::kafkaOffset).containsExactly(2L);
    assertThat(context.reported.get(0))
        .as("the record Connect delivered, for its DLQ to hold the topic's bytes")
        .isSameAs(delivered.get(2));
    assertThat(loader.offsetsLoaded("orders", 0)).containsExactly(0L, 1L, 3L, 4L);
  }

  @Test
  void closeLoadsTheBufferAndForgetsTheClosedPartitions() {
    start();
    task.put(records(P0, 0, 2));
    task.put(records(P1, 0, 1));

    task.close(List.of(P0, P1));

    assertThat(loader.offsetsLoaded("orders", 0)).containsExactly(0L, 1L);
    assertThat(loader.offsetsLoaded("orders", 1)).containsExactly(0L);
    assertThat(task.preCommit(consumed(2, 1))).isEmpty();
  }

  @Test
  void closeDropsTheBufferWhenTheLoadFailsSoTheNextOwnerRereadsIt() {
    start();
    task.put(records(P0, 0, 2));
    loader.failures.add(new TransientException("Cannot load: connection refused"));

    task.close(List.of(P0, P1));
    task.open(List.of(P0));
    task.put(records(P0, 0, 5));

    assertThat(loader.offsetsLoaded("orders", 0)).containsExactly(0L, 1L, 2L, 3L, 4L);
  }

  @Test
  void keysValuesAndHeadersBecomeBytes() {
    props.put("flush.max.records", "1");
    start();
    Schema schema = SchemaBuilder.struct().field("id", Schema.INT32_SCHEMA).build();
    SinkRecord structValue =
        new SinkRecord(
            "orders",
            0,
            null,
            Map.of("a", 1),
            schema,
            new Struct(schema).put("id", 7),
            0,
            null,
            TimestampType.NO_TIMESTAMP_TYPE);
    structValue.headers().addString("trace", "abc");
    task.put(List.of(structValue));
    task.put(
        List.of(
            new SinkRecord(
                "orders", 0, null, new byte[] {1, 2}, null, new byte[] {(byte) 0xff}, 1)));

    Record first = loader.rows.get(0);
    assertThat(new String(first.value(), StandardCharsets.UTF_8)).isEqualTo("{\"id\":7}");
    assertThat(new String(first.key(), StandardCharsets.UTF_8)).isEqualTo("{\"a\":1}");
    assertThat(first.timestamp()).isEqualTo(-1L);
    assertThat(first.headers())
        .singleElement()
        .satisfies(
            h -> {
              assertThat(h.key()).isEqualTo("trace");
              assertThat(new String(h.value(), StandardCharsets.UTF_8)).isEqualTo("abc");
            });
    Record second = loader.rows.get(1);
    assertThat(second.key()).containsExactly(1, 2);
    assertThat(second.value()).containsExactly((byte) 0xff);
  }

  @Test
  void recordsKeepTheirOriginalCoordinatesWhenATransformRenamesTheTopic() {
    props.put("flush.max.records", "1");
    start();
    SinkRecord renamed =
        record(P0, 4, "v").newRecord("renamed", 0, null, null, Schema.STRING_SCHEMA, "v", 1L);
    task.put(List.of(renamed));
    assertThat(loader.rows).extracting(Record::id).containsExactly("orders:0:4");
  }

  @Test
  void metricsAreOnJmxWhileTheTaskRuns() throws Exception {
    start();
    task.put(records(P0, 0, 5));
    var name = TaskMetrics.objectName(props.get("name"), 3);
    var server = ManagementFactory.getPlatformMBeanServer();

    assertThat(server.getAttribute(name, "RecordsLoaded")).isEqualTo(5L);
    assertThat(server.getAttribute(name, "Loads")).isEqualTo(1L);
    assertThat(task.metrics().getLastCommittedOffsets()).containsExactly(Map.entry("orders-0", 4L));
    assertThat(task.metrics().getRecordsLoadedByPartition())
        .as("every partition the task owns")
        .containsExactly(Map.entry("orders-0", 5L), Map.entry("orders-1", 0L));

    task.stop();
    assertThat(server.isRegistered(name)).isFalse();
    task = null;
  }

  @Test
  void stopClosesTheEngine() {
    start();
    task.stop();
    assertThat(loader.closed).isTrue();
    task = null;
  }
}
