package dev.redsink.kafka.connect;

import dev.redsink.core.error.BadRecordException;
import dev.redsink.core.error.ErrorCategory;
import dev.redsink.core.error.LogBehindLedgerException;
import dev.redsink.core.error.RedsinkException;
import dev.redsink.core.record.LoadResult;
import dev.redsink.core.record.Record;
import dev.redsink.core.record.TopicPartition;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.record.TimestampType;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.errors.ConnectException;
import org.apache.kafka.connect.errors.DataException;
import org.apache.kafka.connect.errors.RetriableException;
import org.apache.kafka.connect.sink.ErrantRecordReporter;
import org.apache.kafka.connect.sink.SinkRecord;
import org.apache.kafka.connect.sink.SinkTask;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A thin adapter from Kafka Connect to the Redsink engine: buffers records across {@code put}
 * calls, loads them in one engine write when a flush threshold trips, resumes each partition from
 * the ledger in Redshift on {@code open}, and lets Connect commit only offsets the ledger holds.
 */
public class RedshiftSinkTask extends SinkTask {
  private static final Logger LOG = LoggerFactory.getLogger(RedshiftSinkTask.class);

  /** How soon Connect calls back while a due buffer waits for the running load. */
  static final long DUE_RECHECK_MS = 50;

  private final Loader.Factory loaders;
  private final Clock clock;
  private final boolean inlineLoads;
  private final PartitionPositions positions = new PartitionPositions();
  private final CommittedOffsets committed = new CommittedOffsets();

  /** The ledger's next offset of each partition opened and not delivered from yet. */
  private final Map<TopicPartition, Long> resumedAt = new HashMap<>();

  private SinkRecordConverter converter;
  private RedshiftSinkConfig config;
  private Loader loader;
  private RecordBuffer buffer;
  private ErrantRecords errant;
  private TaskMetrics metrics;
  private BackgroundLoad running;
  private ConnectException failure;
  private boolean nullValueLogged;

  public RedshiftSinkTask() {
    this(RedshiftLoader::open, Clock.systemUTC(), false);
  }

  /** A task that loads on the thread calling it, so a test can step through it. */
  RedshiftSinkTask(Loader.Factory loaders, Clock clock) {
    this(loaders, clock, true);
  }

  RedshiftSinkTask(Loader.Factory loaders, Clock clock, boolean inlineLoads) {
    this.loaders = loaders;
    this.clock = clock;
    this.inlineLoads = inlineLoads;
  }

  @Override
  public String version() {
    return PluginVersion.current();
  }

  @Override
  public void start(Map<String, String> props) {
    config = RedshiftSinkConfig.parse(props);
    converter = new SinkRecordConverter(StructFormat.of(config.coreConfig()));
    buffer = new RecordBuffer(config.flush());
    metrics = new TaskMetrics(buffer::size, buffer::bytes, this::lastCommittedOffsets);
    try {
      loader = loaders.open(config.coreConfig());
    } catch (RedsinkException e) {
      throw new ConnectException(e.getMessage(), e);
    }
    metrics.register(config.connectorName(), config.taskId());
    running =
        inlineLoads
            ? BackgroundLoad.inline()
            : BackgroundLoad.onThread(
                "redsink-load-" + config.connectorName() + "-" + config.taskId());
    errant = new ErrantRecords(config.errorTolerance(), reporter(), metrics);
  }

  @Override
  public void open(Collection<org.apache.kafka.common.TopicPartition> partitions) {
    List<TopicPartition> opened = partitions.stream().map(RedshiftSinkTask::core).toList();
    Map<TopicPartition, Long> next;
    try {
      next = loader.nextOffsets(opened);
    } catch (RedsinkException e) {
      throw new ConnectException(
          "Cannot read the ledger to resume " + opened + ": " + e.getMessage(), e);
    }
    for (org.apache.kafka.common.TopicPartition tp : partitions) {
      Long offset = next.get(core(tp));
      if (offset != null) {
        context.offset(tp, offset);
        positions.seek(core(tp), offset);
        committed.update(core(tp), offset);
        resumedAt.put(core(tp), offset);
      }
    }
    LOG.info("Opened {}; resuming from the ledger at {}", opened, next);
  }

  @Override
  public void put(Collection<SinkRecord> records) {
    if (failure != null) {
      throw failure;
    }
    if (running.isDone()) {
      finishRunningLoad();
    }
    long now = clock.millis();
    for (SinkRecord record : records) {
      take(record, now);
    }
    flushIfReady(now);
    if (!buffer.isEmpty()) {
      // Wake up for the interval flush even when no records arrive, and soon after the running
      // load when the buffer is already due.
      long later = clock.millis();
      context.timeout(
          buffer.isDue(later) ? DUE_RECHECK_MS : Math.max(1, buffer.millisUntilDue(later)));
    }
  }

