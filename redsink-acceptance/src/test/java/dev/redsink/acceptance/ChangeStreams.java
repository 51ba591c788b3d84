package dev.redsink.acceptance;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.redsink.testkit.Warehouse;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.math.BigDecimal;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.LocalTime;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.management.MBeanServer;
import javax.management.MBeanServerDelegate;
import javax.management.MBeanServerNotification;
import javax.management.MalformedObjectNameException;
import javax.management.NotificationListener;
import javax.management.ObjectName;
import org.apache.kafka.connect.util.clusters.EmbeddedConnectCluster;

/**
 * What the real change-stream pipelines (Debezium from PostgreSQL, from MariaDB) share: Redsink's
 * sink of a change topic, how a column's values compare between the source and Redshift, and the
 * Redshift table's column types.
 */
final class ChangeStreams {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** How long a restarted connector's task has to stop and run again. */
  private static final Duration RESTARTED_WITHIN = Duration.ofSeconds(60);

  private ChangeStreams() {}

  /**
   * A source column: its type in the source database's DDL, the source expression read for it, how
   * it compares and the Redshift type (as pg_table_def reports it) it must land in.
   */
  record SourceColumn(
      String name, String sourceType, String sourceRead, ValueKind kind, String redshift) {
    static SourceColumn of(String name, String sourceType, ValueKind kind, String redshift) {
      return new SourceColumn(name, sourceType, name, kind, redshift);
    }

    /** The column it lands in: a field named id lands in id_value, beside Redsink's own id. */
    String column() {
      return name.equals("id") ? "id_value" : name;
    }

    SourceColumn withRead(String expression) {
      return new SourceColumn(name, sourceType, expression, kind, redshift);
    }
  }

  /** {@code CREATE TABLE table (column type, …)} in the source database's DDL. */
  static String createTable(String table, List<SourceColumn> columns) {
    StringJoiner ddl = new StringJoiner(", ", "CREATE TABLE " + table + " (", ")");
    for (SourceColumn column : columns) {
      ddl.add(column.name() + " " + column.sourceType());
    }
    return ddl.toString();
  }

  /**
   * A started Kafka Connect worker of its own, with a broker: Redsink's plugin and the Debezium
   * connectors on its plugin.path, offsets committed every half second.
   */
  static EmbeddedConnectCluster worker(String name) throws IOException {
    Map<String, String> worker = new LinkedHashMap<>();
    worker.put("plugin.path", Suite.pluginPathWithDebezium(name));
    worker.put("offset.flush.interval.ms", "500");
    EmbeddedConnectCluster connect =
        new EmbeddedConnectCluster.Builder()
            .name(name)
            .numWorkers(1)
            .numBrokers(1)
            .workerProps(worker)
            .build();
    connect.start();
    return connect;
  }

  /** The JMX name of a Redsink connector's task metrics, registered while a task runs. */
  static ObjectName redsinkTasks(String connector) throws MalformedObjectNameException {
    return new ObjectName(
        "dev.redsink:type=RedshiftSinkTask,connector=" + ObjectName.quote(connector) + ",*");
  }

  /** The JMX name of a Debezium source's streaming metrics, registered while its task streams. */
  static ObjectName debeziumStreaming(String topicPrefix) throws MalformedObjectNameException {
    return new ObjectName(
        "debezium.*:type=connector-metrics,context=streaming,server=" + topicPrefix + ",*");
  }

  /**
   * Restarts a connector and its tasks, and waits until a task really stopped and started again:
   * its MBean ({@code taskMBeans}; the worker runs in this JVM) unregistered and then registered
   * anew, and every task of the connector running. Fails when either is not seen, so a restart step
   * cannot pass without a restart.
   */
  static void restart(EmbeddedConnectCluster connect, String connector, ObjectName taskMBeans)
      throws Exception {
    MBeanServer server = ManagementFactory.getPlatformMBeanServer();
    assertThat(server.queryNames(taskMBeans, null))
        .as("the MBeans %s of %s's running task before the restart", taskMBeans, connector)
        .isNotEmpty();
    List<String> seen = new CopyOnWriteArrayList<>();
    NotificationListener listener =
        (notification, handback) -> {
          if (notification instanceof MBeanServerNotification change
              && taskMBeans.apply(change.getMBeanName())) {
            seen.add(change.getType());
          }
        };
    server.addNotificationListener(MBeanServerDelegate.DELEGATE_NAME, listener, null, null);
    try {
      connect.restartConnectorAndTasks(connector, false, true, false);
      long deadline = System.nanoTime() + RESTARTED_WITHIN.toNanos();
      while (System.nanoTime() < deadline && !(restarted(seen) && running(connect, connector))) {
        Thread.sleep(100);
      }
    } finally {
      server.removeNotificationListener(MBeanServerDelegate.DELEGATE_NAME, listener);
    }
    assertThat(seen)
        .as("%s's task MBeans %s unregistered, then registered again", connector, taskMBeans)
        .containsSubsequence(
            MBeanServerNotification.UNREGISTRATION_NOTIFICATION,
            MBeanServerNotification.REGISTRATION_NOTIFICATION);
    assertThat(running(connect, connector)).as("%s's tasks running again", connector).isTrue();
  }

