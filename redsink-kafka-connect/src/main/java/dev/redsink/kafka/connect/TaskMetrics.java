package dev.redsink.kafka.connect;

import dev.redsink.core.SessionListener;
import dev.redsink.core.metrics.LoadFigures;
import dev.redsink.core.metrics.TableFigures;
import dev.redsink.core.record.LoadResult;
import dev.redsink.core.record.Record;
import dev.redsink.core.record.TopicPartition;
import java.lang.management.ManagementFactory;
import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import java.util.function.ToLongFunction;
import javax.management.InstanceAlreadyExistsException;
import javax.management.InstanceNotFoundException;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** A task's counters, registered as an MXBean for as long as the task runs. */
final class TaskMetrics implements TaskMetricsMXBean, SessionListener {
  private static final Logger LOG = LoggerFactory.getLogger(TaskMetrics.class);

  private final AtomicLong received = new AtomicLong();
  private final AtomicLong loaded = new AtomicLong();
  private final AtomicLong skipped = new AtomicLong();
  private final AtomicLong deadLettered = new AtomicLong();
  private final AtomicLong errantSkipped = new AtomicLong();
  private final AtomicLong nullValues = new AtomicLong();
  private final AtomicLong loads = new AtomicLong();
  private final AtomicLong loadFailures = new AtomicLong();
  private final AtomicLong encodeNanos = new AtomicLong();
  private final AtomicLong uploadNanos = new AtomicLong();
  private final AtomicLong copyNanos = new AtomicLong();
  private final AtomicLong insertNanos = new AtomicLong();
  private final AtomicLong commitNanos = new AtomicLong();
  private final AtomicLong bytesStaged = new AtomicLong();
  private final AtomicLong filesStaged = new AtomicLong();
  private final LongSupplier bufferedRecords;
  private final LongSupplier bufferedBytes;
  private final Supplier<Map<TopicPartition, Long>> committed;
  private final LoadFigures figures;
  private ObjectName name;

  TaskMetrics(
      LongSupplier bufferedRecords,
      LongSupplier bufferedBytes,
      Supplier<Map<TopicPartition, Long>> committed) {
    this(bufferedRecords, bufferedBytes, committed, Function.identity(), Clock.systemUTC());
  }

  /**
   * @param tableOf the table a topic's records load into, naming the per-table figures
   */
  TaskMetrics(
      LongSupplier bufferedRecords,
      LongSupplier bufferedBytes,
      Supplier<Map<TopicPartition, Long>> committed,
      Function<String, String> tableOf,
      Clock clock) {
    this.bufferedRecords = bufferedRecords;
    this.bufferedBytes = bufferedBytes;
    this.committed = committed;
    this.figures = new LoadFigures(tableOf, clock);
  }

  /** Per table and partition: what the MBean's by-table and by-partition attributes show. */
  LoadFigures figures() {
    return figures;
  }

  /** The JMX name of a task's metrics. */
  static ObjectName objectName(String connector, int task) {
    try {
      return new ObjectName(
          "dev.redsink:type=RedshiftSinkTask,connector="
              + ObjectName.quote(connector)
              + ",task="
              + task);
    } catch (JMException e) {
      throw new IllegalArgumentException("Cannot name the metrics of task " + task, e);
    }
  }

  /** Registers under the task's name, replacing a previous instance of the same task. */
  void register(String connector, int task) {
    MBeanServer server = ManagementFactory.getPlatformMBeanServer();
    ObjectName objectName = objectName(connector, task);
    try {
      try {
        server.registerMBean(this, objectName);
      } catch (InstanceAlreadyExistsException e) {
        server.unregisterMBean(objectName);
        server.registerMBean(this, objectName);
      }
      name = objectName;
    } catch (JMException e) {
      LOG.warn("Cannot register the task's metrics as {}: {}", objectName, e.toString());
    }
  }

  /** Unregisters, unless a newer instance of the task has taken the name. */
  void unregister() {
    if (name == null) {
      return;
    }
    MBeanServer server = ManagementFactory.getPlatformMBeanServer();
    try {
      if (server.isRegistered(name)
          && server.getObjectInstance(name).getClassName().equals(getClass().getName())) {
        server.unregisterMBean(name);
      }
    } catch (InstanceNotFoundException e) {
      // already gone
    } catch (JMException e) {
      LOG.warn("Cannot unregister the task's metrics {}: {}", name, e.toString());
    }
    name = null;
  }

  @Override
  public void taken() {
    received.incrementAndGet();
  }

  @Override
  public void skippedAlreadyLoaded() {
    skipped.incrementAndGet();
  }

  void sentToDeadLetterQueue() {
    deadLettered.incrementAndGet();
    figures.badRecord();
  }

