package dev.redsink.cli.verify;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.redsink.core.config.ConfigKeys;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A Kafka Connect connector's configuration, as given to the Connect REST API ({@code {"name": …,
 * "config": {…}}}) or as its bare {@code config} object: Redsink's keys (either spelling), the
 * topics and the dead letter queue. Connect's own keys (connector.class, converters, errors.*) are
 * not Redsink's and are left out.
 */
public record ConnectConfig(
    String name,
    Map<String, Object> pluginConfig,
    List<String> topics,
    Optional<Pattern> topicsRegex,
    Optional<String> deadLetterTopic) {

  /** Whether the connector reads {@code topic}: one of its topics, or its topics.regex's. */
  public boolean reads(String topic) {
    return topics.contains(topic) || topicsRegex.map(p -> p.matcher(topic).matches()).orElse(false);
  }

  /** The dead letter queue key of Kafka Connect's sink connectors. */
  static final String DEAD_LETTER_TOPIC = "errors.deadletterqueue.topic.name";

  /**
   * Reads the file.
   *
   * @throws IllegalArgumentException naming the file when it is not a JSON object
   */
  public static ConnectConfig read(Path file) throws IOException {
    JsonNode root = new ObjectMapper().readTree(file.toFile());
    if (root == null || !root.isObject()) {
      throw new IllegalArgumentException(
          file + " is not a Kafka Connect configuration: expected a JSON object");
    }
    JsonNode config =
        root.has("config") && root.get("config").isObject() ? root.get("config") : root;
    String name = text(root, "name").or(() -> text(config, "name")).orElse(file.toString());
    Map<String, Object> plugin = new LinkedHashMap<>();
    for (Map.Entry<String, JsonNode> e : config.properties()) {
      if (ConfigKeys.byName(e.getKey()).or(() -> ConfigKeys.byDottedName(e.getKey())).isPresent()) {
        plugin.put(
            e.getKey(),
            e.getValue().isValueNode() ? e.getValue().asText() : e.getValue().toString());
      }
    }
    List<String> topics =
        text(config, "topics")
            .map(
                t ->
                    Arrays.stream(t.split(","))
                        .map(String::trim)
                        .filter(s -> !s.isEmpty())
                        .toList())
            .orElse(List.of());
    return new ConnectConfig(
        name,
        plugin,
        topics,
        text(config, "topics.regex").map(Pattern::compile),
        text(config, DEAD_LETTER_TOPIC));
  }

  private static Optional<String> text(JsonNode node, String field) {
    JsonNode value = node.get(field);
    return value == null || value.isNull() || value.asText().isBlank()
        ? Optional.empty()
        : Optional.of(value.asText());
  }
}
