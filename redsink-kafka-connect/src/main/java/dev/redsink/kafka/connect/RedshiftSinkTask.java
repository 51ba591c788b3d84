package dev.redsink.kafka.connect;

import dev.redsink.core.SinkSession;
import dev.redsink.core.error.RedsinkException;
import dev.redsink.core.record.TopicPartition;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.connect.errors.ConnectException;
import org.apache.kafka.connect.errors.RetriableException;
import org.apache.kafka.connect.sink.SinkRecord;
import org.apache.kafka.connect.sink.SinkTask;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Kafka Connect's adapter of a {@link SinkSession}: translates Connect's records and lifecycle to
 * the session, which buffers, loads beside consumption, resumes each partition from the ledger in
 * Redshift and lets Connect commit only offsets the ledger holds.
 */
public class RedshiftSinkTask extends SinkTask {
  private static final Logger LOG = LoggerFactory.getLogger(RedshiftSinkTask.class);

  private final Loader.Factory loaders;
  private final Clock clock;
  private final boolean inlineLoads;

  private Loader loader;
  private TaskMetrics metrics;
  private SinkSession<SinkRecord> session;

  /**
   * Partitions assigned while the ledger could not be read (Redshift unreachable), paused until it
   * can be; each with the offset of the first record Connect delivered for it meanwhile (dropped,
   * to be read again), or -1.
   */
  private final Map<TopicPartition, Long> unopened = new HashMap<>();