  void errantSkipped() {
    errantSkipped.incrementAndGet();
  }

  void nullValueIgnored() {
    nullValues.incrementAndGet();
  }

  @Override
  public void loadFailed(RuntimeException failure) {
    loadFailures.incrementAndGet();
  }

  @Override
  public void loaded(LoadResult result, List<Record> records) {
    loaded(result);
    figures.loaded(result, records);
  }

  @Override
  public void loaded(LoadResult result) {
    loads.incrementAndGet();
    // Records, each once: in upsert and cdc several records of a key make one row change.
    loaded.addAndGet(result.committedRecords());
    skipped.addAndGet(result.skipped());
    for (LoadResult.TableLoad table : result.tables()) {
      encodeNanos.addAndGet(table.encode().toNanos());
      uploadNanos.addAndGet(table.upload().toNanos());
      copyNanos.addAndGet(table.copy().toNanos());
      insertNanos.addAndGet(table.insert().toNanos());
      commitNanos.addAndGet(table.commit().toNanos());
      bytesStaged.addAndGet(table.bytes());
      filesStaged.addAndGet(table.files());
    }
  }

  @Override
  public long getRecordsReceived() {
    return received.get();
  }

  @Override
  public long getRecordsLoaded() {
    return loaded.get();
  }

  @Override
  public long getRecordsSkippedAlreadyLoaded() {
    return skipped.get();
  }

  @Override
  public long getRecordsSentToDeadLetterQueue() {
    return deadLettered.get();
  }

  @Override
  public long getRecordsErrantSkipped() {
    return errantSkipped.get();
  }

  @Override
  public long getNullValuesIgnored() {
    return nullValues.get();
  }

  @Override
  public long getLoads() {
    return loads.get();
  }

  @Override
  public long getLoadFailures() {
    return loadFailures.get();
  }

  @Override
  public long getEncodeTimeMs() {
    return encodeNanos.get() / 1_000_000;
  }

  @Override
  public long getUploadTimeMs() {
    return uploadNanos.get() / 1_000_000;
  }

  @Override
  public long getCopyTimeMs() {
    return copyNanos.get() / 1_000_000;
  }

  @Override
  public long getInsertTimeMs() {
    return insertNanos.get() / 1_000_000;
  }

  @Override
  public long getCommitTimeMs() {
    return commitNanos.get() / 1_000_000;
  }

  @Override
  public long getBytesStaged() {
    return bytesStaged.get();
  }

  @Override
  public long getFilesStaged() {
    return filesStaged.get();
  }

  @Override
  public long getBufferedRecords() {
    return bufferedRecords.getAsLong();
  }

  @Override
  public long getBufferedBytes() {
    return bufferedBytes.getAsLong();
  }

  @Override
  public Map<String, Long> getLastCommittedOffsets() {
    Map<String, Long> last = new HashMap<>();
    committed.get().forEach((tp, next) -> last.put(tp.toString(), next - 1));
    return new TreeMap<>(last);
  }

  @Override
  public Map<String, Long> getRowsLoadedByTable() {
    return byTable(TableFigures::rows);
  }

  @Override
  public Map<String, Long> getLoadedBytesByTable() {
    return byTable(TableFigures::recordBytes);
  }

  @Override
  public Map<String, Long> getLoadsByTable() {
    return byTable(TableFigures::loads);
  }

  @Override
  public Map<String, Long> getLastLoadTimeMsByTable() {
    return byTable(TableFigures::lastLoadMillis);
  }

  @Override
  public Map<String, Long> getLoadDurationMsP50ByTable() {
    return byTable(t -> millis(t.loadSeconds().quantile(0.5)));
  }

  @Override
  public Map<String, Long> getLoadDurationMsP99ByTable() {
    return byTable(t -> millis(t.loadSeconds().quantile(0.99)));
  }

  @Override
  public Map<String, Long> getFreshnessMsP50ByTable() {
    return byTable(t -> millis(t.freshnessSeconds().quantile(0.5)));
  }

  @Override
  public Map<String, Long> getFreshnessMsP99ByTable() {
    return byTable(t -> millis(t.freshnessSeconds().quantile(0.99)));
  }

  @Override
  public Map<String, Long> getRecordsLoadedByPartition() {
    Map<String, Long> records = new TreeMap<>();
    figures.partitions().forEach((tp, p) -> records.put(tp.toString(), p.records()));
    return records;
  }

  private Map<String, Long> byTable(ToLongFunction<TableFigures> figure) {
    Map<String, Long> values = new TreeMap<>();
    figures.tables().forEach((table, t) -> values.put(table, figure.applyAsLong(t)));
    return values;
  }

  private static long millis(double seconds) {
    return Math.round(seconds * 1000);
  }
}
