package dev.redsink.kafka.connect;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A task's configuration: the core's keys passed through untouched (the core parses and validates
 * them), plus what the Connect runtime reads itself.
 *
 * @param coreConfig the core's keys as given, dotted or underscored
 */
record RedshiftSinkConfig(
    String connectorName,
    int taskId,
    Map<String, String> coreConfig,
    FlushPolicy flush,
    NullValueBehavior onNullValue,
    ErrorTolerance errorTolerance) {

  /** Added by the connector to each task's configuration, so metrics can name the task. */
  static final String TASK_ID = "redsink.task.id";

  static final String NAME = "name";

  RedshiftSinkConfig {
    coreConfig = Map.copyOf(coreConfig);
  }

  /**
   * Splits and parses a task's properties.
   *
   * @throws org.apache.kafka.common.config.ConfigException when a runtime key is invalid
   */
  static RedshiftSinkConfig parse(Map<String, String> props) {
    Map<String, String> core = new LinkedHashMap<>();
    Map<String, String> runtime = new LinkedHashMap<>();
    props.forEach(
        (key, value) -> {
          if (SinkConfigDef.isCoreKey(key)) {
            core.put(key, value);
          } else {
            runtime.put(key, value);
          }
        });
    Map<String, Object> parsed = SinkConfigDef.runtimeKeys().parse(runtime);
    FlushPolicy flush =
        new FlushPolicy(
            (Integer) parsed.get(SinkConfigDef.FLUSH_MAX_RECORDS),
            (Long) parsed.get(SinkConfigDef.FLUSH_MAX_BYTES),
            Duration.ofMillis((Long) parsed.get(SinkConfigDef.FLUSH_INTERVAL_MS)));
    return new RedshiftSinkConfig(
        props.getOrDefault(NAME, "redshift-sink"),
        Integer.parseInt(props.getOrDefault(TASK_ID, "0")),
        core,
        flush,
        NullValueBehavior.of((String) parsed.get(SinkConfigDef.BEHAVIOR_ON_NULL_VALUES)),
        ErrorTolerance.of(props));
  }
}
