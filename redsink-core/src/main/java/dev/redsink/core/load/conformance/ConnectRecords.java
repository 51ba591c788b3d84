package dev.redsink.core.load.conformance;

import dev.redsink.core.record.Header;
import dev.redsink.core.record.Record;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The records a conformance item loads: Kafka Connect JsonConverter envelopes, as a typed table's
 * records arrive, on topic {@code conformance}, partition 0.
 */
final class ConnectRecords {
  static final String TOPIC = "conformance";

  private ConnectRecords() {}

  /** {@code {"schema":{struct of fields},"payload":payload}}. */
  static String envelope(String fields, String payload) {
    return "{\"schema\":{\"type\":\"struct\",\"fields\":["
        + fields
        + "]},\"payload\":"
        + payload
        + "}";
  }

  static Record record(long offset, String key, String value, Header... headers) {
    return new Record(
        TOPIC,
        0,
        offset,
        1_700_000_000_000L + offset,
        key == null ? null : key.getBytes(StandardCharsets.UTF_8),
        List.of(headers),
        value == null ? null : value.getBytes(StandardCharsets.UTF_8));
  }

  static Header header(String key, String value) {
    return new Header(key, value.getBytes(StandardCharsets.UTF_8));
  }
}
