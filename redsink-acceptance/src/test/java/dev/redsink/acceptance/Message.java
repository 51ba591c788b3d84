package dev.redsink.acceptance;

import java.util.List;
import java.util.Map;

/**
 * One record of a cell's input as content, before it is encoded for a layout and a runtime: the
 * partition, the producer's timestamp, the key (null, raw bytes or a JSON object's fields), the
 * value (raw bytes for payload layouts, a row's fields for typed ones, a {@link ChangeEvent} for
 * cdc, a {@link Refused} one of those, or null for a tombstone) and the headers.
 */
record Message(int partition, long timestamp, Object key, Object value, List<HeaderValue> headers) {

  /** A header; its value may be null. */
  record HeaderValue(String name, String value) {}

  /** A Debezium change event: op c, r, u or d, the images, and the source position. */
  record ChangeEvent(String op, Map<String, Object> before, Map<String, Object> after, long lsn) {
    boolean isDelete() {
      return op.equals("d");
    }
  }

  /**
   * A value the plugin refuses (a row, or a change event's image, with two fields whose names fold
   * to one column): Kafka Connect diverts it to the dead letter queue, and it is no row.
   */
  record Refused(Object value) {}

  boolean isRefused() {
    return value instanceof Refused;
  }

  boolean isTombstone() {
    return value == null;
  }

  @SuppressWarnings("unchecked")
  Map<String, Object> keyFields() {
    return (Map<String, Object>) key;
  }

  @SuppressWarnings("unchecked")
  Map<String, Object> row() {
    return (Map<String, Object>) value;
  }
}
