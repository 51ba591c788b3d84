package dev.redsink.core.load.conformance;

import dev.redsink.core.config.ConfigKey;
import dev.redsink.core.config.ConfigKeys;
import dev.redsink.core.config.ConfigParser;
import dev.redsink.core.config.ConnectionString;
import dev.redsink.core.config.RedsinkConfig;
import dev.redsink.core.error.ErrorCategory;
import dev.redsink.core.error.RedsinkException;
import dev.redsink.core.sql.ConformanceSql;
import dev.redsink.core.table.TableName;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * The schema a conformance run creates and drops, {@code redsink_conformance_<yyyyMMddHHmmss>},
 * with the connector's connection, bucket and role, and a session of its own to read back what the
 * engine wrote. Every table of the run is in it; staged files go under a prefix of the same name.
 */
final class ScratchSchema implements AutoCloseable {
  /** The keys taken from the connector file: where to connect and stage, nothing of its tables. */
  private static final List<ConfigKey<?>> CONNECTION_KEYS =
      List.of(
          ConfigKeys.CONNECTION_STRING,
          ConfigKeys.AWS_IAM_ROLE,
          ConfigKeys.S3_BUCKET,
          ConfigKeys.S3_PREFIX,
          ConfigKeys.AWS_REGION,
          ConfigKeys.S3_ENDPOINT,
          ConfigKeys.S3_SSE,
          ConfigKeys.S3_SSE_KMS_KEY_ID,
          ConfigKeys.AWS_ACCESS_KEY_ID,
          ConfigKeys.AWS_SECRET_ACCESS_KEY,
          ConfigKeys.AWS_SESSION_TOKEN,
          ConfigKeys.S3_TIMEOUT);

  private static final DateTimeFormatter STAMP =
      DateTimeFormatter.ofPattern("yyyyMMddHHmmss").withZone(ZoneOffset.UTC);

  private final String name;
  private final Map<String, Object> connection;
  private final RedsinkConfig config;
  private final Connection session;

  private ScratchSchema(
      String name, Map<String, Object> connection, RedsinkConfig config, Connection session) {
    this.name = name;
    this.connection = connection;
    this.config = config;
    this.session = session;
  }

  /** The schema's name for a run started at {@code now}. */
  static String nameAt(Instant now) {
    return ConformanceSql.SCHEMA_PREFIX + STAMP.format(now);
  }

  /**
   * Connects with the connector's connection keys and creates the schema.
   *
   * @throws dev.redsink.core.error.InvalidConfigException when those keys are not usable
   * @throws RedsinkException when the cluster cannot be reached or the schema cannot be created
   */
  static ScratchSchema create(Map<String, ?> rawConfig, String name) {
    Map<String, Object> connection = new HashMap<>();
    for (ConfigKey<?> key : CONNECTION_KEYS) {
      for (String spelling : List.of(key.name(), key.dottedName())) {
        if (rawConfig.containsKey(spelling)) {
          connection.put(key.name(), rawConfig.get(spelling));
        }
      }
    }
    Object prefix = connection.get(ConfigKeys.S3_PREFIX.name());
    connection.put(
        ConfigKeys.S3_PREFIX.name(),
        (prefix == null || prefix.toString().isEmpty() ? "" : prefix + "/") + name);
    Map<String, Object> probe = new HashMap<>(connection);
    probe.put(ConfigKeys.TARGET_TABLE.name(), "conformance");
    RedsinkConfig config = ConfigParser.parse(probe).config();
    ConnectionString cluster = config.get(ConfigKeys.CONNECTION_STRING);
    Connection session;
    try {
      Properties properties = new Properties();
      properties.putAll(cluster.properties());
      properties.putIfAbsent("loginTimeout", "15");
      session = DriverManager.getConnection(cluster.jdbcUrl(), properties);
    } catch (SQLException e) {
      throw new RedsinkException(
          ErrorCategory.TRANSIENT,
          "Cannot connect to "
              + cluster
              + ": "
              + firstLine(e)
              + "; check connection_string and that the cluster is reachable"
              + " (redsink check names the fix)",
          e);
    }
    try (Statement st = session.createStatement()) {
      st.execute(ConformanceSql.createSchema(name));
    } catch (SQLException e) {
      closeQuietly(session);
      throw new RedsinkException(
          ErrorCategory.AUTHORIZATION,
          "Cannot create schema "
              + name
              + ": "
              + firstLine(e)
              + "; the user needs CREATE on the database (GRANT CREATE ON DATABASE "
              + cluster.database()
              + " TO <user>)",
          e);
    }
    return new ScratchSchema(name, connection, config, session);
  }

