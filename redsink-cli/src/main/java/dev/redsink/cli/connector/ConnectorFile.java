package dev.redsink.cli.connector;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * A connector file in the reference design's format, with environment overrides already applied to
 * {@code pluginConfig}. The plugin configuration is handed to the engine as it is; the engine's key
 * catalogue validates it.
 *
 * @param source the file it was read from
 * @param kafka consumer properties from the {@code [kafka]} table, dotted names
 * @param notes what a person should know (skipped, overridden keys, ignored entries), no secrets
 */
public record ConnectorFile(
    Path source,
    String type,
    String key,
    boolean enabled,
    long version,
    String name,
    String path,
    List<TopicSpec> topics,
    Map<String, Object> pluginConfig,
    Map<String, String> kafka,
    List<String> notes) {

  public ConnectorFile {
    topics = List.copyOf(topics);
    pluginConfig = Map.copyOf(pluginConfig);
    kafka = Map.copyOf(kafka);
    notes = List.copyOf(notes);
  }

  /** Whether a topic name matches any {@code [[topics]]} pattern. */
  public boolean matches(String topic) {
    return topics.stream().anyMatch(t -> t.matches(topic));
  }

  /** The largest batch length of the topic entries: how many records one load takes at most. */
  public int batchLength() {
    return topics.stream()
        .mapToInt(TopicSpec::batchLength)
        .max()
        .orElse(TopicSpec.DEFAULT_BATCH_LENGTH);
  }

  /** The shortest poll interval of the topic entries: how long a batch waits to fill at most. */
  public Duration pollInterval() {
    return topics.stream()
        .map(TopicSpec::pollInterval)
        .min(Duration::compareTo)
        .orElse(TopicSpec.DEFAULT_POLL_INTERVAL);
  }

  /** Secrets may be in the plugin configuration: show only the file and the connector's key. */
  @Override
  public String toString() {
    return "ConnectorFile[" + key + " from " + source + "]";
  }
}
