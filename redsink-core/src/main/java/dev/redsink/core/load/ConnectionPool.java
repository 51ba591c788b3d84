package dev.redsink.core.load;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.redsink.core.config.ConnectionString;
import dev.redsink.core.error.ErrorCategory;
import dev.redsink.core.error.RedsinkException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A pool of max_connections connections through the Amazon Redshift JDBC driver, checked with
 * SELECT 1 when it opens.
 */
final class ConnectionPool implements AutoCloseable {

  private static final String DRIVER = "com.amazon.redshift.Driver";

  private final HikariDataSource dataSource;
  private final ConnectionString connection;
  private final Set<Connection> sessions = ConcurrentHashMap.newKeySet();
  private volatile boolean closed;

  private ConnectionPool(HikariDataSource dataSource, ConnectionString connection) {
    this.dataSource = dataSource;
    this.connection = connection;
  }

  static ConnectionPool open(ConnectionString connection, int maxConnections) {
    HikariConfig hikari = new HikariConfig();
    hikari.setPoolName("redsink-" + connection.host());
    hikari.setDriverClassName(DRIVER);
    hikari.setJdbcUrl(connection.jdbcUrl());
    Properties properties = new Properties();
    properties.putAll(connection.properties());
    hikari.setDataSourceProperties(properties);
    hikari.setMaximumPoolSize(maxConnections);
    hikari.setMinimumIdle(0);
    hikari.setConnectionTimeout(30_000);
    hikari.setInitializationFailTimeout(-1);
    hikari.setExceptionOverrideClassName(ConnectionEviction.class.getName());
    // A direct connection first: the pool would hide the driver's reason behind a time-out.
    try (Connection c = DriverManager.getConnection(connection.jdbcUrl(), properties);
        Statement st = c.createStatement()) {
      st.execute("SELECT 1");
    } catch (SQLException e) {
      throw cannotConnect(connection, e);
    }
    return new ConnectionPool(new HikariDataSource(hikari), connection);
  }

  /** A pooled connection in autocommit mode. */
  Connection connection() {
    try {
      Connection c = dataSource.getConnection();
      c.setAutoCommit(true);
      return c;
    } catch (SQLException e) {
      throw cannotConnect(connection, e);
    }
  }

  /**
   * A session of its own, outside the pool, in autocommit mode: for a replace's claim, whose
   * session must stay open as long as the run does (a pooled connection may be retired at any
   * time). Closed by the caller, or with the pool at the latest.
   */
  Connection session() {
    if (closed) {
      throw new IllegalStateException("The connection pool is closed");
    }
    Properties properties = new Properties();
    properties.putAll(connection.properties());
    try {
      Connection c = DriverManager.getConnection(connection.jdbcUrl(), properties);
      sessions.add(c);
      return c;
    } catch (SQLException e) {
      throw cannotConnect(connection, e);
    }
  }

  /** Closes a session of {@link #session}; a failure to close it is of no consequence. */
  void closeSession(Connection c) {
    sessions.remove(c);
    try {
      c.close();
    } catch (SQLException e) {
      // The session is gone either way.
    }
  }

  /** Whether {@link #close} ran: no session can be had any more. */
  boolean isClosed() {
    return closed;
  }

  private static RedsinkException cannotConnect(ConnectionString connection, SQLException e) {
    ErrorCategory category = SqlStates.classify(e);
    String reason = ConnectFailures.reason(connection, e);
    return new RedsinkException(
        category == ErrorCategory.TRANSIENT ? ErrorCategory.TRANSIENT : category,
        "Failed to connect to Redshift at " + connection.endpoint() + ": " + reason);
  }

  @Override
  public void close() {
    closed = true;
    sessions.forEach(this::closeSession);
    dataSource.close();
  }
}