  private static boolean restarted(List<String> seen) {
    int gone = seen.indexOf(MBeanServerNotification.UNREGISTRATION_NOTIFICATION);
    return gone >= 0
        && seen.subList(gone, seen.size())
            .contains(MBeanServerNotification.REGISTRATION_NOTIFICATION);
  }

  private static boolean running(EmbeddedConnectCluster connect, String connector) {
    var status = connect.connectorStatus(connector);
    return status.connector().state().equals("RUNNING")
        && !status.tasks().isEmpty()
        && status.tasks().stream().allMatch(t -> t.state().equals("RUNNING"));
  }

  /** How a column's values compare: what each side's JDBC driver returns, made comparable. */
  enum ValueKind {
    TEXT,
    NUMBER,
    FLOATING,
    BOOLEAN,
    TIME,
    LOCAL,
    INSTANT,
    JSON,
    BYTES;

    /** The column's value in the current row, as text both sides' drivers agree on; or null. */
    String read(ResultSet rs, String name) throws Exception {
      switch (this) {
        case NUMBER -> {
          BigDecimal d = rs.getBigDecimal(name);
          return d == null ? null : d.stripTrailingZeros().toPlainString();
        }
        case FLOATING -> {
          double d = rs.getDouble(name);
          return rs.wasNull() ? null : Double.toString(d);
        }
        case BOOLEAN -> {
          boolean b = rs.getBoolean(name);
          return rs.wasNull() ? null : Boolean.toString(b);
        }
        case TIME -> {
          String text = rs.getString(name);
          return text == null ? null : LocalTime.parse(text).toString();
        }
        case LOCAL -> {
          Timestamp t = rs.getTimestamp(name);
          return t == null ? null : t.toLocalDateTime().toString();
        }
        case INSTANT -> {
          Timestamp t = rs.getTimestamp(name);
          return t == null ? null : t.toInstant().toString();
        }
        case JSON -> {
          String text = rs.getString(name);
          return text == null ? null : ChangeStreams.JSON.readTree(text).toString();
        }
        case BYTES -> {
          byte[] b = rs.getBytes(name);
          return b == null ? null : HexFormat.of().formatHex(b);
        }
        default -> {
          String text = rs.getString(name);
          // Long values compare by length and digest, so that a difference stays readable.
          return text == null || text.length() <= 80
              ? text
              : text.length() + " chars, hash " + Integer.toHexString(text.hashCode());
        }
      }
    }
  }

  /**
   * Redsink's plugin configuration for a change topic into a typed {@code table}: the events as
   * they are in {@code write_mode = "cdc"}, or, {@code flattened}, behind Debezium's
   * ExtractNewRecordState (deletes as tombstones) in {@code upsert} by the record key. The caller
   * adds the topics and tasks.
   */
  static Map<String, String> sink(Warehouse warehouse, String table, boolean flattened) {
    Map<String, Object> c = warehouse.config(table, "debezium/" + table);
    c.put("table_layout", "typed");
    if (flattened) {
      c.put("write_mode", "upsert");
      c.put("primary_key", "record_key");
      c.put("delete_on_tombstone", true);
    } else {
      c.put("write_mode", "cdc");
    }
    Map<String, String> props = new LinkedHashMap<>(CellConfig.connect(c));
    if (flattened) {
      props.put("transforms", "unwrap");
      props.put("transforms.unwrap.type", "io.debezium.transforms.ExtractNewRecordState");
    }
    props.put("connector.class", ConnectRuntime.CONNECTOR_CLASS);
    props.put("key.converter", "org.apache.kafka.connect.json.JsonConverter");
    props.put("value.converter", "org.apache.kafka.connect.json.JsonConverter");
    props.put("flush.interval.ms", "500");
    return props;
  }

  /** The table's columns and their types, as pg_table_def reports them. */
  static Map<String, String> redshiftTypes(Warehouse warehouse, String table) throws SQLException {
    Map<String, String> types = new LinkedHashMap<>();
    for (String row :
        warehouse.rows(
            "SELECT \"column\", type FROM pg_table_def WHERE tablename = '" + table + "'")) {
      String[] parts = row.split("\\|", 2);
      types.put(parts[0], parts[1]);
    }
    return types;
  }
}
