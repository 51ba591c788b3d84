package dev.redsink.kafka.connect;

import static dev.redsink.kafka.connect.KafkaPartitions.core;
import static dev.redsink.kafka.connect.KafkaPartitions.kafka;

import dev.redsink.core.LedgerWait;
import dev.redsink.core.SinkSession;
import dev.redsink.core.error.RedsinkException;
import dev.redsink.core.record.TopicPartition;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.connect.errors.ConnectException;
import org.apache.kafka.connect.errors.RetriableException;
import org.apache.kafka.connect.sink.SinkRecord;
import org.apache.kafka.connect.sink.SinkTask;

/**
 * Kafka Connect's adapter of a {@link SinkSession}: translates Connect's records and lifecycle to
 * the session, which buffers, loads beside consumption, resumes each partition from the ledger in
 * Redshift and lets Connect commit only offsets the ledger holds.
 */
public class RedshiftSinkTask extends SinkTask {
  private final Loader.Factory loaders;
  private final Clock clock;
  private final boolean inlineLoads;

  private Loader loader;
  private TaskMetrics metrics;
  private SinkSession<SinkRecord> session;

  /** Partitions assigned while Redshift could not answer, paused until their ledger is read. */
  private final LedgerWait ledgerWait = new LedgerWait();

  /** Connect's side of the wait: its context pauses and resumes the partitions. */
  private final LedgerWait.Consumer consumer =
      new LedgerWait.Consumer() {
        @Override
        public void pause(List<TopicPartition> partitions) {
          context.pause(kafka(partitions));
        }

        @Override
        public void resume(List<TopicPartition> partitions) {
          context.resume(kafka(partitions));
        }
      };

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
    ledgerWait.add(core(partitions));
    openWaiting();
  }

  /** Reads the ledger for the partitions still waiting for it, seeks them and resumes them. */
  private void openWaiting() {
    if (ledgerWait.isEmpty()) {
      return;
    }
    Optional<LedgerWait.Resumed> read =
        connect(() -> ledgerWait.read(session::openOneBefore, session.retryDelay(), consumer));
    if (read.isEmpty()) {
      context.timeout(Math.max(1, session.retryDelay().toMillis()));
      return;
    }
    read.get().next().forEach((tp, at) -> context.offset(kafka(tp), at));
    ledgerWait.resume(read.get(), consumer);
    metrics.figures().opened(session.committed(), read.get().partitions());
  }

  @Override
  public void put(Collection<SinkRecord> records) {
    openWaiting();
    Collection<SinkRecord> opened = ledgerWait.isEmpty() ? records : withoutWaiting(records);
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
    ledgerWait.remove(core(partitions));
    session.close(core(partitions));
    metrics.figures().forget(core(partitions));
  }

  /**
   * The records of resumed partitions; a record of a partition still waiting for its ledger is
   * dropped, and its partition read again from the ledger (or this record) once resumed.
   */
  private List<SinkRecord> withoutWaiting(Collection<SinkRecord> records) {
    List<SinkRecord> kept = new ArrayList<>(records.size());
    for (SinkRecord r : records) {
      if (!ledgerWait.withholds(SinkRecordConverter.partitionOf(r), r.originalKafkaOffset())) {
        kept.add(r);
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
}
