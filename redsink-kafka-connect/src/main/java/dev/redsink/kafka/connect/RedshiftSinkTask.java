package dev.redsink.kafka.connect;

import dev.redsink.core.SinkSession;
import dev.redsink.core.error.RedsinkException;
import dev.redsink.core.record.TopicPartition;
import java.time.Clock;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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
            () -> session.committed());
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

  @Override
  public void open(Collection<org.apache.kafka.common.TopicPartition> partitions) {
    Map<TopicPartition, Long> next = connect(() -> session.open(core(partitions)));
    next.forEach((tp, offset) -> context.offset(kafka(tp), offset));
  }

  @Override
  public void put(Collection<SinkRecord> records) {
    connect(
        () -> {
          session.put(records);
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
        .forEach((tp, next) -> offsets.put(kafka(tp), new OffsetAndMetadata(next)));
    return offsets;
  }

  @Override
  public void close(Collection<org.apache.kafka.common.TopicPartition> partitions) {
    session.close(core(partitions));
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

  private static org.apache.kafka.common.TopicPartition kafka(TopicPartition tp) {
    return new org.apache.kafka.common.TopicPartition(tp.topic(), tp.partition());
  }
}
