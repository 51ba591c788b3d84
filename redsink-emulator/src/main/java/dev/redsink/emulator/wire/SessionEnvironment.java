package dev.redsink.emulator.wire;

import dev.redsink.emulator.EmulatorStatistics;
import dev.redsink.emulator.cost.ClusterCosts;
import dev.redsink.emulator.dialect.Plan;
import dev.redsink.emulator.dialect.TableColumns;
import dev.redsink.emulator.fault.SqlFaults;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** What a client session needs from the emulator around it. */
public interface SessionEnvironment {

  /**
   * The passwords a login name may use, each with the database user its session runs as: a
   * configured user's password, or the unexpired temporary passwords IAM issued for the name
   * ({@code IAM:loader}, {@code IAMR:role}). Empty for an unknown name.
   */
  List<Login> logins(String name);

  /**
   * Lets an authenticated login in: creates its database user if the login may (IAM's AutoCreate)
   * and adds it to the login's groups. Empty if it may go on, else why not.
   */
  Optional<String> admit(Login login);

  /** One way to log in. */
  record Login(String password, String databaseUser, boolean createUser, List<String> groups) {
    public Login {
      groups = List.copyOf(groups);
    }

    /** A configured user's password. */
    public static Login of(String user, String password) {
      return new Login(password, user, false, List.of());
    }

    @Override
    public String toString() {
      return "Login[" + databaseUser + "]";
    }
  }

  /** How clients prove their password. */
  AuthMethod authMethod();

  /** The embedded PostgreSQL's port on 127.0.0.1. */
  int backendPort();

  /** Startup parameter names PostgreSQL accepts; others (driver_version, …) are stripped. */
  Set<String> backendParameters();

  /** Creates the domains and registers the long names a forwarded statement needs. */
  void prepare(Plan.Forward plan) throws SQLException;

  /** Creates what a set of statements run outside a block needs. */
  void prepare(Set<dev.redsink.emulator.dialect.Domain> domains) throws SQLException;

  /** The catalog's answers about tables' columns, for planning. */
  TableColumns tableColumns();

  EmulatorStatistics statistics();

  SqlFaults sqlFaults();

  /** Runs COPY from S3 inside the session; see {@link CopyRunner}. */
  CopyRunner copyRunner();

  /** The cost profile's delays and commit queue. */
  ClusterCosts costs();

  /** How clients authenticate. */
  enum AuthMethod {
    MD5,
    CLEARTEXT
  }
}
