package dev.redsink.emulator;

import static dev.redsink.emulator.Redshift.exec;
import static dev.redsink.emulator.Redshift.value;
import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Concurrent writers: Redshift's serializable isolation violation, error 1023, and the transaction
 * rules a loader relies on. PostgreSQL's SERIALIZABLE isolation stands in for Redshift's: a scan of
 * an index-less table (every Redshift table) takes a predicate lock on the whole table, so
 * conflicts are table-grained as in Redshift, and the snapshot is taken by the first statement that
 * reads or writes (a temp table's CREATE or INSERT included), never by LOCK.
 *
 * @see <a
 *     href="https://docs.aws.amazon.com/redshift/latest/dg/c_serial_isolation.html">Serializable
 *     isolation</a>
 */
@ExtendWith(RedshiftEmulatorExtension.class)
class ConcurrencyIT {

  @Test
  void conflictingWritersGetError1023(RedshiftEmulator emulator) throws SQLException {
    try (Connection setup = Redshift.connect(emulator);
        Connection a = Redshift.connect(emulator);
        Connection b = Redshift.connect(emulator)) {
      exec(setup, "DROP TABLE IF EXISTS ledger", "CREATE TABLE ledger (k INT, v INT)");
      exec(setup, "INSERT INTO ledger VALUES (1, 0)");
      a.setAutoCommit(false);
      b.setAutoCommit(false);
      assertThat(value(a, "SELECT v FROM ledger WHERE k = 1")).isEqualTo("0");
      assertThat(value(b, "SELECT v FROM ledger WHERE k = 1")).isEqualTo("0");
      exec(a, "INSERT INTO ledger VALUES (2, 1)");
      exec(b, "INSERT INTO ledger VALUES (3, 1)");
      a.commit();
      SQLException e = null;
      try {
        exec(b, "UPDATE ledger SET v = 1 WHERE k = 1");
        b.commit();
      } catch (SQLException ex) {
        e = ex;
      }
      b.rollback();
      assertThat((Throwable) e).isNotNull();
      assertThat(e.getSQLState()).isEqualTo("XX000");
      assertThat(e.getMessage())
          .contains("1023")
          .contains("Serializable isolation violation on table");
      assertThat(value(setup, "SELECT count(*) FROM ledger")).isEqualTo("2");
    }
  }

  @Test
  void rowsOfOneSharedTableConflictWhateverRowsEachWrites(RedshiftEmulator emulator)
      throws SQLException {
    try (Connection setup = Redshift.connect(emulator);
        Connection a = Redshift.connect(emulator);
        Connection b = Redshift.connect(emulator)) {
      exec(setup, "DROP TABLE IF EXISTS shared", "CREATE TABLE shared (k INT, v INT)");
      exec(setup, "INSERT INTO shared VALUES (1, 0), (2, 0)");
      a.setAutoCommit(false);
      b.setAutoCommit(false);
      value(a, "SELECT v FROM shared WHERE k = 1");
      value(b, "SELECT v FROM shared WHERE k = 2");
      SQLException e = null;
      try {
        exec(a, "UPDATE shared SET v = 1 WHERE k = 1");
        exec(b, "UPDATE shared SET v = 1 WHERE k = 2");
        a.commit();
        b.commit();
      } catch (SQLException ex) {
        e = ex;
      }
      a.rollback();
      b.rollback();
      assertThat((Throwable) e).as("one of the two fails").isNotNull();
      assertThat(e.getSQLState()).isEqualTo("XX000");
      assertThat(e.getMessage()).contains("1023");
      assertThat(value(setup, "SELECT sum(v) FROM shared")).isEqualTo("1");
    }
  }

  @Test
  void lockTakesNoSnapshotTheFirstReadDoes(RedshiftEmulator emulator) throws SQLException {
    try (Connection setup = Redshift.connect(emulator);
        Connection a = Redshift.connect(emulator);
        Connection b = Redshift.connect(emulator)) {
      exec(setup, "DROP TABLE IF EXISTS lk", "CREATE TABLE lk (k INT, v INT)");
      exec(setup, "DROP TABLE IF EXISTS lk_other", "CREATE TABLE lk_other (k INT)");
      exec(setup, "INSERT INTO lk VALUES (1, 0)");
      a.setAutoCommit(false);
      exec(a, "LOCK lk_other");
      exec(b, "UPDATE lk SET v = 1 WHERE k = 1");
      exec(a, "LOCK lk");
      assertThat(value(a, "SELECT v FROM lk WHERE k = 1")).isEqualTo("1");
      exec(a, "UPDATE lk SET v = 2 WHERE k = 1");
      a.commit();
      assertThat(value(setup, "SELECT v FROM lk WHERE k = 1")).isEqualTo("2");
    }
  }

  @Test
  void aTempTableWriteTakesTheSnapshotSoALaterLockCannotRefreshIt(RedshiftEmulator emulator)
      throws SQLException {
    try (Connection setup = Redshift.connect(emulator);
        Connection a = Redshift.connect(emulator);
        Connection b = Redshift.connect(emulator)) {
      exec(setup, "DROP TABLE IF EXISTS early", "CREATE TABLE early (k INT, v INT)");
      exec(setup, "INSERT INTO early VALUES (1, 0)");
      a.setAutoCommit(false);
      exec(a, "CREATE TEMP TABLE early_stage (v INT)", "INSERT INTO early_stage VALUES (7)");
      exec(b, "UPDATE early SET v = 1 WHERE k = 1");
      exec(a, "LOCK early");
      assertThat(value(a, "SELECT v FROM early WHERE k = 1")).as("a stale read").isEqualTo("0");
      SQLException e = Redshift.error(a, "UPDATE early SET v = 2 WHERE k = 1");
      a.rollback();
      assertThat(e.getSQLState()).isEqualTo("XX000");
      assertThat(e.getMessage()).contains("1023");
    }
  }

  @Test
  void aTempTableFilledBeforeTheTransactionKeepsItsSnapshotFresh(RedshiftEmulator emulator)
      throws SQLException {
    try (Connection setup = Redshift.connect(emulator);
        Connection a = Redshift.connect(emulator);
        Connection b = Redshift.connect(emulator)) {
      exec(setup, "DROP TABLE IF EXISTS fresh", "CREATE TABLE fresh (k INT, v INT)");
      exec(setup, "DROP TABLE IF EXISTS fresh_target", "CREATE TABLE fresh_target (v INT)");
      exec(setup, "INSERT INTO fresh VALUES (1, 0)");
      exec(a, "CREATE TEMP TABLE fresh_stage (v INT)", "INSERT INTO fresh_stage VALUES (7)");
      exec(b, "UPDATE fresh SET v = 1 WHERE k = 1");
      a.setAutoCommit(false);
      exec(a, "LOCK fresh", "LOCK fresh_target");
      assertThat(value(a, "SELECT v FROM fresh WHERE k = 1")).isEqualTo("1");
      exec(
          a,
          "INSERT INTO fresh_target SELECT v FROM fresh_stage",
          "UPDATE fresh SET v = 2 WHERE k = 1",
          "DROP TABLE fresh_stage");
      a.commit();
      assertThat(value(setup, "SELECT v FROM fresh WHERE k = 1")).isEqualTo("2");
      assertThat(value(setup, "SELECT count(*) FROM fresh_target")).isEqualTo("1");
    }
  }

  @Test
  void loadsOfTwoTablesEachWithItsOwnLedgerDoNotConflict(RedshiftEmulator emulator)
      throws SQLException {
    try (Connection setup = Redshift.connect(emulator);
        Connection a = Redshift.connect(emulator);
        Connection b = Redshift.connect(emulator)) {
      for (String t : new String[] {"own_a", "own_b"}) {
        exec(setup, "DROP TABLE IF EXISTS " + t, "CREATE TABLE " + t + " (v INT)");
        exec(setup, "DROP TABLE IF EXISTS " + t + "_ledger");
        exec(setup, "CREATE TABLE " + t + "_ledger (k INT, v INT)");
        exec(setup, "INSERT INTO " + t + "_ledger VALUES (1, 0)");
      }
      a.setAutoCommit(false);
      b.setAutoCommit(false);
      exec(a, "LOCK own_a_ledger", "LOCK own_a");
      exec(b, "LOCK own_b_ledger", "LOCK own_b");
      value(a, "SELECT v FROM own_a_ledger");
      value(b, "SELECT v FROM own_b_ledger");
      exec(a, "INSERT INTO own_a VALUES (1)", "UPDATE own_a_ledger SET v = 1");
      exec(b, "INSERT INTO own_b VALUES (1)", "UPDATE own_b_ledger SET v = 1");
      a.commit();
      b.commit();
      assertThat(value(setup, "SELECT v FROM own_a_ledger")).isEqualTo("1");
      assertThat(value(setup, "SELECT v FROM own_b_ledger")).isEqualTo("1");
    }
  }
}
