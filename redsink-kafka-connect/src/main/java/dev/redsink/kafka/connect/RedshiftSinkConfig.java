package dev.redsink.kafka.connect;

import dev.redsink.core.SessionSettings;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A task's configuration: the core's keys passed through untouched (the core parses and validates
 * them), plus what the Connect runtime reads itself and the core's flush limits.
 *
 * @param coreConfig the core's keys as given, dotted or underscored
 * @param flush the flush limits (core keys), loading on a thread named after the task
 */
record RedshiftSinkConfig(
    String connectorName,
    int taskId,
    Map<String, String> coreConfig,
    SessionSettings flush,
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
    String name = props.getOrDefault(NAME, "redshift-sink");
    int taskId = Integer.parseInt(props.getOrDefault(TASK_ID, "0"));
    SessionSettings flush =
        SessionSettings.of(core).onThread("redsink-load-" + name + "-" + taskId);
    return new RedshiftSinkConfig(
        name,
        taskId,
        core,
        flush,
        NullValueBehavior.of((String) parsed.get(SinkConfigDef.BEHAVIOR_ON_NULL_VALUES)),
        ErrorTolerance.of(props));
  }
}
