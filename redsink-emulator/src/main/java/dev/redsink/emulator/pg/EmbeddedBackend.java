package dev.redsink.emulator.pg;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * The embedded PostgreSQL (17, from Maven Central binaries) behind the emulator: its own data
 * directory, a random port, fsync off, Redshift's catalog installed, removed on close. {@link
 * #restart()} stops and starts it on the same data directory and port, as a cluster reboot.
 *
 * <p>Nothing outlives the emulator: close() stops PostgreSQL and deletes the directory; a {@link
 * Watchdog} does both if the JVM dies first; and each start removes what dead emulators left
 * ({@link AbandonedDirectories}).
 */
public final class EmbeddedBackend implements AutoCloseable {

  /** Redshift's default database name. */
  public static final String DATABASE = "dev";

  /** The PostgreSQL superuser the emulator itself uses. */
  public static final String SUPERUSER = "postgres";

  private final EmbeddedPostgres.Builder builder;
  private volatile EmbeddedPostgres postgres;
  private final BackendDirectory directory;
  private final Watchdog watchdog;
  private final AdminSession admin;

  private EmbeddedBackend(
      EmbeddedPostgres.Builder builder,
      EmbeddedPostgres postgres,
      BackendDirectory directory,
      Watchdog watchdog)
      throws SQLException {
    this.builder = builder;
    this.postgres = postgres;
    this.directory = directory;
    this.watchdog = watchdog;
    this.admin = new AdminSession(dataSource(SUPERUSER));
  }

  /** Starts PostgreSQL, creates the "dev" database, Redshift's catalog and the given roles. */
  public static EmbeddedBackend start(Map<String, Boolean> rolesAreSuperusers) {
    Path temp = Path.of(System.getProperty("java.io.tmpdir"));
    AbandonedDirectories.remove(temp);
    BackendDirectory directory = BackendDirectory.create(temp);
    Watchdog watchdog = Watchdog.start(directory.root());
    EmbeddedPostgres pg = null;
    try {
      EmbeddedPostgres.Builder builder =
          EmbeddedPostgres.builder()
              .setDataDirectory(directory.data())
              // Kept on a restart; close() deletes it itself.
              .setCleanDataDirectory(false)
              // The emulator stops PostgreSQL itself (close() or its own shutdown hook); a second
              // hook would race it at JVM exit.
              .setRegisterShutdownHook(false)
              .setServerConfig("fsync", "off")
              .setServerConfig("synchronous_commit", "off")
              .setServerConfig("full_page_writes", "off")
              .setServerConfig("max_connections", "300")
              .setServerConfig("timezone", "UTC")
              .setServerConfig("listen_addresses", "127.0.0.1")
              .setServerConfig("max_pred_locks_per_transaction", "1024");
      Optional<BackendTemplate> template =
          BackendTemplate.configured(EmbeddedBackend::catalogDigest);
      if (template.isPresent()) {
        template.get().copyTo(directory.data(), EmbeddedBackend::prepare);
      }
      pg = builder.start();
      if (template.isEmpty()) {
        prepare(pg);
      }
      try (Connection c = pg.getPostgresDatabase().getConnection();
          Statement st = c.createStatement()) {
        for (Map.Entry<String, Boolean> role : rolesAreSuperusers.entrySet()) {
          String name = "\"" + role.getKey().replace("\"", "\"\"") + "\"";
          st.execute("CREATE ROLE " + name + " LOGIN" + (role.getValue() ? " SUPERUSER" : ""));
        }
      }
      return new EmbeddedBackend(builder.setPort(pg.getPort()), pg, directory, watchdog);
    } catch (IOException | SQLException | RuntimeException e) {
      stopQuietly(pg);
      // A server the library started but gave up waiting for has no handle: find it by its pid
      // file.
      AbandonedDirectories.stopServer(directory.data());
      directory.close();
      watchdog.close();
      if (e instanceof IOException io) {
        throw new UncheckedIOException("Cannot start the embedded PostgreSQL", io);
      }
      if (e instanceof SQLException sql) {
        throw new IllegalStateException(
            "Cannot prepare the embedded PostgreSQL: " + sql.getMessage(), sql);
      }
      throw (RuntimeException) e;
    }
  }

  private static void stopQuietly(EmbeddedPostgres pg) {
    if (pg == null) {
      return;
    }
    try {
      pg.close();
    } catch (IOException e) {
      // the directory goes next, and the watchdog stands by
    }
  }

  /**
   * Redshift's catalog, its late-binding views, its SUPER and VARBYTE functions, then the catalog
   * as clients read it, installed once in "dev".
   */
  private static final List<String> CATALOG_SCRIPTS =
      List.of("catalog.sql", "views.sql", "super.sql", "varbyte.sql", "clients.sql");

  /** Makes a fresh cluster the emulator's: the "dev" database, serializable, and the catalog. */
  private static void prepare(EmbeddedPostgres pg) throws SQLException {
    try (Connection c = pg.getPostgresDatabase().getConnection();
        Statement st = c.createStatement()) {
      st.execute("CREATE DATABASE " + DATABASE);
      st.execute(
          "ALTER DATABASE " + DATABASE + " SET default_transaction_isolation = 'serializable'");
    }
    try (Connection c = pg.getDatabase(SUPERUSER, DATABASE).getConnection();
        Statement st = c.createStatement()) {
      for (String name : CATALOG_SCRIPTS) {
        for (String sql : script(name).split("\n;;\n")) {
          if (!sql.lines().allMatch(l -> l.isBlank() || l.startsWith("--"))) {
            st.execute(sql);
          }
        }
      }
    }
  }

  /** The catalog scripts' text, which names the template they are installed in. */
  private static String catalogDigest() {
    StringBuilder all = new StringBuilder();
    for (String name : CATALOG_SCRIPTS) {
      all.append(script(name));
    }
    return Integer.toHexString(all.toString().hashCode()) + "-" + all.length();
  }

  private static String script(String name) {
    try (InputStream in = EmbeddedBackend.class.getResourceAsStream(name)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public int port() {
    return postgres.getPort();
  }

  /** A data source on the "dev" database for the given role (trust authentication inside). */
  public DataSource dataSource(String user) {
    return postgres.getDatabase(user, DATABASE);
  }

  public AdminSession admin() {
    return admin;
  }

  /**
   * Stops PostgreSQL (fast shutdown: open transactions roll back, sessions end) and starts it again
   * on the same data directory and port; committed data survives. Returns once it accepts
   * connections.
   */
  public synchronized void restart() {
    try {
      postgres.close();
      postgres = builder.start();
      admin.reconnect(dataSource(SUPERUSER));
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot restart the embedded PostgreSQL", e);
    } catch (SQLException e) {
      throw new IllegalStateException(
          "Cannot reconnect to the restarted PostgreSQL: " + e.getMessage(), e);
    }
  }

  /** Stops PostgreSQL and deletes its directory; the watchdog then stands down. */
  @Override
  public void close() {
    admin.close();
    try {
      postgres.close();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } finally {
      try {
        directory.close();
      } finally {
        watchdog.close();
      }
    }
  }
}
