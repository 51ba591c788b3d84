package dev.redsink.cli.check;

import dev.redsink.core.config.RedsinkConfig;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Properties;

/** A JDBC session to the configured cluster for the preflight, opened the way the engine does. */
final class RedshiftProbe implements AutoCloseable {
  private static final String LOGIN_TIMEOUT_SECONDS = "15";

  private final Connection connection;

  private RedshiftProbe(Connection connection) {
    this.connection = connection;
  }

  static RedshiftProbe connect(RedsinkConfig config) throws SQLException {
    Properties properties = new Properties();
    properties.putAll(config.connection().properties());
    properties.putIfAbsent("loginTimeout", LOGIN_TIMEOUT_SECONDS);
    return new RedshiftProbe(
        DriverManager.getConnection(config.connection().jdbcUrl(), properties));
  }

  Connection connection() {
    return connection;
  }

  /** Runs a one-value query; parameters bind in order. */
  String value(String sql, Object... parameters) throws SQLException {
    try (PreparedStatement statement = connection.prepareStatement(sql)) {
      for (int i = 0; i < parameters.length; i++) {
        statement.setObject(i + 1, parameters[i]);
      }
      try (ResultSet rs = statement.executeQuery()) {
        return rs.next() ? rs.getString(1) : null;
      }
    }
  }

  @Override
  public void close() throws SQLException {
    connection.close();
  }
}
