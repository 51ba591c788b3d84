package dev.redsink.kafka.connect;

import dev.redsink.core.config.ConfigKey;
import dev.redsink.core.config.ConfigKeys;
import dev.redsink.core.config.ConfigParser;
import dev.redsink.core.error.InvalidConfigException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.kafka.common.config.Config;
import org.apache.kafka.common.config.ConfigValue;

/**
 * Puts the core's own validation messages onto Connect's per-key results, so the REST API reports
 * each bad key exactly as the core (and the CLI) would.
 */
final class CoreValidation {
  private static final String UNATTRIBUTED = "redsink";

  private CoreValidation() {}

  /**
   * Replaces ConfigDef's findings on the core's keys with the core's problems; the runtime keys
   * keep ConfigDef's findings.
   */
  static Config apply(Config connect, Map<String, String> props) {
    Map<String, ConfigValue> byName = new HashMap<>();
    for (ConfigValue value : connect.configValues()) {
      byName.put(value.name(), value);
    }
    for (ConfigKey<?> key : ConfigKeys.ALL) {
      ConfigValue value = byName.get(key.dottedName());
      if (value != null) {
        value.errorMessages().clear();
      }
    }
    for (String problem : problems(coreKeys(props))) {
      Optional<ConfigKey<?>> key = keyOf(problem);
      // Every problem names a catalogue key; one that did not would still be shown, not lost.
      String name = key.map(ConfigKey::dottedName).orElse(UNATTRIBUTED);
      String message = key.map(k -> problem.substring(k.name().length() + 2)).orElse(problem);
      byName
          .computeIfAbsent(
              name,
              n -> {
                ConfigValue created = new ConfigValue(n);
                connect.configValues().add(created);
                return created;
              })
          .addErrorMessage(message);
    }
    return connect;
  }

  /** The properties that are the core's keys, under either spelling. */
  static Map<String, String> coreKeys(Map<String, String> props) {
    Map<String, String> core = new HashMap<>();
    props.forEach(
        (key, value) -> {
          if (SinkConfigDef.isCoreKey(key)) {
            core.put(key, value);
          }
        });
    return core;
  }

  /** The core's problems, each "key: message", or none. */
  static List<String> problems(Map<String, String> coreConfig) {
    try {
      ConfigParser.parse(coreConfig);
      return List.of();
    } catch (InvalidConfigException e) {
      return e.problems();
    }
  }

  private static Optional<ConfigKey<?>> keyOf(String problem) {
    return ConfigKeys.ALL.stream().filter(k -> problem.startsWith(k.name() + ": ")).findFirst();
  }
}
