package dev.redsink.testkit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A connector file in the reference's TOML format, as a user writes one for {@code redsink run},
 * {@code check} and {@code load}: one {@code [[topics]]} entry and a {@code [plugin_config]} table.
 */
public final class ConnectorFile {

  private ConnectorFile() {}

  /**
   * The plugin configuration of a connector loading {@code table} through the warehouse, staging
   * under {@code s3Prefix}, with text payloads; {@code connectionString} null leaves the connection
   * to the environment override.
   */
  public static Map<String, Object> pluginConfig(
      Warehouse warehouse, String table, String s3Prefix, String connectionString) {
    Map<String, Object> c = warehouse.config(table, s3Prefix);
    if (connectionString == null) {
      c.remove("connection_string");
    } else {
      c.put("connection_string", connectionString);
    }
    c.put("payload_format", "text");
    return c;
  }

  /**
   * The file's text: topics matching {@code pattern} (a regular expression, written as a TOML
   * literal string) read as JSON in batches of {@code batchLength}, polled every {@code
   * pollInterval}, into the plugin configuration.
   */
  public static String text(
      String key,
      String name,
      String pattern,
      int batchLength,
      String pollInterval,
      Map<String, Object> pluginConfig) {
    return """
        type = "sink"
        key = "%s"
        enabled = true
        version = 0
        name = "%s"
        path = "libpicomq_connector_redshift_sink"

        [[topics]]
        pattern = '%s'
        schema = "json"
        batch_length = %d
        poll_interval = "%s"

        [plugin_config]
        """
            .formatted(key, name, pattern, batchLength, pollInterval)
        + toml(pluginConfig);
  }

  /** Writes {@code <dir>/<key>.toml}. */
  public static Path write(Path dir, String key, String text) throws IOException {
    Files.createDirectories(dir);
    Path file = dir.resolve(key + ".toml");
    Files.writeString(file, text);
    return file;
  }

  /** A table's lines, {@code key = value} each, in the map's order. */
  public static String toml(Map<String, Object> table) {
    StringBuilder out = new StringBuilder();
    table.forEach((key, value) -> out.append(key).append(" = ").append(toml(value)).append('\n'));
    return out.toString();
  }

  /** A TOML value: a basic string, an array of values, or a number or boolean as written. */
  public static String toml(Object value) {
    if (value instanceof List<?> list) {
      return list.stream().map(ConnectorFile::toml).collect(Collectors.joining(", ", "[", "]"));
    }
    if (value instanceof String s) {
      return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
    return String.valueOf(value);
  }
}
