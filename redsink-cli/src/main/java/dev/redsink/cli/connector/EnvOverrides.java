package dev.redsink.cli.connector;

import dev.redsink.core.config.ConfigKeys;
import dev.redsink.core.config.Sensitivity;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Environment variables that replace {@code [plugin_config]} keys, so secrets stay out of the file:
 * {@code REDSINK_CONNECTORS_SINK_<KEY>_PLUGIN_CONFIG_<FIELD>} and the reference's {@code
 * PICOMQ_CONNECTORS_SINK_<KEY>_PLUGIN_CONFIG_<FIELD>} (the REDSINK spelling wins when both are
 * set). {@code <KEY>} is the connector's key in upper case with every other character than a letter
 * or digit as {@code _}; {@code <FIELD>} is the plugin_config key in upper case.
 */
public final class EnvOverrides {
  /** Later spellings win. */
  private static final List<String> SPELLINGS = List.of("PICOMQ", "REDSINK");

  private final Map<String, String> environment;

  public EnvOverrides(Map<String, String> environment) {
    this.environment = Map.copyOf(environment);
  }

  /** The process environment. */
  public static EnvOverrides system() {
    return new EnvOverrides(System.getenv());
  }

  /** The variable name for one plugin_config key of a connector, in the REDSINK spelling. */
  public static String variable(String connectorKey, String field) {
    return prefix("REDSINK", connectorKey) + field.toUpperCase(Locale.ROOT);
  }

  /**
   * Applies the overrides for the connector to its plugin configuration, adding a note per
   * overridden key (never its value).
   *
   * @return the variable that set each overridden key, by key
   */
  public Map<String, String> apply(
      String connectorKey, Map<String, Object> pluginConfig, List<String> notes) {
    Map<String, String> found = new TreeMap<>();
    Map<String, String> from = new TreeMap<>();
    for (String spelling : SPELLINGS) {
      String prefix = prefix(spelling, connectorKey);
      environment.forEach(
          (name, value) -> {
            if (name.startsWith(prefix) && name.length() > prefix.length()) {
              String field = name.substring(prefix.length()).toLowerCase(Locale.ROOT);
              found.put(field, value);
              from.put(field, name);
            }
          });
    }
    found.forEach(
        (field, value) -> {
          boolean replaced = pluginConfig.containsKey(field);
          pluginConfig.put(field, value);
          notes.add(
              "plugin_config."
                  + field
                  + (replaced ? " replaced by " : " set by ")
                  + from.get(field)
                  + (isSecret(field) ? " (value hidden)" : " = '" + value + "'"));
        });
    return from;
  }

  private static boolean isSecret(String field) {
    return ConfigKeys.byName(field).map(k -> k.sensitivity() != Sensitivity.PLAIN).orElse(true);
  }

  private static String prefix(String spelling, String connectorKey) {
    return spelling + "_CONNECTORS_SINK_" + normalized(connectorKey) + "_PLUGIN_CONFIG_";
  }

  private static String normalized(String connectorKey) {
    return connectorKey.toUpperCase(Locale.ROOT).replaceAll("[^A-Z0-9]", "_");
  }
}
