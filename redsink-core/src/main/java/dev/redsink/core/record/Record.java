package dev.redsink.core.record;

import java.util.List;
import java.util.Objects;

/**
 * One message-log record as any runtime hands it over. The byte arrays are not copied: the engine
 * writes them straight into Parquet, so callers must not modify them until the write returns.
 *
 * <p>A value in Kafka Connect JsonConverter's envelope ({@code {"schema":…,"payload":…}}) may be
 * held split: {@code valueSchema} the schema's bytes, shared by every record of that schema, and
 * {@code value} the payload's. A Debezium change event's schema is most of its bytes, so a buffer
 * of such records holds each schema once instead of once per record. {@link #wholeValue()} gives
 * the value as written either way.
 *
 * @param partition 0 for a runtime without partitions
 * @param timestamp milliseconds since the epoch
 * @param key nullable
 * @param value nullable (a tombstone becomes a NULL payload); the envelope's payload when {@code
 *     valueSchema} is set
 * @param valueSchema null, or the schema of a value held split (shared: never modify it)
 * @param keySchema null, or the JsonConverter schema of the key, whose bytes are then that
 *     envelope's payload (shared: never modify it): what a key read as a row is typed by
 */
public record Record(
    String topic,
    int partition,
    long offset,
    long timestamp,
    byte[] key,
    List<Header> headers,
    byte[] value,
    byte[] valueSchema,
    byte[] keySchema) {

  public Record {
    Objects.requireNonNull(topic, "topic");
    headers = headers == null ? List.of() : headers;
    if (valueSchema != null) {
      Objects.requireNonNull(value, "the payload of a value held split");
    }
    if (keySchema != null) {
      Objects.requireNonNull(key, "the payload of a key with its schema");
    }
  }

  /** A record whose key has no schema held beside it. */
  public Record(
      String topic,
      int partition,
      long offset,
      long timestamp,
      byte[] key,
      List<Header> headers,
      byte[] value,
      byte[] valueSchema) {
    this(topic, partition, offset, timestamp, key, headers, value, valueSchema, null);
  }

  /** A record whose value is held whole. */
  public Record(
      String topic,
      int partition,
      long offset,
      long timestamp,
      byte[] key,
      List<Header> headers,
      byte[] value) {
    this(topic, partition, offset, timestamp, key, headers, value, null, null);
  }

  /** The id Redsink stores and deduplicates by: topic:partition:offset. */
  public String id() {
    return topic + ":" + partition + ":" + offset;
  }

  /**
   * The same record (topic, partition, offset, timestamp, key, headers) with another value, held
   * whole.
   */
  public Record withValue(byte[] other) {
    return new Record(topic, partition, offset, timestamp, key, headers, other, null, keySchema);
  }

  /**
   * The same record with its value held split: JsonConverter's envelope of {@code schema} (shared)
   * and {@code payload}.
   */
  public Record withEnvelope(byte[] schema, byte[] payload) {
    return new Record(
        topic, partition, offset, timestamp, key, headers, payload, schema, keySchema);
  }

  /**
   * A record whose value is this record's key: held split with the key's schema when it has one, so
   * the key reads with the types its schema declares.
   */
  public Record keyAsValue() {
    return keySchema == null ? withValue(key) : withEnvelope(keySchema, key);
  }

  /** The value as written: the envelope put together again when it is held split; nullable. */
  public byte[] wholeValue() {
    return valueSchema == null ? value : EnvelopeBytes.of(valueSchema, value);
  }

  /**
   * Its key, value and header values' bytes: what it weighs in a buffer and in a load. A value held
   * split weighs its payload: the schema is held once for every record that shares it.
   */
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
