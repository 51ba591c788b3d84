package dev.redsink.kafka.connect;

import dev.redsink.core.record.Header;
import dev.redsink.core.record.Record;
import dev.redsink.core.record.TopicPartition;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.connect.sink.SinkRecord;

/**
 * Turns a Connect record into the engine's {@link Record}, keyed by the record's original Kafka
 * coordinates (before any transformation renamed its topic), since those are what the ledger and
 * the consumer's offsets track.
 */
final class SinkRecordConverter {
  /** Kafka's "no timestamp", kept when a record carries none. */
  static final long NO_TIMESTAMP = -1L;

  private final ValueBytes bytes;

  SinkRecordConverter(StructFormat valueFormat) {
    this.bytes = new ValueBytes(valueFormat);
  }

  /** The partition a Connect record came from, as the engine names it. */
  static TopicPartition partitionOf(SinkRecord record) {
    return new TopicPartition(record.originalTopic(), record.originalKafkaPartition());
  }

  /**
   * Converts one record whose value may be null (a tombstone).
   *
   * @throws org.apache.kafka.connect.errors.DataException when the key, value or a header cannot be
   *     serialized
   */
  Record convert(SinkRecord record) {
    String topic = record.originalTopic();
    List<Header> headers = new ArrayList<>();
    for (org.apache.kafka.connect.header.Header header : record.headers()) {
      headers.add(new Header(header.key(), bytes.of(topic, header.schema(), header.value())));
    }
    ValueBytes.Value value = bytes.value(topic, record.valueSchema(), record.value());
    // A key keeps its schema beside it as a value does, so a key read as a row (a tombstone's
    // delete by record_key) has its declared types; its bytes are the same JSON either way.
    ValueBytes.Value key = bytes.value(topic, record.keySchema(), record.key());
    return new Record(
        topic,
        record.originalKafkaPartition(),
        record.originalKafkaOffset(),
        record.timestamp() == null ? NO_TIMESTAMP : record.timestamp(),
        key.bytes(),
        headers,
        value.bytes(),
        value.schema(),
        key.schema());
  }
}
