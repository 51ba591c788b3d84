package dev.redsink.core;

import dev.redsink.core.error.BadRecordException;
import dev.redsink.core.error.RecordVerdict;
import dev.redsink.core.record.LoadResult;
import dev.redsink.core.record.Record;
import dev.redsink.core.record.TopicPartition;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** What a {@link SinkSession} loads through: the engine ({@link RedshiftSink}), a fake in tests. */
public interface BatchLoader {

  /** See {@link RedshiftSink#write(List, Map)}. */
  LoadResult write(List<Record> batch, Map<TopicPartition, Long> settledThrough);

  /** The table a topic's records load into, as its metrics name it; by default the topic. */
  default String tableOf(String topic) {
    return topic;
  }

  /** The per-record checks {@link #write} applies. */
  Optional<BadRecordException> check(Record record);

  /**
   * {@link #check}, saying also whether {@link #write} may still reject a record it passes (say a
   * typed field whose column does not exist until the load creates it); by default it may.
   */
  default RecordVerdict judge(Record record) {
    return check(record).map(RecordVerdict::refused).orElse(RecordVerdict.PASSED_FOR_NOW);
  }

  /**
   * The runtime no longer owns these partitions: what {@link #judge} kept of their records for
   * their loads is dropped. By default nothing is kept.
   */
  default void forget(Collection<TopicPartition> partitions) {}

  /** The next offset per partition committed in Redshift; absent when nothing was loaded. */
  Map<TopicPartition, Long> nextOffsets(Collection<TopicPartition> partitions);

  /** Whether a record whose value is null deletes its key's rows (see {@link RedshiftSink}). */
  boolean appliesTombstones();

  /** The wait before loading a batch again after its {@code failures}-th transient failure. */
  Duration retryDelay(int failures);

  /** How long a batch may keep failing transiently before the session fails; zero: forever. */
  Duration retryTimeout();
}
