package dev.redsink.emulator;

import dev.redsink.emulator.aws.AwsApis;
import dev.redsink.emulator.aws.Cluster;
import dev.redsink.emulator.copy.IamRoles;
import dev.redsink.emulator.copy.ParquetDatabase;
import dev.redsink.emulator.cost.ClusterCosts;
import dev.redsink.emulator.dialect.Domain;
import dev.redsink.emulator.dialect.Plan;
import dev.redsink.emulator.dialect.TableColumns;
import dev.redsink.emulator.fault.S3Faults;
import dev.redsink.emulator.fault.SqlFaults;
import dev.redsink.emulator.pg.CatalogColumns;
import dev.redsink.emulator.pg.EmbeddedBackend;
import dev.redsink.emulator.s3.LocalS3;
import dev.redsink.emulator.s3.LocalS3Options;
import dev.redsink.emulator.wire.CopyRunner;
import dev.redsink.emulator.wire.ProtocolServer;
import dev.redsink.emulator.wire.SessionEnvironment;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.locks.ReentrantLock;

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
  private final ClusterCosts costs;
  private final LocalS3 s3;
  private final ParquetDatabase parquet = new ParquetDatabase();
  private volatile IamRoles iamRoles;
  private Path tlsCertificate;

  /**
   * Held while starting and while stopping: a stop (close() or the shutdown hook, on SIGTERM or
   * Ctrl-C) waits for a start in progress and then undoes it, and a second stop waits for the first
   * to finish, so whoever ends the JVM next finds nothing left running.
   */
  private final ReentrantLock lifecycle = new ReentrantLock();

  private boolean closed;
  private final Thread shutdownHook = new Thread(this::stop, "redsink-emulator-shutdown");

  private RedshiftEmulator(EmulatorOptions options) throws IOException {
    this.options = options;
    Map<String, Boolean> roles = new LinkedHashMap<>();
    options.users().values().forEach(u -> roles.put(u.name(), u.superuser()));
    this.iamRoles = options.iamRoles();
    this.costs =
        new ClusterCosts(
            options.costProfile(), ClusterCosts.Pause.SLEEP, statistics.costCounters());
    lifecycle.lock();
    try {
      // First, so that a SIGTERM during the start stops what was started.
      Runtime.getRuntime().addShutdownHook(shutdownHook);
      LocalS3 startedS3 = null;
      EmbeddedBackend startedBackend = null;
      try {
        startedS3 =
            LocalS3.start(
                LocalS3Options.defaults().withPort(options.s3Port()).withBuckets(options.bucket()),
                new Cluster(
                    IamRoles.CLUSTER,
                    IamRoles.CLUSTER,
                    IamRoles.REGION,
                    EmbeddedBackend.DATABASE,
                    this::port));
        startedBackend = EmbeddedBackend.start(roles);
        this.s3 = startedS3;
        this.backend = startedBackend;
        this.server = ProtocolServer.start(options.port(), new Environment(backendParameters()));
      } catch (IOException | RuntimeException e) {
        closed = true;
        if (startedBackend != null) {
          startedBackend.close();
        }
        if (startedS3 != null) {
          closeQuietly(startedS3);
        }
        removeShutdownHook();
        throw e;
      }
    } catch (IllegalStateException e) {
      if (closed) {
        throw e;
      }
      throw new IllegalStateException("Cannot start the Redshift emulator: the JVM is stopping", e);
    } finally {
      lifecycle.unlock();
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

  /**
   * The emulator's TLS certificate (PEM, self-signed for localhost and 127.0.0.1), written to a
   * file for clients that verify it: {@code sslmode=verify-full&sslrootcert=<this file>}.
   */
  public synchronized Path tlsCertificate() {
    if (tlsCertificate == null) {
      try (InputStream pem = ProtocolServer.class.getResourceAsStream("emulator-tls.pem")) {
        Path file = Files.createTempFile("redsink-emulator-tls", ".pem");
        file.toFile().deleteOnExit();
        Files.copy(pem, file, StandardCopyOption.REPLACE_EXISTING);
        tlsCertificate = file;
      } catch (IOException e) {
        throw new UncheckedIOException("Cannot write the emulator's TLS certificate", e);
      }
    }
    return tlsCertificate;
  }

  /**
   * A URL for the Amazon Redshift JDBC driver's IAM authentication to the emulated provisioned
   * cluster: the driver signs DescribeClusters and GetClusterCredentials and sends them to the
   * emulator's AWS endpoint. Add the caller's keys (AccessKeyID, SecretAccessKey, or an AWS profile
   * or the default chain) and DbUser; see docs/emulator.md.
   */
  public String iamJdbcUrl() {
    return "jdbc:redshift:iam://"
        + IamRoles.CLUSTER
        + ":"
        + IamRoles.REGION
        + "/"
        + database()
        + "?sslmode=verify-full&sslrootcert="
        + tlsCertificate()
        + "&EndpointUrl="
        + s3.endpoint();
  }

  /**
   * A URL for the driver's IAM authentication to the emulator as a Redshift Serverless workgroup
   * (GetCredentials); the database user is the caller's IAM identity.
   */
  public String serverlessIamJdbcUrl() {
    return "jdbc:redshift:iam://"
        + host()
        + ":"
        + port()
        + "/"
        + database()
        + "?sslmode=verify-full&sslrootcert="
        + tlsCertificate()
        + "&isServerless=true&serverlessWorkGroup="
        + IamRoles.CLUSTER
        + "&Region="
        + IamRoles.REGION
        + "&EndpointUrl="
        + s3.endpoint();
  }

  /** A libpq URL for psql, without the password. */
  public String postgresUrl() {
    return "postgresql://" + user() + "@" + host() + ":" + port() + "/" + database();
  }

  public EmulatorStatistics statistics() {
    return statistics;
  }

  /** The cost profile in force; {@code costs().profile(p)} changes it for later statements. */
  public ClusterCosts costs() {
    return costs;
  }

  /** Faults injected into client statements. */
  public SqlFaults sqlFaults() {
    return sqlFaults;
  }

  /**
   * The AWS API calls the emulator answers at {@link LocalS3#endpoint()}: STS, and Redshift's and
   * Redshift Serverless' IAM credentials for the cluster {@value IamRoles#CLUSTER} (also the
   * workgroup's name) in {@value IamRoles#REGION}.
   */
  public AwsApis aws() {
    return s3.apis();
  }

  /** The local S3 endpoint COPY reads from (SigV4, path-style). */
  public LocalS3 s3() {
    return s3;
  }

  /** The bucket created at start. */
  public String bucket() {
    return options.bucket();
  }

  /** The S3 region label of the local endpoint. */
  public String region() {
    return s3.region();
  }

  /** Faults injected into S3 requests (clients' and COPY's own reads). */
  public S3Faults s3Faults() {
    return s3.faults();
  }

  /** The IAM roles attached to the emulated cluster. */
  public IamRoles iamRoles() {
    return iamRoles;
  }

  /** Replaces the attached roles, e.g. to test a role that is not attached. */
  public void iamRoles(IamRoles roles) {
    this.iamRoles = roles;
  }

  /** The default IAM role's ARN, for COPY … IAM_ROLE '…'. */
  public String iamRole() {
    return iamRoles.defaultRole().orElse(IamRoles.DEFAULT_ROLE);
  }

  /** Closes every client connection, as a network failure or a cluster restart would. */
  public void dropAllConnections() {
    server.dropAllConnections();
  }

  /**
   * Reboots the database as a cluster restart does: every client connection is closed, PostgreSQL
   * stops (open transactions roll back) and starts again on the same data directory and port.
   * Committed tables and rows survive; the front end keeps its port, and a client that connects
   * while the database is down is refused until it is back. Returns once it accepts connections.
   */
  public void restartDatabase() {
    server.dropAllConnections();
    backend.restart();
    server.dropAllConnections();
  }

  /**
   * The embedded PostgreSQL's own port on 127.0.0.1, behind the Redshift front end: PostgreSQL's
   * dialect, no faults, trust authentication as {@value EmbeddedBackend#SUPERUSER}.
   */
  public int backendPort() {
    return backend.port();
  }

  /** A pgjdbc URL for the embedded PostgreSQL itself ({@link #backendPort()}). */
  public String backendJdbcUrl() {
    return "jdbc:postgresql://"
        + host()
        + ":"
        + backendPort()
        + "/"
        + database()
        + "?user="
        + EmbeddedBackend.SUPERUSER;
  }

  /**
   * Stops the front end, PostgreSQL (removing its data) and the local S3; safe to call twice, and
   * returns only once everything is stopped, also when another thread (the shutdown hook) is
   * stopping the emulator.
   */
  @Override
  public void close() {
    stop();
    removeShutdownHook();
  }

  private void removeShutdownHook() {
    try {
      Runtime.getRuntime().removeShutdownHook(shutdownHook);
    } catch (IllegalStateException e) {
      // the JVM is already shutting down
    }
  }

  private void stop() {
    lifecycle.lock();
    try {
      if (closed) {
        return;
      }
      closed = true;
      try {
        server.close();
      } finally {
        try {
          parquet.close();
          backend.close();
        } finally {
          closeQuietly(s3);
        }
      }
    } finally {
      lifecycle.unlock();
    }
  }

  private static void closeQuietly(LocalS3 s3) {
    try {
      s3.close();
    } catch (IOException e) {
      // closing
    }
  }

  @Override
  public String toString() {
    return "RedshiftEmulator[" + host() + ":" + port() + "/" + database() + "]";
  }

  private final class Environment implements SessionEnvironment {
    private final Set<String> parameters;
    private final CopyRunner copyRunner;
    private final TableColumns tableColumns;

    Environment(Set<String> parameters) {
      this.parameters = parameters;
      this.copyRunner = new S3CopyRunner(s3, () -> iamRoles, backend.admin(), parquet);
      this.tableColumns = new CatalogColumns(backend.admin());
    }

    @Override
    public List<Login> logins(String name) {
      EmulatorOptions.User u = options.users().get(name);
      if (u != null) {
        return List.of(Login.of(u.name(), u.password()));
      }
      return s3.apis().logins().live(name).stream()
          .map(i -> new Login(i.password(), i.databaseUser(), i.createUser(), i.groups()))
          .toList();
    }

    @Override
    public Optional<String> admit(Login login) {
      try {
        return backend.admin().admit(login.databaseUser(), login.createUser(), login.groups());
      } catch (SQLException e) {
        return Optional.of("cannot log in " + login.databaseUser() + ": " + e.getMessage());
      }
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
    public TableColumns tableColumns() {
      return tableColumns;
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
      return copyRunner;
    }

    @Override
    public ClusterCosts costs() {
      return costs;
    }
  }
}
