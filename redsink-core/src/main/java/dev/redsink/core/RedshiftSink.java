package dev.redsink.core;

import dev.redsink.core.config.ConfigKeys;
import dev.redsink.core.config.ConfigParser;
import dev.redsink.core.config.RedsinkConfig;
import dev.redsink.core.error.BadRecordException;
import dev.redsink.core.error.RecordVerdict;
import dev.redsink.core.load.LoadEngine;
import dev.redsink.core.record.LoadResult;
import dev.redsink.core.record.Record;
import dev.redsink.core.record.TopicPartition;
import dev.redsink.core.table.TableName;
import dev.redsink.core.table.WriteSettings;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Redsink engine: {@link #open} → {@link #write} → {@link #close}. Each write makes every
 * record of the batch durable in Redshift exactly once, or throws having committed nothing the
 * caller must acknowledge. A runtime resumes from {@link #nextOffsets}, which reads the ledger
 * committed with the rows, not from its own offsets.
 */
public final class RedshiftSink implements BatchLoader, AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(RedshiftSink.class);

  private final RedsinkConfig config;
  private final LoadEngine engine;

  private RedshiftSink(RedsinkConfig config, LoadEngine engine) {
    this.config = config;
    this.engine = engine;
  }

  /**
   * Parses and validates the raw configuration (reference key names), then opens the sink.
   *
   * @throws dev.redsink.core.error.InvalidConfigException listing every problem
   */
  public static RedshiftSink open(Map<String, ?> rawConfig) {
    ConfigParser.Parsed parsed = ConfigParser.parse(rawConfig);
    parsed.warnings().forEach(LOG::warn);
    return open(parsed.config());
  }

  /**
   * Connects the pool and runs SELECT 1, builds the S3 client, and creates and checks the target
   * table now when target_table has no placeholders.
   */
  public static RedshiftSink open(RedsinkConfig config) {
    LOG.info("Opening Redshift sink with {}", config.describeEffective());
    return new RedshiftSink(config, LoadEngine.open(config));
  }

  public RedsinkConfig config() {
    return config;
  }

  /**
   * Loads the batch: records the ledger already covers are skipped, the rest are staged and loaded
   * in one transaction per target table together with the ledger.
   *
   * @throws dev.redsink.core.error.RedsinkException when any record could not be made durable;
   *     {@code isTransient()} says whether the same batch may simply be retried, and a {@link
   *     BadRecordException} names the offending record (nothing of the batch was committed for its
   *     table)
   */
  public LoadResult write(List<Record> batch) {
    return engine.write(batch);
  }

  /**
   * {@link #write(List)}, and also moves the ledger to {@code settledThrough} offsets (the next
   * offset per partition) that the runtime has dealt with otherwise — records it sent to a
   * dead-letter queue, tombstones it ignored — in the same transaction, so a restart does not read
   * them again. Offsets at or below the ledger change nothing.
   */
  @Override
  public LoadResult write(List<Record> batch, Map<TopicPartition, Long> settledThrough) {
    return engine.write(batch, settledThrough);
  }

  /**
   * Starts an atomic full refresh of the table {@code topic} resolves to (creating it if needed):
   * write the whole input to the returned run, then commit it to make the table exactly that input;
   * closing it uncommitted, a failure or a kill leaves the table as it was.
   *
   * @throws dev.redsink.core.error.RedsinkException (fatal) while another replace of the same table
   *     runs, naming its run table, start and process
   */
  public ReplaceRun replace(String topic) {
    return new EngineReplaceRun(engine.replace(topic));
  }

  /**
   * Whether a record with a null value (a tombstone) deletes its key's rows (write_mode upsert with
   * tombstones = "delete") rather than being skipped, so a runtime knows to hand it over.
   */
  @Override
  public boolean appliesTombstones() {
    return config.write().tombstones() == WriteSettings.TombstoneHandling.DELETE;
  }

  /**
   * The checks {@link #write} applies to each record before staging anything (byte limits, UTF-8 in
   * text mode), so a runtime can divert errant records first.
   */
  @Override
  public Optional<BadRecordException> check(Record record) {
    return engine.check(record);
  }

  @Override
  public RecordVerdict judge(Record record) {
    return engine.judge(record);
  }

  @Override
  public void forget(Collection<TopicPartition> partitions) {
    engine.forget(partitions);
  }

  /**
   * The table a topic's records load into: target_table resolved against the topic, with
   * target_schema when it is set ({@code analytics.orders_eu}), for messages and summaries.
   */
  @Override
  public String tableOf(String topic) {
    return new TableName(
            config.find(ConfigKeys.TARGET_SCHEMA),
            config.get(ConfigKeys.TARGET_TABLE).resolve(topic))
        .toString();
  }

  /** The offset to resume from for one partition, from the ledger; empty when none was loaded. */
  public OptionalLong nextOffset(String topic, int partition) {
    Long next =
        nextOffsets(List.of(new TopicPartition(topic, partition)))
            .get(new TopicPartition(topic, partition));
    return next == null ? OptionalLong.empty() : OptionalLong.of(next);
  }

  /**
   * The offsets to resume from, read from the ledger of each partition's target table (partitions
   * with nothing loaded are absent).
   */
  @Override
  public Map<TopicPartition, Long> nextOffsets(Collection<TopicPartition> partitions) {
    return engine.nextOffsets(partitions);
  }

  /**
   * The wait before a runtime loads a batch again after its {@code failures}-th transient failure
   * in a row: retry_delay × failures, at most retry_max_delay.
   */
  @Override
  public Duration retryDelay(int failures) {
    return engine.retry().batchDelay(failures);
  }

  /** retry_timeout: how long a batch may keep failing transiently; zero: until stopped. */
  @Override
  public Duration retryTimeout() {
    return engine.retry().timeout();
  }

  @Override
  public void close() {
    engine.close();
  }
}
