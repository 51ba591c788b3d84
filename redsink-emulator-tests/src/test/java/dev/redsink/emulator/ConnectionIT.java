package dev.redsink.emulator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(RedshiftEmulatorExtension.class)
class ConnectionIT {

  @Test
  void redshiftDriverConnectsAndQueries(RedshiftEmulator emulator) throws SQLException {
    try (Connection c = Redshift.connect(emulator)) {
      assertThat(Redshift.value(c, "SELECT 1")).isEqualTo("1");
      assertThat(Redshift.value(c, "select current_user")).isEqualTo(emulator.user());
      assertThat(Redshift.value(c, "select current_database()")).isEqualTo("dev");
    }
  }

  @Test
  void wrongPasswordIsRefusedWithPostgresMessage(RedshiftEmulator emulator) {
    assertThatThrownBy(() -> Redshift.connect(emulator, emulator.user(), "wrong").close())
        .isInstanceOf(SQLException.class)
        .hasMessageContaining("password authentication failed for user \"redsink\"")
        .satisfies(e -> assertThat(((SQLException) e).getSQLState()).isEqualTo("28P01"));
  }

  @Test
  void unknownUserIsRefused(RedshiftEmulator emulator) {
    assertThatThrownBy(() -> Redshift.connect(emulator, "nobody", "x").close())
        .hasMessageContaining("password authentication failed for user \"nobody\"");
  }

  @Test
  void preparedOnceExecutedManyTimes(RedshiftEmulator emulator) throws SQLException {
    try (Connection c = Redshift.connect(emulator)) {
      Redshift.exec(
          c, "DROP TABLE IF EXISTS prep", "CREATE TABLE prep (id INTEGER, v VARCHAR(10))");
      try (PreparedStatement ps = c.prepareStatement("INSERT INTO prep VALUES (?, ?)")) {
        for (int i = 0; i < 20; i++) {
          ps.setInt(1, i);
          ps.setString(2, "v" + i);
          assertThat(ps.executeUpdate()).isEqualTo(1);
        }
      }
      try (PreparedStatement ps = c.prepareStatement("SELECT v FROM prep WHERE id = ?")) {
        for (int i = 0; i < 20; i++) {
          ps.setInt(1, i);
          try (ResultSet rs = ps.executeQuery()) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getString(1)).isEqualTo("v" + i);
          }
        }
      }
      assertThat(Redshift.value(c, "SELECT count(*) FROM prep")).isEqualTo("20");
    }
  }

  @Test
  void transactionsCommitAndRollBack(RedshiftEmulator emulator) throws SQLException {
    try (Connection c = Redshift.connect(emulator)) {
      Redshift.exec(c, "DROP TABLE IF EXISTS tx", "CREATE TABLE tx (id INTEGER)");
      c.setAutoCommit(false);
      Redshift.exec(c, "INSERT INTO tx VALUES (1)");
      c.rollback();
      Redshift.exec(c, "INSERT INTO tx VALUES (2)");
      c.commit();
      c.setAutoCommit(true);
      assertThat(Redshift.rows(c, "SELECT id FROM tx")).containsExactly("2");
    }
  }

  @Test
  void statementsAndCommitsAreCounted(RedshiftEmulator emulator) throws SQLException {
    try (Connection c = Redshift.connect(emulator)) {
      Redshift.exec(c, "DROP TABLE IF EXISTS counted", "CREATE TABLE counted (id INTEGER)");
      long statements = emulator.statistics().statements();
      long commits = emulator.statistics().commits();
      long rows = emulator.statistics().rowsWritten();
      c.setAutoCommit(false);
      Redshift.exec(c, "INSERT INTO counted VALUES (1)", "INSERT INTO counted VALUES (2)");
      try (java.sql.PreparedStatement ps =
          c.prepareStatement("UPDATE counted SET id = id + ? WHERE id > 0")) {
        ps.setInt(1, 10);
        assertThat(ps.executeUpdate()).isEqualTo(2);
      }
      Redshift.exec(c, "DELETE FROM counted WHERE id = 11", "SELECT count(*) FROM counted");
      c.commit();
      c.setAutoCommit(true);
      assertThat(emulator.statistics().commits() - commits).isEqualTo(1);
      assertThat(emulator.statistics().statements() - statements).isGreaterThanOrEqualTo(3);
      assertThat(emulator.statistics().rowsWritten() - rows)
          .as("rows inserted (2), updated (2, prepared) and deleted (1); SELECTs write none")
          .isEqualTo(5);
    }
  }

  @Test
  void cancelRequestsReachTheDatabase(RedshiftEmulator emulator) throws Exception {
    try (Connection c = Redshift.connect(emulator);
        Connection watcher = Redshift.connect(emulator);
        java.sql.Statement st = c.createStatement()) {
      String pid = Redshift.value(c, "SELECT pg_backend_pid()");
      Thread canceller =
          new Thread(
              () -> {
                try {
                  // cancel only once the sleep runs: a cancel that lands between statements
                  // is PostgreSQL's to ignore or to apply to the next one
                  long deadline = System.nanoTime() + 20_000_000_000L;
                  while (System.nanoTime() < deadline
                      && !Redshift.value(
                              watcher,
                              "SELECT count(*) FROM pg_stat_activity WHERE pid = "
                                  + pid
                                  + " AND state = 'active' AND query LIKE '%pg_sleep%'")
                          .equals("1")) {
                    Thread.sleep(50);
                  }
                  st.cancel();
                } catch (Exception e) {
                  // the assertion below fails instead
                }
              });
      canceller.start();
      assertThatThrownBy(() -> st.execute("SELECT pg_sleep(30)"))
          .isInstanceOf(SQLException.class)
          .hasMessageContaining("canceling statement due to user request");
      canceller.join();
      assertThat(Redshift.value(c, "SELECT 1")).isEqualTo("1");
    }
  }
}
