package dev.redsink.emulator;

import dev.redsink.emulator.dialect.Domain;
import dev.redsink.emulator.dialect.Plan;
import dev.redsink.emulator.fault.SqlFaults;
import dev.redsink.emulator.pg.EmbeddedBackend;
import dev.redsink.emulator.wire.CopyRunner;
import dev.redsink.emulator.wire.ErrorFields;
import dev.redsink.emulator.wire.ProtocolServer;
import dev.redsink.emulator.wire.SessionEnvironment;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Redshift on your laptop: a PostgreSQL-protocol endpoint on 127.0.0.1 that speaks Redshift's
 * dialect over an embedded PostgreSQL. Connect with the Amazon Redshift JDBC driver ({@link
 * #jdbcUrl()}), pgjdbc or psql.
 */
public final class RedshiftEmulator implements AutoCloseable {

  private final EmulatorOptions options;
  private final EmbeddedBackend backend;
  private final ProtocolServer server;
  private final EmulatorStatistics statistics = new EmulatorStatistics();
  private final SqlFaults sqlFaults = new SqlFaults();

  private RedshiftEmulator(EmulatorOptions options) throws IOException {
    this.options = options;
    Map<String, Boolean> roles = new LinkedHashMap<>();
    options.users().values().forEach(u -> roles.put(u.name(), u.superuser()));
    this.backend = EmbeddedBackend.start(roles);
    try {
      this.server = ProtocolServer.start(options.port(), new Environment(backendParameters()));
    } catch (IOException | RuntimeException e) {
      backend.close();
      throw e;
    }
  }

  /** Starts an emulator with the default options. */
  public static RedshiftEmulator start() {
    return start(EmulatorOptions.defaults());
  }

  public static RedshiftEmulator start(EmulatorOptions options) {
    try {
      return new RedshiftEmulator(options);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot start the Redshift emulator", e);
    }
  }

  private Set<String> backendParameters() {
    Set<String> names = new HashSet<>();
    try (Connection c = backend.dataSource(EmbeddedBackend.SUPERUSER).getConnection();
        ResultSet rs = c.createStatement().executeQuery("SELECT name FROM pg_settings")) {
      while (rs.next()) {
        names.add(rs.getString(1).toLowerCase(Locale.ROOT));
      }
    } catch (SQLException e) {
      throw new IllegalStateException("Cannot read PostgreSQL's settings", e);
    }
    return Set.copyOf(names);
  }

  public String host() {
    return "127.0.0.1";
  }

  public int port() {
    return server.port();
  }

  public String database() {
    return EmbeddedBackend.DATABASE;
  }

  /** The superuser's name. */
  public String user() {
    return superuser().name();
  }

  /** The superuser's password. */
  public String password() {
    return superuser().password();
  }

  private EmulatorOptions.User superuser() {
    return options.users().values().iterator().next();
  }

  /** A URL for the Amazon Redshift JDBC driver (TLS off: the emulator speaks plain TCP). */
  public String jdbcUrl() {
    return "jdbc:redshift://" + host() + ":" + port() + "/" + database() + "?ssl=false";
  }

  /** A libpq URL for psql, without the password. */
  public String postgresUrl() {
    return "postgresql://" + user() + "@" + host() + ":" + port() + "/" + database();
  }

  public EmulatorStatistics statistics() {
    return statistics;
  }

  /** Faults injected into client statements. */
  public SqlFaults sqlFaults() {
    return sqlFaults;
  }

  /** Closes every client connection, as a network failure or a cluster restart would. */
  public void dropAllConnections() {
    server.dropAllConnections();
  }

  @Override
  public void close() {
    server.close();
    backend.close();
  }

  @Override
  public String toString() {
    return "RedshiftEmulator[" + host() + ":" + port() + "/" + database() + "]";
  }

  private final class Environment implements SessionEnvironment {
    private final Set<String> parameters;

    Environment(Set<String> parameters) {
      this.parameters = parameters;
    }

    @Override
    public Optional<String> password(String user) {
      EmulatorOptions.User u = options.users().get(user);
      return u == null ? Optional.empty() : Optional.of(u.password());
    }

    @Override
    public AuthMethod authMethod() {
      return options.authMethod();
    }

    @Override
    public int backendPort() {
      return backend.port();
    }

    @Override
    public Set<String> backendParameters() {
      return parameters;
    }

    @Override
    public void prepare(Plan.Forward plan) throws SQLException {
      backend.admin().ensureDomains(plan.domains());
      backend.admin().registerLongNames(plan.longNames());
    }

    @Override
    public void prepare(Set<Domain> domains) throws SQLException {
      backend.admin().ensureDomains(domains);
    }

    @Override
    public EmulatorStatistics statistics() {
      return statistics;
    }

    @Override
    public SqlFaults sqlFaults() {
      return sqlFaults;
    }

    @Override
    public CopyRunner copyRunner() {
      return (sql, session) -> {
        throw new CopyRunner.CopyFailure(
            ErrorFields.error("0A000", "COPY from S3 is not available in this emulator build"));
      };
    }
  }
}