  String name() {
    return name;
  }

  TableName table(String table) {
    return TableName.of(name, table);
  }

  /** The parsed connection settings (bucket, prefix, role). */
  RedsinkConfig config() {
    return config;
  }

  /**
   * A sink configuration loading {@code table} of this schema: the connector's connection keys, the
   * engine's defaults for everything else, one retry.
   */
  Map<String, Object> sinkConfig(String table) {
    Map<String, Object> sink = new HashMap<>(connection);
    sink.put(ConfigKeys.TARGET_SCHEMA.name(), name);
    sink.put(ConfigKeys.TARGET_TABLE.name(), table);
    sink.put(ConfigKeys.MAX_CONNECTIONS.name(), 2);
    sink.put(ConfigKeys.MAX_RETRIES.name(), 1);
    sink.put(ConfigKeys.RETRY_DELAY.name(), "100ms");
    return sink;
  }

  /** Parses a sink configuration made by {@link #sinkConfig}. */
  static RedsinkConfig parse(Map<String, Object> sinkConfig) {
    return ConfigParser.parse(sinkConfig).config();
  }

  /** Opens another session to the cluster, as the first was opened. */
  Connection newSession() throws SQLException {
    ConnectionString cluster = config.get(ConfigKeys.CONNECTION_STRING);
    Properties properties = new Properties();
    properties.putAll(cluster.properties());
    return DriverManager.getConnection(cluster.jdbcUrl(), properties);
  }

  void execute(String sql) throws SQLException {
    try (Statement st = session.createStatement()) {
      st.execute(sql);
    }
  }

  /** The first column of the first row, as text; null when there is no row. */
  String value(String sql, Object... parameters) throws SQLException {
    List<String> rows = rows(sql, parameters);
    return rows.isEmpty() ? null : rows.get(0).split("\\|", -1)[0];
  }

  /** Every row, its columns' text joined by {@code |}. */
  List<String> rows(String sql, Object... parameters) throws SQLException {
    try (PreparedStatement ps = session.prepareStatement(sql)) {
      for (int i = 0; i < parameters.length; i++) {
        ps.setObject(i + 1, parameters[i]);
      }
      List<String> rows = new ArrayList<>();
      try (ResultSet rs = ps.executeQuery()) {
        int columns = rs.getMetaData().getColumnCount();
        while (rs.next()) {
          StringBuilder row = new StringBuilder();
          for (int c = 1; c <= columns; c++) {
            row.append(c == 1 ? "" : "|").append(rs.getString(c));
          }
          rows.add(row.toString());
        }
      }
      return rows;
    }
  }

  /** Drops the schema and everything in it; a failure is reported, naming the schema. */
  void drop() {
    try {
      execute(ConformanceSql.dropSchema(name));
    } catch (SQLException e) {
      throw new RedsinkException(
          ErrorCategory.FATAL,
          "Cannot drop schema "
              + name
              + ": "
              + firstLine(e)
              + "; drop it by hand: "
              + ConformanceSql.dropSchema(name),
          e);
    }
  }

  @Override
  public void close() {
    closeQuietly(session);
  }

  /** The server's first line of a failure, with its SQLSTATE. */
  static String firstLine(SQLException e) {
    String message = String.valueOf(e.getMessage()).lines().findFirst().orElse("");
    return message + (e.getSQLState() == null ? "" : " (SQLSTATE " + e.getSQLState() + ")");
  }

  private static void closeQuietly(Connection c) {
    try {
      c.close();
    } catch (SQLException e) {
      // the run is over; the server ends the session on its own
    }
  }
}
