package dev.redsink.kafka.connect;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.config.Config;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.connect.connector.Task;
import org.apache.kafka.connect.errors.ConnectException;
import org.apache.kafka.connect.sink.SinkConnector;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Redsink sink connector: loads topics into Amazon Redshift exactly once through zstd Parquet,
 * S3 and COPY. Its configuration keys are the core's keys with dots ({@code connection.string},
 * {@code target.table}, …) plus the flush thresholds.
 */
public class RedshiftSinkConnector extends SinkConnector {
  private static final Logger LOG = LoggerFactory.getLogger(RedshiftSinkConnector.class);

  private Map<String, String> props;

  @Override
  public String version() {
    return PluginVersion.current();
  }

  @Override
  public void start(Map<String, String> props) {
    SinkConfigDef.nearMisses(props).forEach(LOG::warn);
    RedshiftSinkConfig.parse(props);
    List<String> problems = CoreValidation.problems(CoreValidation.coreKeys(props));
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

  /**
   * Refuses to move a partition to a given offset, which would have no effect: tasks resume from
   * the ledger in Redshift. Resetting (removing) offsets is harmless and allowed.
   */
  @Override
  public boolean alterOffsets(
      Map<String, String> connectorConfig, Map<TopicPartition, Long> offsets) {
    List<TopicPartition> moved =
        offsets.entrySet().stream()
            .filter(e -> e.getValue() != null)
            .map(Map.Entry::getKey)
            .toList();
    if (!moved.isEmpty()) {
      throw new ConnectException(
          "Cannot alter the offsets of "
              + moved
              + ": the Redshift sink resumes each partition from its row in the target table's"
              + " ledger (_redsink_ledger_<table>), whatever Kafka's committed offsets say. To load"
              + " records again, stop the connector and run redsink ledger reset --topic T"
              + " --partition P --to-offset N (see the Kafka Connect docs)");
    }
    return true;
  }
}
