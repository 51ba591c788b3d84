package dev.redsink.emulator;

import static dev.redsink.emulator.Redshift.error;
import static dev.redsink.emulator.Redshift.exec;
import static dev.redsink.emulator.Redshift.value;
import static org.assertj.core.api.Assertions.assertThat;

import dev.redsink.emulator.copy.ParquetFixtures;
import dev.redsink.emulator.fault.SqlFault;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Each kind of SQL fault fires, is counted, and has the effect a client would see. */
@ExtendWith(RedshiftEmulatorExtension.class)
class SqlFaultsIT {

  private RedshiftEmulator emulator;
  private Connection setup;

  @BeforeEach
  void prepare(RedshiftEmulator emulator) throws SQLException {
    this.emulator = emulator;
    emulator.sqlFaults().reset();
    setup = Redshift.connect(emulator);
    exec(setup, "DROP TABLE IF EXISTS f", "CREATE TABLE f (a INT)");
  }

  @AfterEach
  void close() throws SQLException {
    emulator.sqlFaults().reset();
    setup.close();
  }

  @Test
  void failNextStatementsWithRedshiftError1023() throws SQLException {
    emulator.sqlFaults().failNext("INSERT INTO f", 2, SqlFault.serializableIsolationViolation());
    try (Connection c = Redshift.connect(emulator)) {
      for (int i = 0; i < 2; i++) {
        SQLException e = error(c, "INSERT INTO f VALUES (1)");
        assertThat(e.getSQLState()).isEqualTo("XX000");
        assertThat(e.getMessage()).contains("1023");
      }
      exec(c, "INSERT INTO f VALUES (1)");
    }
    assertThat(emulator.sqlFaults().fired()).isEqualTo(2);
    assertThat(value(setup, "SELECT count(*) FROM f")).isEqualTo("1");
  }

  @Test
  void anInjectedErrorAbortsTheTransaction() throws SQLException {
    emulator
        .sqlFaults()
        .failNext("INSERT INTO f VALUES \\(2\\)", 1, SqlFault.fail("XX000", "boom"));
    try (Connection c = Redshift.connect(emulator)) {
      c.setAutoCommit(false);
      exec(c, "INSERT INTO f VALUES (1)");
      assertThat(error(c, "INSERT INTO f VALUES (2)").getMessage()).contains("boom");
      c.rollback();
    }
    assertThat(value(setup, "SELECT count(*) FROM f")).isEqualTo("0");
  }

  @Test
  void adminShutdownClosesTheConnection() throws SQLException {
    emulator.sqlFaults().failNext("SELECT 42", 1, SqlFault.adminShutdown());
    try (Connection c = Redshift.connect(emulator)) {
      SQLException e = error(c, "SELECT 42");
      assertThat(e.getSQLState()).isIn("57P01", "08006", "08003");
      assertThat(c.isValid(2)).isFalse();
    }
    assertThat(emulator.sqlFaults().fired()).isEqualTo(1);
  }

  @Test
  void dropBeforeStatementLeavesNothing() throws SQLException {
    emulator.sqlFaults().failNext("INSERT INTO f", 1, SqlFault.dropBeforeStatement());
    try (Connection c = Redshift.connect(emulator)) {
      error(c, "INSERT INTO f VALUES (1)");
    }
    assertThat(value(setup, "SELECT count(*) FROM f")).isEqualTo("0");
    assertThat(emulator.sqlFaults().fired()).isEqualTo(1);
  }

  @Test
  void dropBeforeCommitReplyStillCommits() throws SQLException {
    emulator.sqlFaults().failNext("^COMMIT", 1, SqlFault.dropBeforeReply());
    try (Connection c = Redshift.connect(emulator)) {
      c.setAutoCommit(false);
      exec(c, "INSERT INTO f VALUES (1)");
      SQLException e = null;
      try {
        c.commit();
      } catch (SQLException ex) {
        e = ex;
      }
      assertThat((Throwable) e).isNotNull();
    }
    assertThat(emulator.sqlFaults().fired()).isEqualTo(1);
    assertThat(value(setup, "SELECT count(*) FROM f")).isEqualTo("1");
  }

  @Test
  void dropMidCopyRollsTheLoadBack() throws SQLException {
    exec(setup, "DROP TABLE IF EXISTS fc", "CREATE TABLE fc (a BIGINT, p VARBYTE(2048))");
    ParquetFixtures.put(
        emulator.s3(),
        emulator.bucket(),
        "faults/mid-copy.parquet",
        "SELECT i::BIGINT AS a, repeat('x', 1000)::BLOB AS p FROM range(5000) t(i)");
    emulator.sqlFaults().failNext("^COPY fc", 1, SqlFault.dropMidCopy());
    try (Connection c = Redshift.connect(emulator)) {
      error(
          c,
          "COPY fc FROM 's3://"
              + emulator.bucket()
              + "/faults/mid-copy.parquet' IAM_ROLE default FORMAT AS PARQUET");
    }
    assertThat(emulator.sqlFaults().fired()).isEqualTo(1);
    assertThat(value(setup, "SELECT count(*) FROM fc")).isEqualTo("0");
  }

  @Test
  void delayedStatementStillRuns() throws SQLException {
    emulator.sqlFaults().failNext("INSERT INTO f", 1, SqlFault.delay(Duration.ofMillis(200)));
    try (Connection c = Redshift.connect(emulator)) {
      exec(c, "INSERT INTO f VALUES (1)");
    }
    assertThat(emulator.sqlFaults().fired()).isEqualTo(1);
    assertThat(value(setup, "SELECT count(*) FROM f")).isEqualTo("1");
  }

  @Test
  void droppingAllConnectionsRollsBackOpenTransactions() throws SQLException {
    try (Connection c = Redshift.connect(emulator)) {
      c.setAutoCommit(false);
      exec(c, "INSERT INTO f VALUES (1)");
      emulator.dropAllConnections();
      error(c, "SELECT 1");
    }
    assertThat(value(Redshift.connect(emulator), "SELECT count(*) FROM f")).isEqualTo("0");
  }
}
