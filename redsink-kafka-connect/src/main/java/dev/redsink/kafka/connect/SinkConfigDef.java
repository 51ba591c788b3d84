package dev.redsink.kafka.connect;

import dev.redsink.core.config.ConfigKey;
import dev.redsink.core.config.ConfigKeys;
import dev.redsink.core.config.KeyNames;
import dev.redsink.core.config.Sensitivity;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.config.ConfigDef.Importance;
import org.apache.kafka.common.config.ConfigDef.Type;
import org.apache.kafka.common.config.ConfigDef.Width;

/**
 * The connector's {@link ConfigDef}: every key of the core's catalogue under its dotted name, plus
 * the keys only the Connect runtime has (null values).
 */
final class SinkConfigDef {
  static final String BEHAVIOR_ON_NULL_VALUES = "behavior.on.null.values";

  private static final String REDSHIFT_GROUP = "Redshift";
  private static final String RECORDS_GROUP = "Records";

  private SinkConfigDef() {}

  /** Every key the connector accepts besides Connect's own (topics, tasks.max, errors.*). */
  static ConfigDef all() {
    ConfigDef def = new ConfigDef();
    int order = 0;
    for (ConfigKey<?> key : ConfigKeys.ALL) {
      def.define(
          key.dottedName(),
          type(key),
          defaultValue(key),
          null,
          key.isRequired() ? Importance.HIGH : Importance.MEDIUM,
          doc(key),
          REDSHIFT_GROUP,
          ++order,
          Width.LONG,
          key.dottedName());
    }
    return defineRuntimeKeys(def);
  }

  /** Only the keys the Connect runtime itself reads (the core parses the rest). */
  static ConfigDef runtimeKeys() {
    return defineRuntimeKeys(new ConfigDef());
  }

  /** Whether a Connect key is one of the core's keys, under either spelling. */
  static boolean isCoreKey(String name) {
    return ConfigKeys.byDottedName(name).isPresent() || ConfigKeys.byName(name).isPresent();
  }

  /**
   * Warnings for keys that are neither Redsink's nor the connector's but within a typo of one
   * ({@code conection.string}); a Connect configuration also carries the framework's own keys, so
   * anything further off is left alone.
   */
  static List<String> nearMisses(Map<String, String> props) {
    Set<String> ours = new LinkedHashSet<>(all().names());
    List<String> warnings = new ArrayList<>();
    for (String key : props.keySet()) {
      if (isCoreKey(key) || ours.contains(key)) {
        continue;
      }
      KeyNames.nearMiss(key, ours)
          .ifPresent(
              k ->
                  warnings.add(
                      "'"
                          + key
                          + "' is not a key of the Redshift sink and is ignored; did you mean '"
                          + k
                          + "'?"));
    }
    return warnings;
  }

  private static ConfigDef defineRuntimeKeys(ConfigDef def) {
    return def.define(
        BEHAVIOR_ON_NULL_VALUES,
        Type.STRING,
        NullValueBehavior.IGNORE.keyword(),
        ConfigDef.CaseInsensitiveValidString.in(
            NullValueBehavior.IGNORE.keyword(), NullValueBehavior.FAIL.keyword()),
        Importance.LOW,
        "What to do with a record whose value is null (a tombstone): ignore (count it, log it,"
            + " load nothing) or fail the task. With write.mode=upsert and"
            + " delete.on.tombstone=true tombstones are loaded instead: each deletes its key's"
            + " row.",
        RECORDS_GROUP,
        1,
        Width.SHORT,
        "Null values");
  }

  private static Type type(ConfigKey<?> key) {
    if (key.sensitivity() != Sensitivity.PLAIN) {
      return Type.PASSWORD;
    }
    return switch (key.type()) {
      case INT -> Type.INT;
      case BOOL -> Type.BOOLEAN;
      case STRING, TEMPLATE, DURATION, SIZE, LIST -> Type.STRING;
    };
  }

  /** Required keys have no ConfigDef default so that the core, not ConfigDef, reports them. */
  private static Object defaultValue(ConfigKey<?> key) {
    if (key.defaultValue() == null) {
      return null;
    }
    return switch (key.type()) {
      case INT, BOOL -> key.defaultValue();
      case STRING, TEMPLATE, DURATION, SIZE, LIST -> key.defaultText();
    };
  }

  private static String doc(ConfigKey<?> key) {
    String doc = key.doc().endsWith(".") ? key.doc() : key.doc() + ".";
    return (key.isRequired() ? "Required. " : "")
        + doc
        + " (Redsink key "
        + key.name()
        + ", type "
        + key.type().docName().toLowerCase(Locale.ROOT)
        + ".)";
  }
}
