package dev.redsink.kafka.connect;

import dev.redsink.core.error.BadRecordException;
import dev.redsink.core.record.LoadResult;
import dev.redsink.core.record.Record;
import dev.redsink.core.record.TopicPartition;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** What the task loads through: the Redsink engine in production, a fake in unit tests. */
interface Loader extends AutoCloseable {

  /**
   * Loads the batch exactly once and moves the ledger to the settled offsets (see {@link
   * dev.redsink.core.RedshiftSink#write(List, Map)}).
   */
  LoadResult write(List<Record> batch, Map<TopicPartition, Long> settledThrough);

  /** The per-record checks {@link #write} applies. */
  Optional<BadRecordException> check(Record record);

  /** The next offset per partition committed in Redshift; absent when nothing was loaded. */
  Map<TopicPartition, Long> nextOffsets(Collection<TopicPartition> partitions);

  /**
   * Whether the engine applies records whose value is null (write_mode = upsert with
   * delete_on_tombstone: a tombstone deletes its key's row); otherwise the task deals with them as
   * behavior.on.null.values says.
   */
  boolean appliesTombstones();

  /** How long to wait before retrying after a transient failure. */
  Duration retryDelay();

  @Override
  void close();

  /** Opens a loader from the core's configuration keys. */
  @FunctionalInterface
  interface Factory {
    /**
     * @throws dev.redsink.core.error.RedsinkException when the configuration is invalid or Redshift
     *     cannot be reached
     */
    Loader open(Map<String, String> coreConfig);
  }
}
