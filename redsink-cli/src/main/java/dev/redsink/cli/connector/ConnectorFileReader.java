package dev.redsink.cli.connector;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.toml.TomlMapper;
import dev.redsink.core.config.ConfigKeys;
import dev.redsink.core.config.Durations;
import dev.redsink.core.config.KeyNames;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Reads the reference design's connector file format verbatim (type, key, enabled, version, name,
 * path, {@code [[topics]]}, {@code [plugin_config]}) plus Redsink's {@code [kafka]} table of
 * consumer properties, reporting every problem at once.
 */
public final class ConnectorFileReader {
  /** The library name the reference's files give in {@code path}; accepted as is. */
  public static final String REFERENCE_LIBRARY = "libpicomq_connector_redshift_sink";

  private static final Set<String> TOP_LEVEL =
      Set.of(
          "type", "key", "enabled", "version", "name", "path", "topics", "plugin_config", "kafka");
  private static final Set<String> TOPIC_KEYS =
      Set.of("pattern", "schema", "batch_length", "poll_interval");

  private final TomlMapper mapper = new TomlMapper();
  private final EnvOverrides overrides;

  public ConnectorFileReader(EnvOverrides overrides) {
    this.overrides = overrides;
  }

  /**
   * Reads one file.
   *
   * @throws ConnectorFileException listing every problem
   */
  public ConnectorFile read(Path file) {
    JsonNode root = parse(file);
    List<String> problems = new ArrayList<>();
    List<String> notes = new ArrayList<>();
    Fields fields = new Fields(root, "", problems);
    root.fieldNames()
        .forEachRemaining(
            name -> {
              if (!TOP_LEVEL.contains(name)) {
                notes.add("'" + name + "' is not a connector file entry; ignored");
              }
            });
    String type = fields.text("type").orElse("sink");
    if (!type.equals("sink")) {
      problems.add("type: expected \"sink\", got \"" + type + "\"; redsink runs sink connectors");
    }
    String key = fields.text("key").orElse("");
    if (key.isBlank()) {
      problems.add("key: is required (it names the connector in environment overrides)");
    }
    boolean enabled = fields.bool("enabled").orElse(true);
    long version = fields.integer("version").orElse(0L);
    String name = fields.text("name").orElse(key);
    String path = fields.text("path").orElse(REFERENCE_LIBRARY);
    List<TopicSpec> topics = topics(root.get("topics"), problems);
    Map<String, Object> pluginConfig = table(root, "plugin_config", problems);
    Map<String, String> kafka = new TreeMap<>();
    table(root, "kafka", problems).forEach((k, v) -> kafka.put(k, String.valueOf(v)));
    if (!key.isBlank()) {
      Map<String, String> fromEnvironment = overrides.apply(key, pluginConfig, notes);
      unknownKeys(pluginConfig, fromEnvironment, problems);
    }
    if (!problems.isEmpty()) {
      throw new ConnectorFileException(file, problems);
    }
    return new ConnectorFile(
        file, type, key, enabled, version, name, path, topics, pluginConfig, kafka, notes);
  }

  /**
   * A plugin_config key that is not in the catalogue is a problem naming the nearest key, and the
   * environment variable when one set it (a misspelt key would otherwise leave its value unused).
   */
  private static void unknownKeys(
      Map<String, Object> pluginConfig,
      Map<String, String> fromEnvironment,
      List<String> problems) {
    for (String name : pluginConfig.keySet()) {
      if (ConfigKeys.byName(name).isPresent() || ConfigKeys.byDottedName(name).isPresent()) {
        continue;
      }
      String nearest = KeyNames.nearestKey(name);
      String variable = fromEnvironment.get(name);
      if (variable == null) {
        problems.add("plugin_config." + name + ": unknown key; did you mean " + nearest + "?");
      } else {
        String meant =
            variable.substring(0, variable.length() - name.length())
                + nearest.toUpperCase(java.util.Locale.ROOT);
        problems.add(
            variable
                + ": sets plugin_config."
                + name
                + ", which is not a key; did you mean "
                + meant
                + " ("
                + nearest
                + ")?");
      }
    }
  }

  private JsonNode parse(Path file) {
    try {
      String text = Files.readString(file);
      JsonNode root = mapper.readTree(text);
      if (root == null || !root.isObject()) {
        throw new ConnectorFileException(file, List.of("the file is empty"));
      }
      return root;
    } catch (NoSuchFileException e) {
      throw new ConnectorFileException(file, List.of("no such file"));
    } catch (JacksonException e) {
      throw new ConnectorFileException(
          file, List.of("not valid TOML: " + e.getOriginalMessage() + at(e)));
    } catch (IOException e) {
      throw new ConnectorFileException(file, List.of("cannot read it: " + e.getMessage()));
    }
  }

