package dev.redsink.emulator;

import static dev.redsink.emulator.Redshift.exec;
import static dev.redsink.emulator.Redshift.rows;
import static org.assertj.core.api.Assertions.assertThat;

import io.debezium.connector.jdbc.JdbcSinkConnectorTask;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.connect.data.SchemaAndValue;
import org.apache.kafka.connect.json.JsonConverter;
import org.apache.kafka.connect.sink.SinkRecord;
import org.apache.kafka.connect.sink.SinkTaskContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Debezium's JDBC sink, the row-insert sink people point at Redshift, as a client of the front end
 * through pgjdbc: before its first write it reads the existing table through DatabaseMetaData
 * (getColumns, getPrimaryKeys), then inserts. Records are what Kafka Connect's JsonConverter makes
 * of the bytes on a topic.
 */
@ExtendWith(RedshiftEmulatorExtension.class)
class DebeziumJdbcSinkIT {

  private static final String TOPIC = "customers";

  @Test
  void startsAgainstTheFrontEndAndWritesItsRows(RedshiftEmulator emulator) throws Exception {
    try (Connection c = Redshift.connect(emulator)) {
      exec(
          c,
          "DROP TABLE IF EXISTS dbz_customers",
          "CREATE TABLE dbz_customers (id BIGINT NOT NULL PRIMARY KEY, name VARCHAR(100))");
    }
    Map<String, String> config = new HashMap<>();
    config.put(
        "connection.url", "jdbc:postgresql://" + emulator.host() + ":" + emulator.port() + "/dev");
    config.put("connection.username", emulator.user());
    config.put("connection.password", emulator.password());
    config.put("insert.mode", "insert");
    config.put("primary.key.mode", "record_key");
    config.put("schema.evolution", "none");
    config.put("collection.name.format", "dbz_customers");
    config.put("topics", TOPIC);
    JdbcSinkConnectorTask task = new JdbcSinkConnectorTask();
    task.initialize(new Context());
    task.start(config);
    try {
      task.put(List.of(record(0, 1, "Ada"), record(1, 2, "Grace")));
    } finally {
      task.stop();
    }
    try (Connection c = Redshift.connect(emulator)) {
      assertThat(rows(c, "SELECT id, name FROM dbz_customers ORDER BY id"))
          .containsExactly("1|Ada", "2|Grace");
    }
  }

  /** A record as the worker hands it over: key and value read by JsonConverter with schemas. */
  private static SinkRecord record(long offset, long id, String name) {
    SchemaAndValue key =
        convert(
            true,
            "{\"schema\":{\"type\":\"struct\",\"fields\":[{\"field\":\"id\",\"type\":\"int64\"}]},"
                + "\"payload\":{\"id\":"
                + id
                + "}}");
    SchemaAndValue value =
        convert(
            false,
            "{\"schema\":{\"type\":\"struct\",\"fields\":[{\"field\":\"id\",\"type\":\"int64\"},"
                + "{\"field\":\"name\",\"type\":\"string\",\"optional\":true}]},"
                + "\"payload\":{\"id\":"
                + id
                + ",\"name\":\""
                + name
                + "\"}}");
    return new SinkRecord(
        TOPIC, 0, key.schema(), key.value(), value.schema(), value.value(), offset);
  }

  private static SchemaAndValue convert(boolean isKey, String json) {
    try (JsonConverter converter = new JsonConverter()) {
      converter.configure(Map.of("schemas.enable", "true"), isKey);
      return converter.toConnectData(TOPIC, json.getBytes(StandardCharsets.UTF_8));
    }
  }

  /** The task's view of its worker: one partition, no pauses or commits asked for. */
  private static final class Context implements SinkTaskContext {
    @Override
    public Map<String, String> configs() {
      return Map.of();
    }

    @Override
    public void offset(Map<TopicPartition, Long> offsets) {}

    @Override
    public void offset(TopicPartition tp, long offset) {}

    @Override
    public void timeout(long timeoutMs) {}

    @Override
    public Set<TopicPartition> assignment() {
      return Set.of(new TopicPartition(TOPIC, 0));
    }

    @Override
    public void pause(TopicPartition... partitions) {}

    @Override
    public void resume(TopicPartition... partitions) {}

    @Override
    public void requestCommit() {}

    @Override
    public org.apache.kafka.common.metrics.PluginMetrics pluginMetrics() {
      return null;
    }
  }
}
