package dev.redsink.kafka.connect;

import dev.redsink.core.RecordSource;
import dev.redsink.core.error.BadRecordException;
import dev.redsink.core.record.Record;
import dev.redsink.core.record.TopicPartition;
import org.apache.kafka.common.record.TimestampType;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.errors.ConnectException;
import org.apache.kafka.connect.errors.DataException;
import org.apache.kafka.connect.sink.SinkRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How the session reads Connect's records: by their original Kafka coordinates, converted to bytes,
 * with null values handled as behavior.on.null.values says.
 */
final class SinkRecords implements RecordSource<SinkRecord> {
  private static final Logger LOG = LoggerFactory.getLogger(SinkRecords.class);

  private final SinkRecordConverter converter;
  private final NullValueBehavior onNullValue;
  private final TaskMetrics metrics;
  private boolean nullValueLogged;

  SinkRecords(SinkRecordConverter converter, NullValueBehavior onNullValue, TaskMetrics metrics) {
    this.converter = converter;
    this.onNullValue = onNullValue;
    this.metrics = metrics;
  }

  @Override
  public TopicPartition partition(SinkRecord record) {
    return SinkRecordConverter.partitionOf(record);
  }

  @Override
  public long offset(SinkRecord record) {
    return record.originalKafkaOffset();
  }

  @Override
  public boolean hasNullValue(SinkRecord record) {
    return record.value() == null;
  }

  @Override
  public Record convert(SinkRecord record) {
    try {
      return converter.convert(record);
    } catch (DataException e) {
      String id =
          record.originalTopic()
              + ":"
              + record.originalKafkaPartition()
              + ":"
              + record.originalKafkaOffset();
      BadRecordException bad =
          new BadRecordException(id, "Cannot convert record " + id + ": " + e.getMessage());
      bad.initCause(e);
      throw bad;
    }
  }

  /**
   * Connect's records come from converters: a record rebuilt from the bytes Redsink made of it is
   * not the record on the topic, so the session keeps the records a write may still refuse.
   */
  @Override
  public boolean restoresExactly() {
    return false;
  }

  /**
   * A rejected record rebuilt from its stored bytes, for a rejection at write time of a record the
   * session did not keep (it cannot happen for the records whose checks were final).
   */
  @Override
  public SinkRecord restore(Record record) {
    return new SinkRecord(
        record.topic(),
        record.partition(),
        Schema.OPTIONAL_BYTES_SCHEMA,
        record.key(),
        Schema.OPTIONAL_BYTES_SCHEMA,
        record.wholeValue(),
        record.offset(),
        record.timestamp() == SinkRecordConverter.NO_TIMESTAMP ? null : record.timestamp(),
        TimestampType.CREATE_TIME);
  }

  @Override
  public boolean takesNullValue(SinkRecord record) {
    if (onNullValue == NullValueBehavior.FAIL) {
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
    return false;
  }
}