  private static String at(JacksonException e) {
    return e.getLocation() == null || e.getLocation().getLineNr() < 0
        ? ""
        : " (line " + e.getLocation().getLineNr() + ")";
  }

  private static List<TopicSpec> topics(JsonNode node, List<String> problems) {
    List<TopicSpec> topics = new ArrayList<>();
    if (node == null || !node.isArray() || node.isEmpty()) {
      problems.add(
          "[[topics]]: at least one entry with a pattern is required, e.g. pattern = 'orders\\..*'");
      return topics;
    }
    for (int i = 0; i < node.size(); i++) {
      String where = "topics[" + i + "]";
      JsonNode entry = node.get(i);
      if (!entry.isObject()) {
        problems.add(where + ": expected a table");
        continue;
      }
      Fields fields = new Fields(entry, where + ".", problems);
      entry
          .fieldNames()
          .forEachRemaining(
              name -> {
                if (!TOPIC_KEYS.contains(name)) {
                  problems.add(
                      where
                          + "."
                          + name
                          + ": unknown; expected pattern, schema, batch_length or"
                          + " poll_interval");
                }
              });
      Optional<Pattern> pattern = fields.text("pattern").flatMap(p -> regex(where, p, problems));
      if (fields.text("pattern").isEmpty()) {
        problems.add(where + ".pattern: is required (a regular expression for topic names)");
      }
      long length = fields.integer("batch_length").orElse((long) TopicSpec.DEFAULT_BATCH_LENGTH);
      if (length < 1 || length > 1_000_000) {
        problems.add(where + ".batch_length: must be 1 to 1000000, got " + length);
      }
      Duration interval =
          fields
              .text("poll_interval")
              .map(t -> duration(where, t, problems))
              .orElse(TopicSpec.DEFAULT_POLL_INTERVAL);
      String schema = fields.text("schema").orElse("bytes");
      pattern.ifPresent(p -> topics.add(new TopicSpec(p, schema, (int) length, interval)));
    }
    return topics;
  }

  private static Optional<Pattern> regex(String where, String text, List<String> problems) {
    try {
      return Optional.of(Pattern.compile(text));
    } catch (PatternSyntaxException e) {
      problems.add(where + ".pattern: not a regular expression: " + e.getDescription());
      return Optional.empty();
    }
  }

  private static Duration duration(String where, String text, List<String> problems) {
    Optional<Duration> parsed = Durations.parse(text);
    if (parsed.isEmpty() || parsed.get().isZero() || parsed.get().isNegative()) {
      problems.add(
          where + ".poll_interval: cannot parse '" + text + "'; write it like 100ms, 1s or 2m");
      return TopicSpec.DEFAULT_POLL_INTERVAL;
    }
    return parsed.get();
  }

  /** A table's entries as plain values; nested tables become dotted names. */
  private Map<String, Object> table(JsonNode root, String name, List<String> problems) {
    Map<String, Object> values = new LinkedHashMap<>();
    JsonNode node = root.get(name);
    if (node == null) {
      return values;
    }
    if (!node.isObject()) {
      problems.add("[" + name + "]: expected a table");
      return values;
    }
    flatten("", node, values);
    return values;
  }

  private void flatten(String prefix, JsonNode node, Map<String, Object> into) {
    for (Map.Entry<String, JsonNode> field : node.properties()) {
      String name = prefix + field.getKey();
      JsonNode value = field.getValue();
      if (value.isObject()) {
        flatten(name + ".", value, into);
      } else {
        into.put(name, mapper.convertValue(value, Object.class));
      }
    }
  }

  /** Typed access to a table's scalar entries, reporting wrong types. */
  private record Fields(JsonNode node, String where, List<String> problems) {
    Optional<String> text(String name) {
      JsonNode value = node.get(name);
      if (value == null || value.isNull()) {
        return Optional.empty();
      }
      if (!value.isTextual() && !value.isNumber()) {
        problems.add(where + name + ": expected a string");
        return Optional.empty();
      }
      return Optional.of(value.asText());
    }

    Optional<Boolean> bool(String name) {
      JsonNode value = node.get(name);
      if (value == null) {
        return Optional.empty();
      }
      if (!value.isBoolean()) {
        problems.add(where + name + ": expected true or false");
        return Optional.empty();
      }
      return Optional.of(value.booleanValue());
    }

    Optional<Long> integer(String name) {
      JsonNode value = node.get(name);
      if (value == null) {
        return Optional.empty();
      }
      if (!value.isIntegralNumber()) {
        problems.add(where + name + ": expected an integer");
        return Optional.empty();
      }
      return Optional.of(value.longValue());
    }
  }
}
