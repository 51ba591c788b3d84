package dev.redsink.core;

import dev.redsink.core.error.BadRecordException;
import dev.redsink.core.error.RecordVerdict;
import dev.redsink.core.error.RedsinkException;
import dev.redsink.core.record.LoadResult;
import dev.redsink.core.record.Record;
import dev.redsink.core.record.TopicPartition;
import dev.redsink.core.retry.Sleeper;
import dev.redsink.core.session.BackgroundLoad;
import dev.redsink.core.session.BatchFailures;
import dev.redsink.core.session.BlockingRetry;
import dev.redsink.core.session.CommittedOffsets;
import dev.redsink.core.session.FlushPolicy;
import dev.redsink.core.session.PartitionPositions;
import dev.redsink.core.session.RecordBuffer;
import dev.redsink.core.session.ResumePoints;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What every runtime does between reading records and committing offsets: buffers records within
 * flush limits, loads them beside consumption, skips what the ledger covers or was already taken,
 * diverts errant records and reloads the rest, moves the ledger past diverted and ignored records,
 * and says which offsets the runtime may commit. A runtime translates its records and lifecycle to
 * {@link #open}, {@link #put}, {@link #commit}, {@link #close} and {@link #stop}. Not thread-safe:
 * one runtime thread calls it.
 */
public final class SinkSession<R> {
  private static final Logger LOG = LoggerFactory.getLogger(SinkSession.class);

  /** How soon a runtime calls back while a due buffer waits for the running load. */
  public static final long DUE_RECHECK_MS = 50;

  private final BatchLoader loader;
  private final RecordSource<R> source;
  private final ErrantRecordSink<R> errant;
  private final SessionListener listener;
  private final Clock clock;
  private final RecordBuffer buffer;
  private final BackgroundLoad running;
  private final PartitionPositions positions = new PartitionPositions();
  private final CommittedOffsets committed = new CommittedOffsets();

  private final ResumePoints resumePoints = new ResumePoints();
  private final BlockingRetry blockingRetry;

  private final BatchFailures failures;

  private final RefusableRecords<R> refusable;

  private RuntimeException failure;

  public SinkSession(
      BatchLoader loader,
      RecordSource<R> source,
      ErrantRecordSink<R> errant,
      SessionListener listener,
      SessionSettings settings) {
    this(loader, source, errant, listener, settings, Sleeper.SYSTEM);
  }

  /** A session whose blocking retries wait on {@code sleeper}. */
  public SinkSession(
      BatchLoader loader,
      RecordSource<R> source,
      ErrantRecordSink<R> errant,
      SessionListener listener,
      SessionSettings settings,
      Sleeper sleeper) {
    this.blockingRetry = new BlockingRetry(sleeper, this::retryDelay);
    this.loader = loader;
    this.source = source;
    this.errant = errant;
    this.listener = listener;
    this.refusable = new RefusableRecords<>(source, errant);
    this.clock = settings.clock();
    this.failures = new BatchFailures(clock);
    this.buffer =
        new RecordBuffer(
            new FlushPolicy(settings.maxRecords(), settings.maxBytes(), settings.interval()));
    this.running =
        settings.loadThread().map(BackgroundLoad::onThread).orElseGet(BackgroundLoad::inline);
  }

  /**
   * Resumes the partitions from the ledger: returns the next offset of each with rows loaded, which
   * the runtime seeks its consumer to; records below it are skipped.
   *
   * @throws RedsinkException when the ledger cannot be read
   */
  public Map<TopicPartition, Long> open(Collection<TopicPartition> partitions) {
    Map<TopicPartition, Long> next;
    try {
      next = loader.nextOffsets(partitions);
    } catch (RedsinkException e) {
      throw new RedsinkException(
          e.category(),
          "Cannot read the ledger to resume " + partitions + ": " + e.getMessage(),
          e);
    }
    next.forEach(
        (partition, offset) -> {
          positions.seek(partition, offset);
          committed.update(partition, offset);
          resumePoints.resumed(partition, offset);
        });
    LOG.info("Opened {}; resuming from the ledger at {}", partitions, next);
    return next;
  }

  /**
   * {@link #open}, for a runtime whose consumer offsets are committed only when the position moves
   * after a seek (Kafka Connect counts a seek as committed): returns one offset before the ledger's
   * next for each partition with rows loaded, to seek to. The one record read again there is
   * skipped as loaded, and moving past it makes the ledger's offset committed in Kafka too, where a
   * seek straight to it would leave Kafka's offset behind for as long as the partition stays idle.
   */
  public Map<TopicPartition, Long> openOneBefore(Collection<TopicPartition> partitions) {
    Map<TopicPartition, Long> seeks = new HashMap<>();
    open(partitions)
        .forEach(
            (partition, next) -> {
              if (next > 0) {
                resumePoints.seekedOneBefore(partition);
              }
              seeks.put(partition, Math.max(0, next - 1));
            });
    return seeks;
  }

  /**
   * Takes the records and starts a load when the buffer is full, or due and no load runs.
   *
   * @throws RedsinkException when a load failed ({@code isTransient()}: deliver again after {@link
   *     #retryDelay()}; the records are kept), or the log restarted below the ledger
   */
  public void put(Collection<R> records) {
    if (failure != null) {
      throw failure;
    }
    if (running.isDone()) {
      finishRunningLoad();
    }
    long now = clock.millis();
    for (R record : records) {
      try {
        take(record, now);
      } catch (RuntimeException e) {
        // A record the session could neither buffer nor divert (the runtime's errant path refused
        // it, or it could not be read at all): nothing at or past it may reach the ledger, so the
        // session loads nothing more until the runtime starts again from the ledger.
        failure = e;
        throw e;
      }
    }
    flushIfReady();
  }

  /**
   * When the runtime should call again even without records (the interval flush, or soon after the
   * running load when the buffer is already due); empty when nothing is buffered.
   */
  public OptionalLong wakeUpInMillis() {
    if (buffer.isEmpty()) {
      return OptionalLong.empty();
    }
    long now = clock.millis();
    return OptionalLong.of(
        buffer.isDue(now) ? DUE_RECHECK_MS : Math.max(1, buffer.millisUntilDue(now)));
  }

  /**
   * Starts the next load when the buffer is full, or when it is due and no load is running. A due
   * buffer does not wait for the running load: the runtime keeps consuming into it, so under a
   * cluster's per-load latency each load grows to what arrived while the one before it ran, rather
   * than stopping consumption until it ends. A full buffer does wait (two buffers at most).
   */
  public void flushIfReady() {
    if (running.isDone()) {
      finishRunningLoad();
    }
    if (buffer.isFull() || (buffer.isDue(clock.millis()) && !running.isRunning())) {
      startLoad();
    }
  }

  /**
   * For a runtime that has read everything its source holds for now: starts loading what is
   * buffered unless a load is running (then the buffer waits for it, and a later call starts it),
   * so a record does not wait for the flush interval once nothing more is coming. A primary-key
   * change's delete waits for its create, up to a flush interval ({@link RecordBuffer#isDue}). Does
   * not wait.
   *
   * @throws RedsinkException as {@link #put} does
   */
  public void flushIdle() {
    if (failure != null) {
      throw failure;
    }
    if (running.isDone()) {
      finishRunningLoad();
    }
    if (!running.isRunning() && !buffer.isEmpty() && !buffer.awaitsKeyChange(clock.millis())) {
      startLoad();
    }
  }

  /** {@link #flushIdle} retrying as {@link #putRetrying} does. */
  public boolean flushIdleRetrying(BooleanSupplier stopped) {
    return blockingRetry.run(this::flushIdle, stopped);
  }

  /** Loads everything buffered and waits until it is committed. */
  public void flush() {
    startLoad();
    finishRunningLoad();
  }

  /**
   * Buffers, diverts or ignores one record, and only then moves its partition's position past it:
   * the ledger may move up to a position, so a record that throws here is never passed.
   */
  private void take(R record, long now) {
    TopicPartition partition = source.partition(record);
    long offset = source.offset(record);
    resumePoints.check(partition, offset);
    if (positions.isBehind(partition, offset)) {
      if (committed.covers(partition, offset)) {
        listener.skippedAlreadyLoaded();
      }
      return;
    }
    listener.taken();
    if (!source.hasNullValue(record)
        || loader.appliesTombstones()
        || source.takesNullValue(record)) {
      Optional<Record> converted = convertOrDivert(record);
      if (converted.isPresent()) {
        buffer.add(converted.get(), now);
      }
    }
    positions.advance(partition, offset);
  }

  /** The record as the engine loads it, or empty when it was diverted as a bad record. */
  private Optional<Record> convertOrDivert(R record) {
    Record converted;
    try {
      converted = source.convert(record);
    } catch (BadRecordException e) {
      errant.divert(record, e);
      return Optional.empty();
    }
    RecordVerdict verdict = loader.judge(converted);
    if (verdict.refusal().isPresent()) {
      errant.divert(record, verdict.refusal().get());
      return Optional.empty();
    }
    if (!verdict.settled()) {
      refusable.keep(converted, record);
    }
    return Optional.of(verdict.heldOr(converted));
  }

  /**
   * Starts loading the buffer in one engine write, once the load before it has finished: the
   * runtime keeps consuming while it runs, and a full buffer waits for it (at most two buffers of
   * records are held).
   */
  private void startLoad() {
    finishRunningLoad();
    awaitDiverted();
    if (!buffer.isEmpty()) {
      // Everything below the positions is in this batch, reported as errant or ignored: the
      // ledger moves past it all, so a restart does not read diverted records again.
      running.start(new BackgroundLoad.Batch(buffer.records(), positions.snapshot()), this::write);
      buffer.clear();
    }
    if (running.isDone()) {
      finishRunningLoad();
    }
  }

  private LoadResult write(BackgroundLoad.Batch batch) {
    return loader.write(batch.records(), batch.settled());
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
        refusable.loaded(outcome.batch().records());
        failures.loaded();
        // The offsets first: a listener that throws (a runtime's consumer woken up to stop) must
        // not leave the session believing the ledger is behind what this load committed.
        committed.update(result.next());
        listener.loaded(result, outcome.batch().records());
        LOG.debug(
            "Committed {} records as {} rows ({} skipped); committed next offsets {}",
            result.committedRecords(),
            result.loaded(),
            result.skipped(),
            result.next());
      } else if (outcome.failure() instanceof BadRecordException e) {
        List<Record> rest = new ArrayList<>(outcome.batch().records());
        try {
          refusable.divert(remove(rest, e.recordId()).orElseThrow(() -> e), e);
        } catch (RuntimeException refused) {
          // Not diverted: the batch's settled offsets pass the record, so neither they nor any
          // later position may reach the ledger. The runtime restarts from the ledger.
          failure = refused;
          throw refused;
        }
        running.start(new BackgroundLoad.Batch(rest, outcome.batch().settled()), this::write);
      } else {
        buffer.putBack(outcome.batch().records());
        listener.loadFailed(outcome.failure());
        throw failures.failed(
            outcome.failure(), outcome.batch().records().size(), loader.retryTimeout());
      }
    }
  }

  /**
   * {@link #put} for runtimes that may block: a transient failure is retried (the records delivered
   * again; those already taken are skipped) after {@link #retryDelay()}, until it loads, the retry
   * timeout passes, or {@code stopped} says so.
   *
   * @return false when stopped first (what did not load stays unacknowledged for the ledger)
   */
  public boolean putRetrying(Collection<R> records, BooleanSupplier stopped) {
    return blockingRetry.run(() -> put(records), stopped);
  }

  /** {@link #flush} retrying as {@link #putRetrying} does. */
  public boolean flushRetrying(BooleanSupplier stopped) {
    return blockingRetry.run(this::flush, stopped);
  }

  /** How long to wait before delivering again after a transient failure. */
  public Duration retryDelay() {
    return loader.retryDelay(Math.max(1, failures.inARow()));
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

  /**
   * Loads a buffer that is ready, moves the ledger past diverted records, and returns the offsets
   * the runtime may commit for the assigned partitions: only offsets the ledger holds. A failure
   * here is kept: a transient one is retried later, any other is thrown by the next {@link #put}.
   */
  public Map<TopicPartition, Long> commit(Collection<TopicPartition> assigned) {
    if (failure == null) {
      try {
        flushIfReady();
      } catch (RedsinkException e) {
        if (e.isTransient()) {
          LOG.warn("Cannot load the buffered records yet; will retry: {}", e.getMessage());
        } else {
          failure = e;
        }
      } catch (RuntimeException e) {
        failure = e;
      }
    }
    settleDivertedRecords();
    return committed.of(assigned);
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
      awaitDiverted();
    } catch (RuntimeException e) {
      LOG.warn(
          "Cannot record the offsets of diverted records: a report failed: {}", e.getMessage());
      return;
    }
    try {
      committed.update(loader.write(List.of(), positions.snapshot()).next());
    } catch (RedsinkException e) {
      LOG.warn("Cannot record the offsets of diverted records yet; will retry: {}", e.getMessage());
    }
  }

  /**
   * Loads what is buffered (unless the session failed), then forgets the partitions: their next
   * owner reads whatever did not load again from the ledger's offsets.
   */
  public void close(Collection<TopicPartition> partitions) {
    if (failure == null) {
      try {
        flush();
        awaitDiverted();
      } catch (RuntimeException e) {
        LOG.warn(
            "Cannot load the records buffered for {} before closing; their next owner reads them"
                + " again from the ledger's offsets: {}",
            partitions,
            e.getMessage());
      }
    }
    buffer.discard(partitions);
    refusable.forget(partitions);
    resumePoints.forget(partitions);
    positions.forget(partitions);
    committed.forget(partitions);
    loader.forget(partitions);
  }

  /**
   * Waits until every record diverted so far is reported; when a report failed, those records were
   * not diverted after all, and the session fails so no position past them reaches the ledger.
   */
  private void awaitDiverted() {
    try {
      errant.awaitDiverted();
    } catch (RuntimeException e) {
      failure = e;
      throw e;
    }
  }

  /**
   * Runs {@code last} (closing the engine) once the load still running, if any, has finished or
   * rolled back and deleted its staged files. Does not wait.
   */
  public void stop(Runnable last) {
    running.closeThen(last);
  }

  /** Records buffered for the next load. */
  public int bufferedRecords() {
    return buffer.size();
  }

  /** Key, value and header bytes buffered for the next load. */
  public long bufferedBytes() {
    return buffer.bytes();
  }

  /** The next offset per partition the ledger holds, as far as this session knows. */
  public Map<TopicPartition, Long> committed() {
    return committed.snapshot();
  }
}