  /**
   * Starts the next load when the buffer is full, or when it is due and no load is running. A due
   * buffer does not wait for the running load: the task keeps consuming into it, so under a
   * cluster's per-load latency each load grows to what arrived while the one before it ran, rather
   * than stopping consumption until it ends. A full buffer does wait (two buffers at most).
   */
  private void flushIfReady(long now) {
    if (running.isDone()) {
      finishRunningLoad();
    }
    if (buffer.isFull() || (buffer.isDue(now) && !running.isRunning())) {
      flush();
    }
  }

  private void take(SinkRecord record, long now) {
    TopicPartition partition = SinkRecordConverter.partitionOf(record);
    long offset = record.originalKafkaOffset();
    Long resumed = resumedAt.remove(partition);
    if (resumed != null && offset < resumed) {
      // Connect seeked the consumer to the ledger's offset: a first record below it means the
      // offset was out of range and the consumer reset, so the log now ends below the ledger.
      failure =
          new ConnectException(
              LogBehindLedgerException.restartedBelow(partition, resumed, offset).getMessage());
      throw failure;
    }
    if (positions.isBehind(partition, offset)) {
      if (committed.covers(partition, offset)) {
        metrics.skippedAlreadyLoaded(1);
      }
      return;
    }
    positions.advance(partition, offset);
    metrics.received();
    if (record.value() == null && !loader.appliesTombstones()) {
      ignoreOrFail(record);
      return;
    }
    Record converted;
    try {
      converted = converter.convert(record);
    } catch (DataException e) {
      String id = record.originalTopic() + ":" + partition.partition() + ":" + offset;
      BadRecordException bad =
          new BadRecordException(id, "Cannot convert record " + id + ": " + e.getMessage());
      bad.initCause(e);
      errant.divert(record, bad);
      return;
    }
    Optional<BadRecordException> bad = loader.check(converted);
    if (bad.isPresent()) {
      errant.divert(record, bad.get());
      return;
    }
    buffer.add(converted, now);
  }

  private void ignoreOrFail(SinkRecord record) {
    if (config.onNullValue() == NullValueBehavior.FAIL) {
      throw new ConnectException(
          "Cannot load record "
              + ErrantRecords.name(record)
              + ": its value is null (a tombstone) and behavior.on.null.values=fail; set it to"
              + " ignore to skip such records");
    }
    metrics.nullValueIgnored();
    if (!nullValueLogged) {
      LOG.info(
          "Ignoring record {} and any later record whose value is null"
              + " (behavior.on.null.values=ignore); see the NullValuesIgnored metric",
          ErrantRecords.name(record));
      nullValueLogged = true;
    } else {
      LOG.debug("Ignoring record {}: its value is null", ErrantRecords.name(record));
    }
  }

  /**
   * Starts loading the buffer in one engine write, once the load before it has finished: the task
   * keeps consuming while it runs, and a full buffer waits for it (at most two buffers of records
   * are held).
   */
  private void flush() {
    finishRunningLoad();
    errant.awaitReported();
    if (!buffer.isEmpty()) {
      // Everything below the positions is in this batch, reported as errant or ignored: the
      // ledger moves past it all, so a restart does not read diverted records again.
      running.start(new BackgroundLoad.Batch(buffer.records(), positions.snapshot()), loader);
      buffer.clear();
    }
    if (running.isDone()) {
      finishRunningLoad();
    }
  }

  /** Loads everything buffered and waits until it is committed. */
  private void flushAndWait() {
    flush();
    finishRunningLoad();
  }

  /**
   * Waits for the running load, if any, and takes its outcome: moves the committed offsets, or
   * diverts a record the engine rejected and loads the rest again, or puts the batch back in front
   * of the buffer and fails (the ledger makes the next attempt skip whatever did commit).
   */
  private void finishRunningLoad() {
    while (running.isRunning()) {
      BackgroundLoad.Outcome outcome = running.await();
      if (outcome.failure() == null) {
        LoadResult result = outcome.result();
        metrics.loaded(result);
        committed.update(result.next());
        LOG.debug(
            "Loaded {} records ({} skipped); committed next offsets {}",
            result.loaded(),
            result.skipped(),
            result.next());
      } else if (outcome.failure() instanceof BadRecordException e) {
        List<Record> rest = new ArrayList<>(outcome.batch().records());
        Record rejected =
            remove(rest, e.recordId()).orElseThrow(() -> new ConnectException(e.getMessage(), e));
        errant.divert(asSinkRecord(rejected), e);
        errant.awaitReported();
        running.start(new BackgroundLoad.Batch(rest, outcome.batch().settled()), loader);
      } else {
        buffer.putBack(outcome.batch().records());
        metrics.loadFailed();
        if (outcome.failure() instanceof RedsinkException e) {
          throw failureOf(e);
        }
        throw outcome.failure() instanceof ConnectException c
            ? c
            : new ConnectException(outcome.failure().getMessage(), outcome.failure());
      }
    }
  }

