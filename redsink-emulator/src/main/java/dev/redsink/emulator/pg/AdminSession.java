package dev.redsink.emulator.pg;

import dev.redsink.emulator.dialect.Domain;
import dev.redsink.emulator.dialect.TableColumns;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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

  /**
   * The columns of the tables and views named {@code table} (in {@code schema}, or in any user
   * schema when it is null), as seen by committed transactions: one list per relation, columns in
   * order.
   */
  public synchronized List<List<TableColumns.Column>> columns(String schema, String table)
      throws SQLException {
    Map<Long, List<TableColumns.Column>> tables = new LinkedHashMap<>();
    try (PreparedStatement ps =
        connection.prepareStatement(
            "SELECT c.oid, a.attname, t.typname FROM pg_catalog.pg_class c"
                + " JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace"
                + " JOIN pg_catalog.pg_attribute a ON a.attrelid = c.oid"
                + " JOIN pg_catalog.pg_type t ON t.oid = a.atttypid"
                + " WHERE c.relname = ? AND c.relkind IN ('r', 'p', 'v', 'm')"
                + " AND a.attnum > 0 AND NOT a.attisdropped AND n.nspname <> 'redsink_emulator'"
                // The system schemas' relations only by their qualified names.
                + " AND (?::text IS NULL AND n.nspname NOT IN ('pg_catalog', 'information_schema')"
                + " OR n.nspname = ?)"
                + " ORDER BY c.oid, a.attnum")) {
      ps.setString(1, table);
      ps.setString(2, schema);
      ps.setString(3, schema);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          TableColumns.Kind kind =
              rs.getString(3).equals("super") ? TableColumns.Kind.SUPER : TableColumns.Kind.OTHER;
          tables
              .computeIfAbsent(rs.getLong(1), k -> new ArrayList<>())
              .add(new TableColumns.Column(rs.getString(2), kind));
        }
      }
    }
    return List.copyOf(tables.values());
  }

  /**
   * Lets a login's database user in: creates it when {@code create} (IAM's AutoCreate) and it does
   * not exist, then adds it to each group. Empty if it may log in, else why not (the user or a
   * group does not exist).
   */
  public synchronized Optional<String> admit(String user, boolean create, List<String> groups)
      throws SQLException {
    if (!roleExists(user)) {
      if (!create) {
        return Optional.of("user \"" + user + "\" does not exist");
      }
      try (Statement st = connection.createStatement()) {
        st.execute("CREATE ROLE " + quote(user) + " LOGIN");
      }
    }
    for (String group : groups) {
      if (!roleExists(group)) {
        return Optional.of("group \"" + group + "\" does not exist");
      }
      try (Statement st = connection.createStatement()) {
        st.execute("GRANT " + quote(group) + " TO " + quote(user));
      }
    }
    return Optional.empty();
  }

  private boolean roleExists(String name) throws SQLException {
    try (PreparedStatement ps =
        connection.prepareStatement("SELECT 1 FROM pg_roles WHERE rolname = ?")) {
      ps.setString(1, name);
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next();
      }
    }
  }

  private static String quote(String name) {
    return "\"" + name.replace("\"", "\"\"") + "\"";
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
