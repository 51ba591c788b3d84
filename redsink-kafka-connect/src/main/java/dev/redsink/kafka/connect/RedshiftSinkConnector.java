package dev.redsink.kafka.connect;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.config.Config;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.connect.connector.Task;
import org.apache.kafka.connect.errors.ConnectException;
import org.apache.kafka.connect.sink.SinkConnector;

/**
 * The Redsink sink connector: loads topics into Amazon Redshift exactly once through zstd Parquet,
 * S3 and COPY. Its configuration keys are the core's keys with dots ({@code connection.string},
 * {@code target.table}, …) plus the flush thresholds.
 */
public class RedshiftSinkConnector extends SinkConnector {
  private Map<String, String> props;

  @Override
  public String version() {
    return PluginVersion.current();
  }

  @Override
  public void start(Map<String, String> props) {
    RedshiftSinkConfig.parse(props);
    List<String> problems = CoreValidation.problems(coreKeys(props));
    if (!problems.isEmpty()) {
      throw new ConnectException(
          "Cannot start the Redshift sink: the configuration has problems:\n  - "
              + String.join("\n  - ", problems));
    }
    this.props = Map.copyOf(props);
  }

  @Override
  public Class<? extends Task> taskClass() {
    return RedshiftSinkTask.class;
  }

  @Override
  public List<Map<String, String>> taskConfigs(int maxTasks) {
    List<Map<String, String>> configs = new ArrayList<>();
    for (int task = 0; task < maxTasks; task++) {
      Map<String, String> config = new HashMap<>(props);
      config.put(RedshiftSinkConfig.TASK_ID, Integer.toString(task));
      configs.add(config);
    }
    return configs;
  }

  @Override
  public void stop() {}

  @Override
  public ConfigDef config() {
    return SinkConfigDef.all();
  }

  /** ConfigDef's checks for the runtime keys, the core's own messages for the core's keys. */
  @Override
  public Config validate(Map<String, String> connectorConfigs) {
    return CoreValidation.apply(super.validate(connectorConfigs), connectorConfigs);
  }

  private static Map<String, String> coreKeys(Map<String, String> props) {
    Map<String, String> core = new HashMap<>();
    props.forEach(
        (key, value) -> {
          if (SinkConfigDef.isCoreKey(key)) {
            core.put(key, value);
          }
        });
    return core;
  }
}
