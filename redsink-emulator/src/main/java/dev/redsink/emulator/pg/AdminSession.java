package dev.redsink.emulator.pg;

import dev.redsink.emulator.dialect.Domain;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import javax.sql.DataSource;

/**
 * The emulator's own superuser connection, outside any client transaction: creates domains on
 * demand, registers long identifiers, and records load errors (which survive a rollback, as
 * Redshift's STL tables do).
 */
public final class AdminSession implements AutoCloseable {

  private static final String DUPLICATE_OBJECT = "42710";

  private Connection connection;
  private final Set<String> knownDomains = ConcurrentHashMap.newKeySet();
  private final Set<String> knownNames = ConcurrentHashMap.newKeySet();

  AdminSession(DataSource dataSource) throws SQLException {
    this.connection = open(dataSource);
  }

  private static Connection open(DataSource dataSource) throws SQLException {
    Connection c = dataSource.getConnection();
    c.setAutoCommit(true);
    try (Statement st = c.createStatement()) {
      st.execute("SET allow_system_table_mods = on");
      st.execute("SET default_transaction_isolation = 'read committed'");
    }
    return c;
  }

  /** Replaces the connection after PostgreSQL restarted (domains and names live in the data). */
  synchronized void reconnect(DataSource dataSource) throws SQLException {
    close();
    connection = open(dataSource);
  }

  /** Creates the domains that do not exist yet. */
  public void ensureDomains(Set<Domain> domains) throws SQLException {
    for (Domain d : domains) {
      if (knownDomains.contains(d.name())) {
        continue;
      }
      synchronized (this) {
        try (Statement st = connection.createStatement()) {
          st.execute(d.createSql());
        } catch (SQLException e) {
          if (!DUPLICATE_OBJECT.equals(e.getSQLState())) {
            throw e;
          }
        }
        knownDomains.add(d.name());
      }
    }
  }

  /** Remembers which Redshift name a shortened PostgreSQL identifier stands for. */
  public void registerLongNames(Map<String, String> postgresToRedshift) throws SQLException {
    for (Map.Entry<String, String> e : postgresToRedshift.entrySet()) {
      if (knownNames.contains(e.getKey())) {
        continue;
      }
      synchronized (this) {
        try (PreparedStatement ps =
            connection.prepareStatement(
                "INSERT INTO redsink_emulator.long_names VALUES (?, ?) ON CONFLICT DO NOTHING")) {
          ps.setString(1, e.getKey());
          ps.setString(2, e.getValue());
          ps.executeUpdate();
        }
        knownNames.add(e.getKey());
      }
    }
  }

  /** Runs a statement on the admin connection (autocommit). */
  public synchronized void execute(String sql, Object... args) throws SQLException {
    try (PreparedStatement ps = connection.prepareStatement(sql)) {
      for (int i = 0; i < args.length; i++) {
        ps.setObject(i + 1, args[i]);
      }
      ps.execute();
    }
  }

  @Override
  public synchronized void close() {
    try {
      connection.close();
    } catch (SQLException e) {
      // closing
    }
  }
}
