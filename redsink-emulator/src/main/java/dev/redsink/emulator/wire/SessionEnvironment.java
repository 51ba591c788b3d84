package dev.redsink.emulator.wire;

import dev.redsink.emulator.EmulatorStatistics;
import dev.redsink.emulator.cost.ClusterCosts;
import dev.redsink.emulator.dialect.Plan;
import dev.redsink.emulator.dialect.TableColumns;
import dev.redsink.emulator.fault.SqlFaults;
import java.sql.SQLException;
import java.util.Optional;
import java.util.Set;

/** What a client session needs from the emulator around it. */
public interface SessionEnvironment {

  /** The password of a configured user, empty for unknown users. */
  Optional<String> password(String user);

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
