package dev.redsink.cli.connector;

import java.time.Duration;
import java.util.regex.Pattern;

/**
 * One {@code [[topics]]} entry: the topics whose whole name matches {@code pattern}, polled up to
 * {@code batchLength} records at a time, each poll waiting up to {@code pollInterval} for them.
 *
 * @param schema the reference's payload schema label (json, bytes, …); recorded, not interpreted
 */
public record TopicSpec(Pattern pattern, String schema, int batchLength, Duration pollInterval) {
  /** The batch length when a topic entry gives none. */
  public static final int DEFAULT_BATCH_LENGTH = 1000;

  /** The poll interval when a topic entry gives none. */
  public static final Duration DEFAULT_POLL_INTERVAL = Duration.ofMillis(100);

  /** Whether the whole topic name matches the pattern. */
  public boolean matches(String topic) {
    return pattern.matcher(topic).matches();
  }

  @Override
  public String toString() {
    return "TopicSpec["
        + pattern.pattern()
        + ", "
        + batchLength
        + " records, "
        + pollInterval
        + "]";
  }
}
