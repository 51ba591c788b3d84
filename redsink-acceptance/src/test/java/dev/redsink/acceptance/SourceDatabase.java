package dev.redsink.acceptance;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;

/**
 * The source of a change stream: an embedded PostgreSQL (the emulator's binaries) with logical
 * replication on, as Debezium's PostgreSQL connector needs it (wal_level = logical), and the commit
 * time of each transaction kept.
 */
final class SourceDatabase implements AutoCloseable {
  static final String DATABASE = "postgres";
  static final String USER = "postgres";

  private final EmbeddedPostgres postgres;

  private SourceDatabase(EmbeddedPostgres postgres) {
    this.postgres = postgres;
  }

  static SourceDatabase start() {
    try {
      return new SourceDatabase(
          EmbeddedPostgres.builder()
              .setServerConfig("wal_level", "logical")
              .setServerConfig("max_replication_slots", "4")
              .setServerConfig("max_wal_senders", "4")
              .setServerConfig("timezone", "UTC")
              // Each transaction's commit time, the time Debezium sends as a change's source.ts_ms
              // (pg_xact_commit_timestamp): what a history table's version times must be.
              .setServerConfig("track_commit_timestamp", "on")
              .start());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  int port() {
    return postgres.getPort();
  }

  Connection connect() throws SQLException {
    return postgres.getPostgresDatabase().getConnection();
  }

  void execute(String... sql) throws SQLException {
    try (Connection c = connect();
        Statement st = c.createStatement()) {
      for (String s : sql) {
        st.execute(s);
      }
    }
  }

  /** Runs the statements in one transaction, as one commit of the source. */
  void transaction(String... sql) throws SQLException {
    try (Connection c = connect();
        Statement st = c.createStatement()) {
      c.setAutoCommit(false);
      for (String s : sql) {
        st.execute(s);
      }
      c.commit();
    }
  }

  /** The settings Debezium's PostgreSQL connector needs to read this database. */
  Map<String, String> debeziumConnection() {
    return Map.of(
        "database.hostname",
        "127.0.0.1",
        "database.port",
        Integer.toString(port()),
        "database.user",
        USER,
        "database.password",
        "postgres",
        "database.dbname",
        DATABASE);
  }

  @Override
  public void close() throws IOException {
    postgres.close();
  }
}
