package dev.redsink.core.record;

import java.util.List;
import java.util.Objects;

/**
 * One message-log record as any runtime hands it over. The byte arrays are not copied: the engine
 * writes them straight into Parquet, so callers must not modify them until the write returns.
 *
 * @param partition 0 for a runtime without partitions
 * @param timestamp milliseconds since the epoch
 * @param key nullable
 * @param value nullable (a tombstone becomes a NULL payload)
 */
public record Record(
    String topic,
    int partition,
    long offset,
    long timestamp,
    byte[] key,
    List<Header> headers,
    byte[] value) {

  public Record {
    Objects.requireNonNull(topic, "topic");
    headers = headers == null ? List.of() : headers;
  }

  /** The id Redsink stores and deduplicates by: topic:partition:offset. */
  public String id() {
    return topic + ":" + partition + ":" + offset;
  }

  /** The same record (topic, partition, offset, timestamp, key, headers) with another value. */
  public Record withValue(byte[] other) {
    return new Record(topic, partition, offset, timestamp, key, headers, other);
  }

  /** Its key, value and header values' bytes: what it weighs in a buffer and in a load. */
  public long bytes() {
    long size = (key == null ? 0 : key.length) + (value == null ? 0 : value.length);
    for (Header header : headers) {
      size += header.value() == null ? 0 : header.value().length;
    }
    return size;
  }

  /** For messages: topic-partition@offset, never the contents. */
  @Override
  public String toString() {
    return topic + "-" + partition + "@" + offset;
  }
}
