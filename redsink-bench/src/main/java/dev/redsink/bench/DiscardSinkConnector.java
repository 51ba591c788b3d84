package dev.redsink.bench;

import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.connect.connector.Task;
import org.apache.kafka.connect.sink.SinkConnector;
import org.apache.kafka.connect.sink.SinkRecord;
import org.apache.kafka.connect.sink.SinkTask;

/**
 * A sink that drops every record it is given: what the broker, the Connect worker and the value
 * converter alone cost per record, the floor under any connector's figure in {@link
 * ConnectEndToEnd}. Benchmark only.
 */
public final class DiscardSinkConnector extends SinkConnector {

  @Override
  public void start(Map<String, String> props) {
    // nothing to configure
  }

  @Override
  public Class<? extends Task> taskClass() {
    return DiscardTask.class;
  }

  @Override
  public List<Map<String, String>> taskConfigs(int maxTasks) {
    return Collections.nCopies(maxTasks, Map.of());
  }

  @Override
  public void stop() {
    // nothing held
  }

  @Override
  public ConfigDef config() {
    return new ConfigDef();
  }

  @Override
  public String version() {
    return "bench";
  }

  /** Counts the records it drops, so the JIT cannot skip the converter's work. */
  public static final class DiscardTask extends SinkTask {
    private long seen;

    @Override
    public String version() {
      return "bench";
    }

    @Override
    public void start(Map<String, String> props) {
      seen = 0;
    }

    @Override
    public void put(Collection<SinkRecord> records) {
      for (SinkRecord r : records) {
        if (r.value() != null) {
          seen++;
        }
      }
    }

    @Override
    public void stop() {
      // nothing held
    }
  }
}
