package dev.redsink.emulator;

import static dev.redsink.emulator.Redshift.exec;
import static dev.redsink.emulator.Redshift.value;
import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Concurrent writers: Redshift's serializable isolation violation, error 1023. */
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
}
