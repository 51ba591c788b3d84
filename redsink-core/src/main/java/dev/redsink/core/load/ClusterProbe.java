package dev.redsink.core.load;

import dev.redsink.core.config.ConfigKeys;
import dev.redsink.core.config.ConnectionString;
import dev.redsink.core.config.RedsinkConfig;
import dev.redsink.core.error.RedsinkException;
import dev.redsink.core.sql.CopySource;
import dev.redsink.core.sql.SqlStatement;
import dev.redsink.core.sql.TableSql;
import dev.redsink.core.table.TableKeys;
import dev.redsink.core.table.TableName;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;

/**
 * A JDBC session to the configured cluster for the preflight, opened the way the engine does. A
 * failure is a {@link RedsinkException} whose message is the server's first line and SQLSTATE.
 */
public final class ClusterProbe implements AutoCloseable {
  private static final String LOGIN_TIMEOUT_SECONDS = "15";

  private final Connection connection;

  private ClusterProbe(Connection connection) {
    this.connection = connection;
  }

  public static ClusterProbe connect(RedsinkConfig config) {
    Properties properties = new Properties();
    properties.putAll(config.get(ConfigKeys.CONNECTION_STRING).properties());
    properties.putIfAbsent("loginTimeout", LOGIN_TIMEOUT_SECONDS);
    ConnectionString connection = config.get(ConfigKeys.CONNECTION_STRING);
    try {
      return new ClusterProbe(DriverManager.getConnection(connection.jdbcUrl(), properties));
    } catch (SQLException e) {
      String state = e.getSQLState() == null ? "" : " (SQLSTATE " + e.getSQLState() + ")";
      throw new RedsinkException(
          SqlStates.classify(e), ConnectFailures.reason(connection, e) + state, e);
    }
  }

  /** Runs a one-value query; parameters bind in order. */
  public String value(String sql, Object... parameters) {
    try (PreparedStatement statement = connection.prepareStatement(sql)) {
      for (int i = 0; i < parameters.length; i++) {
        statement.setObject(i + 1, parameters[i]);
      }
      try (ResultSet rs = statement.executeQuery()) {
        return rs.next() ? rs.getString(1) : null;
      }
    } catch (SQLException e) {
      throw failure(e);
    }
  }

  public String value(SqlStatement query) {
    return value(query.text(), query.parameters().toArray(Object[]::new));
  }

  /**
   * COPYs one Parquet object into a new table of the configured layout with aws_iam_role, in a
   * transaction rolled back afterwards, so nothing remains.
   */
  public void copyRolledBack(RedsinkConfig config, String table, String url) {
    try {
      connection.setAutoCommit(false);
      try (Statement statement = connection.createStatement()) {
        statement.execute(
            TableSql.createTable(
                TableName.of(table),
                config.rowLayout(),
                // A typed table's keys may name fields the probe's layout does not have.
                config.rowLayout().isTyped() ? TableKeys.AUTO : config.tableKeys()));
        statement.execute(
            TableSql.copy(table, url, config.get(ConfigKeys.AWS_IAM_ROLE), CopySource.OBJECT));
      } finally {
        connection.rollback();
        connection.setAutoCommit(true);
      }
    } catch (SQLException e) {
      throw failure(e);
    }
  }

  @Override
  public void close() {
    try {
      connection.close();
    } catch (SQLException e) {
      // the checks are done; a failed close changes none of them
    }
  }

  private static RedsinkException failure(SQLException e) {
    String state = e.getSQLState() == null ? "" : " (SQLSTATE " + e.getSQLState() + ")";
    return new RedsinkException(
        SqlStates.classify(e),
        String.valueOf(e.getMessage()).lines().findFirst().orElse("") + state,
        e);
  }
}