  private static Optional<Record> remove(List<Record> records, String recordId) {
    for (Iterator<Record> it = records.iterator(); it.hasNext(); ) {
      Record record = it.next();
      if (record.id().equals(recordId)) {
        it.remove();
        return Optional.of(record);
      }
    }
    return Optional.empty();
  }

  private ConnectException failureOf(RedsinkException e) {
    if (e.isTransient() || e.category() == ErrorCategory.COMMIT_OUTCOME_UNKNOWN) {
      // The same batch may be written again: the engine skips whatever the ledger now covers.
      context.timeout(Math.max(1, loader.retryDelay().toMillis()));
      return new RetriableException(e.getMessage(), e);
    }
    return new ConnectException(e.getMessage(), e);
  }

  @Override
  public Map<org.apache.kafka.common.TopicPartition, OffsetAndMetadata> preCommit(
      Map<org.apache.kafka.common.TopicPartition, OffsetAndMetadata> currentOffsets) {
    if (failure == null) {
      try {
        flushIfReady(clock.millis());
      } catch (RetriableException e) {
        LOG.warn("Cannot load the buffered records yet; will retry: {}", e.getMessage());
      } catch (ConnectException e) {
        // Thrown here, Connect would only log it; fail the task on the next put instead.
        failure = e;
      }
    }
    settleDivertedRecords();
    return committed.forCommit(currentOffsets.keySet());
  }

  /**
   * With nothing buffered, moves the ledger past records that were only diverted or ignored (say
   * the last records of a partition went to the DLQ), so Redshift's offsets, and the consumer's,
   * reach the end.
   */
  private void settleDivertedRecords() {
    if (failure != null
        || running.isRunning()
        || !buffer.isEmpty()
        || !committed.isBehind(positions.snapshot())) {
      return;
    }
    try {
      errant.awaitReported();
      committed.update(loader.write(List.of(), positions.snapshot()).next());
    } catch (RedsinkException e) {
      LOG.warn("Cannot record the offsets of diverted records yet; will retry: {}", e.getMessage());
    }
  }

  @Override
  public void close(Collection<org.apache.kafka.common.TopicPartition> partitions) {
    List<TopicPartition> closing = partitions.stream().map(RedshiftSinkTask::core).toList();
    if (failure == null) {
      try {
        flushAndWait();
        errant.awaitReported();
      } catch (ConnectException e) {
        LOG.warn(
            "Cannot load the records buffered for {} before closing; their next owner reads them"
                + " again from the ledger's offsets: {}",
            closing,
            e.getMessage());
      }
    }
    buffer.discard(closing);
    closing.forEach(resumedAt::remove);
    positions.forget(closing);
    committed.forget(closing);
  }

  @Override
  public void stop() {
    if (metrics != null) {
      metrics.unregister();
    }
    if (running != null && loader != null) {
      // A load still running (say Connect gave up waiting for it) finishes, commits or rolls back
      // and deletes its staged files before the pool and S3 client close.
      running.closeThen(loader::close);
    } else if (loader != null) {
      loader.close();
    }
  }

  TaskMetrics metrics() {
    return metrics;
  }

  private Map<String, Long> lastCommittedOffsets() {
    Map<String, Long> last = new HashMap<>();
    committed.snapshot().forEach((tp, next) -> last.put(tp.toString(), next - 1));
    return last;
  }

  private ErrantRecordReporter reporter() {
    try {
      return context.errantRecordReporter();
    } catch (NoSuchMethodError | NoClassDefFoundError e) {
      return null; // a worker older than Kafka 2.6
    }
  }

  private static TopicPartition core(org.apache.kafka.common.TopicPartition tp) {
    return new TopicPartition(tp.topic(), tp.partition());
  }

  /** A rejected record rebuilt from its stored bytes, for the rare rejection at write time. */
  private static SinkRecord asSinkRecord(Record record) {
    return new SinkRecord(
        record.topic(),
        record.partition(),
        Schema.OPTIONAL_BYTES_SCHEMA,
        record.key(),
        Schema.OPTIONAL_BYTES_SCHEMA,
        record.value(),
        record.offset(),
        record.timestamp() == SinkRecordConverter.NO_TIMESTAMP ? null : record.timestamp(),
        TimestampType.CREATE_TIME);
  }
}
