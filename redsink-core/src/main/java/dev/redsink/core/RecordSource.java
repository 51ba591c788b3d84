package dev.redsink.core;

import dev.redsink.core.record.Record;
import dev.redsink.core.record.TopicPartition;

/**
 * How a {@link SinkSession} reads a runtime's records ({@code R}: a Connect {@code SinkRecord}, a
 * consumer record) and what the runtime does with a record whose value is null.
 */
public interface RecordSource<R> {

  /** The partition the record was read from (before any renaming transform). */
  TopicPartition partition(R record);

  /** The record's offset in that partition. */
  long offset(R record);

  /** Whether the record's value is null (a tombstone). */
  boolean hasNullValue(R record);

  /**
   * The record as the engine loads it.
   *
   * @throws dev.redsink.core.error.BadRecordException when it cannot be translated; the session
   *     diverts it
   */
  Record convert(R record);

  /**
   * The runtime's form of a record the engine rejected at write time, to divert it, when the
   * session did not keep the record as taken (see {@link #restoresExactly()}).
   */
  R restore(Record record);

  /**
   * Whether {@link #restore} gives back the record as taken. When it does not (Connect's records
   * come from converters, and an errant record report should carry the bytes on the topic), the
   * session keeps each record a write may still reject until its load commits.
   */
  default boolean restoresExactly() {
    return true;
  }

  /**
   * Decides a null-valued record the engine would not apply: true loads it as any other record,
   * false ignores it (the ledger moves past it); throwing fails the runtime.
   */
  boolean takesNullValue(R record);

  /**
   * The source for runtimes whose records are the engine's already: a record whose value is null is
   * loaded as any other (the engine appends it, or deletes its key's rows when it applies
   * tombstones).
   */
  static RecordSource<Record> plain() {
    return new RecordSource<>() {
      /** The partition asked last: records come partition by partition, so most ask it again. */
      private volatile TopicPartition last;

      @Override
      public TopicPartition partition(Record record) {
        TopicPartition known = last;
        if (known != null
            && known.partition() == record.partition()
            && known.topic().equals(record.topic())) {
          return known;
        }
        TopicPartition partition = new TopicPartition(record.topic(), record.partition());
        last = partition;
        return partition;
      }

      @Override
      public long offset(Record record) {
        return record.offset();
      }

      @Override
      public boolean hasNullValue(Record record) {
        return record.value() == null;
      }

      @Override
      public Record convert(Record record) {
        return record;
      }

      @Override
      public Record restore(Record record) {
        // as it was handed over: a value the buffer held split, whole again
        return record.valueSchema() == null ? record : record.withValue(record.wholeValue());
      }

      @Override
      public boolean takesNullValue(Record record) {
        return true;
      }
    };
  }
}
