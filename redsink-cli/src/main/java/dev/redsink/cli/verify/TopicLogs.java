package dev.redsink.cli.verify;

import java.util.HashMap;
import java.util.Map;
import java.util.Properties;

/** One consumer per set of Kafka properties, shared by the connectors verify audits in a run. */
public final class TopicLogs implements AutoCloseable {
  private final Map<Properties, TopicLog> logs = new HashMap<>();

  /** The log reader for these properties, opened on first use. */
  public TopicLog of(Properties kafka) {
    return logs.computeIfAbsent(kafka, TopicLog::connect);
  }

  @Override
  public void close() {
    logs.values().forEach(TopicLog::close);
    logs.clear();
  }
}
