package dev.redsink.emulator;

import static dev.redsink.emulator.Redshift.error;
import static dev.redsink.emulator.Redshift.exec;
import static dev.redsink.emulator.Redshift.value;
import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@link RedshiftEmulator#restartDatabase()} reboots PostgreSQL under the front end: committed rows
 * survive, open transactions roll back, both ports stay, and the emulator's own bookkeeping (long
 * names) works afterwards. Its own emulator, so a failed restart cannot break other classes.
 */
class RestartIT {

  private static final String LONG_NAME = "restart_" + "l".repeat(80);

  private static RedshiftEmulator emulator;

  @BeforeAll
  static void start() {
    emulator = RedshiftEmulator.start();
  }

  @AfterAll
  static void stop() {
    emulator.close();
  }

  @Test
  void committedRowsSurviveARestartOnTheSamePorts() throws SQLException {
    int port = emulator.port();
    int backendPort = emulator.backendPort();
    try (Connection setup = Redshift.connect(emulator)) {
      exec(
          setup,
          "CREATE TABLE r (a INT, s VARCHAR(10))",
          "INSERT INTO r VALUES (1, 'a'), (2, 'b'), (3, 'c')",
          "CREATE TABLE " + LONG_NAME + " (a INT)",
          "INSERT INTO " + LONG_NAME + " VALUES (7)");
    }
    Connection open = Redshift.connect(emulator);
    open.setAutoCommit(false);
    exec(open, "INSERT INTO r VALUES (4, 'open')");

    emulator.restartDatabase();

    SQLException lost = error(open, "SELECT 1");
    assertThat(lost.getMessage()).as("a connection open across the restart").isNotEmpty();
    open.close();
    assertThat(emulator.port()).isEqualTo(port);
    assertThat(emulator.backendPort()).isEqualTo(backendPort);
    try (Connection c = Redshift.connect(emulator)) {
      assertThat(value(c, "SELECT count(*) FROM r")).isEqualTo("3");
      assertThat(Redshift.rows(c, "SELECT s FROM r ORDER BY a")).containsExactly("a", "b", "c");
      assertThat(value(c, "SELECT a FROM " + LONG_NAME)).isEqualTo("7");
      // A new long name goes through the emulator's admin connection, reopened by the restart.
      exec(c, "CREATE TABLE " + LONG_NAME + "_2 (a INT)", "INSERT INTO r VALUES (5, 'after')");
      exec(c, "INSERT INTO " + LONG_NAME + "_2 VALUES (8)");
      assertThat(value(c, "SELECT a FROM " + LONG_NAME + "_2")).isEqualTo("8");
    }
    try (Connection pg = DriverManager.getConnection(emulator.backendJdbcUrl())) {
      assertThat(value(pg, "SELECT count(*) FROM r")).isEqualTo("4");
    }
  }

  @Test
  void restartsTwiceInARow() throws SQLException {
    try (Connection c = Redshift.connect(emulator)) {
      exec(c, "CREATE TABLE twice (a INT)", "INSERT INTO twice VALUES (1)");
    }
    emulator.restartDatabase();
    emulator.restartDatabase();
    try (Connection c = Redshift.connect(emulator)) {
      assertThat(value(c, "SELECT count(*) FROM twice")).isEqualTo("1");
    }
  }
}