  /** Whether this task paused partitions waiting for their ledger (so it resumes them after). */
  private boolean pausedForLedger;

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
    RedshiftSinkConfig config = RedshiftSinkConfig.parse(props);
    metrics =
        new TaskMetrics(
            () -> session.bufferedRecords(),
            () -> session.bufferedBytes(),
            () -> session.committed(),
            topic -> loader.tableOf(topic),
            clock);
    loader = connect(() -> loaders.open(config.coreConfig()));
    session =
        new SinkSession<>(
            loader,
            new SinkRecords(
                new SinkRecordConverter(StructFormat.of(config.coreConfig())),
                config.onNullValue(),
                metrics),
            new ErrantRecords(config.errorTolerance(), ErrantRecords.reporterOf(context), metrics),
            metrics,
            inlineLoads ? config.flush().inline(clock) : config.flush().withClock(clock));
    metrics.register(config.connectorName(), config.taskId());
  }

  /**
   * Resumes the partitions from the ledger. When Redshift cannot be reached, the partitions are
   * paused instead of failing the task, and each later {@link #put} tries again until the ledger is
   * read.
   */
  @Override
  public void open(Collection<org.apache.kafka.common.TopicPartition> partitions) {
    core(partitions).forEach(tp -> unopened.putIfAbsent(tp, -1L));
    openWaiting();
  }

  /** Reads the ledger for the partitions still waiting for it, seeks them and resumes them. */
  private void openWaiting() {
    if (unopened.isEmpty()) {
      return;
    }
    List<TopicPartition> waiting = List.copyOf(unopened.keySet());
    Map<TopicPartition, Long> next;
    try {
      next = session.openOneBefore(waiting);
    } catch (RedsinkException e) {
      if (!e.isTransient()) {
        throw new ConnectException(e.getMessage(), e);
      }
      long delay = Math.max(1, session.retryDelay().toMillis());
      LOG.warn(
          "Cannot resume {} from the ledger yet, trying again in {} ms (the partitions are paused"
              + " until then): {}",
          waiting,
          delay,
          e.getMessage());
      context.pause(kafka(waiting));
      pausedForLedger = true;
      context.timeout(delay);
      return;
    }
    for (TopicPartition tp : waiting) {
      long dropped = unopened.get(tp);
      Long at = next.get(tp);
      if (at == null && dropped >= 0) {
        at = dropped; // no ledger row: read again what was dropped while waiting
      }
      if (at != null) {
        context.offset(kafka(tp), at);
      }
    }
    if (pausedForLedger) {
      // Only what this task paused: Connect pauses partitions itself while it backs off.
      context.resume(kafka(waiting));
      pausedForLedger = false;
    }
    unopened.clear();
    metrics.figures().opened(session.committed(), waiting);
  }

  @Override
  public void put(Collection<SinkRecord> records) {
    openWaiting();
    Collection<SinkRecord> opened = unopened.isEmpty() ? records : withoutUnopened(records);
    connect(
        () -> {
          session.put(opened);
          return null;
        });
    // Wake up for the interval flush even when no records arrive.
    session.wakeUpInMillis().ifPresent(context::timeout);
  }

  @Override
  public Map<org.apache.kafka.common.TopicPartition, OffsetAndMetadata> preCommit(
      Map<org.apache.kafka.common.TopicPartition, OffsetAndMetadata> currentOffsets) {
    Map<org.apache.kafka.common.TopicPartition, OffsetAndMetadata> offsets = new HashMap<>();
    session
        .commit(core(currentOffsets.keySet()))
        .forEach(
            (tp, next) -> {
              // Never ahead of what Connect has consumed: after the seek one record before the
              // ledger, Connect ignores (and warns about) an offset it has not reached yet; the
              // ledger's is committed once that record is read again.
              OffsetAndMetadata consumed = currentOffsets.get(kafka(tp));
              long offset = consumed == null ? next : Math.min(next, consumed.offset());
              offsets.put(kafka(tp), new OffsetAndMetadata(offset));
            });
    return offsets;
  }

  @Override
  public void close(Collection<org.apache.kafka.common.TopicPartition> partitions) {
    core(partitions).forEach(unopened::remove);
    session.close(core(partitions));
    metrics.figures().forget(core(partitions));
  }

  /**
   * The records of resumed partitions; a record of a partition still waiting for its ledger is
   * dropped, and its partition read again from the ledger (or this record) once resumed.
   */
  private List<SinkRecord> withoutUnopened(Collection<SinkRecord> records) {
    List<SinkRecord> kept = new ArrayList<>(records.size());
    for (SinkRecord r : records) {
      TopicPartition tp = SinkRecordConverter.partitionOf(r);
      Long dropped = unopened.get(tp);
      if (dropped == null) {
        kept.add(r);
      } else if (dropped < 0 || r.originalKafkaOffset() < dropped) {
        unopened.put(tp, r.originalKafkaOffset());
      }
    }
    return kept;
  }

  @Override
  public void stop() {
    if (metrics != null) {
      metrics.unregister();
    }
    if (session != null) {
      session.stop(loader::close);
    } else if (loader != null) {
      loader.close();
    }
  }

  TaskMetrics metrics() {
    return metrics;
  }

  /**
   * Runs a session call, turning the engine's failures into Connect's: a transient one (the session
   * keeps the records) is retriable after the retry policy's delay, any other fails.
   */
  private <T> T connect(java.util.function.Supplier<T> call) {
    try {
      return call.get();
    } catch (RedsinkException e) {
      if (e.isTransient() && session != null) {
        context.timeout(Math.max(1, session.retryDelay().toMillis()));
        throw new RetriableException(e.getMessage(), e);
      }
      throw new ConnectException(e.getMessage(), e);
    }
  }

  private static List<TopicPartition> core(
      Collection<org.apache.kafka.common.TopicPartition> partitions) {
    return partitions.stream().map(tp -> new TopicPartition(tp.topic(), tp.partition())).toList();
  }

  private static org.apache.kafka.common.TopicPartition[] kafka(List<TopicPartition> tps) {
    return tps.stream()
        .map(RedshiftSinkTask::kafka)
        .toArray(org.apache.kafka.common.TopicPartition[]::new);
  }

  private static org.apache.kafka.common.TopicPartition kafka(TopicPartition tp) {
    return new org.apache.kafka.common.TopicPartition(tp.topic(), tp.partition());
  }
}
