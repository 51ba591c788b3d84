package dev.redsink.emulator.copy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

/** COPYs share one DuckDB database: each gets a connection of its own, none after the close. */
class ParquetDatabaseTest {

  @Test
  void connectionsShareOneDatabaseUntilItCloses() throws Exception {
    ParquetDatabase database = new ParquetDatabase();
    try (Connection first = database.connect();
        Statement st = first.createStatement()) {
      st.execute("CREATE TABLE shared AS SELECT 42 AS n");
      try (Connection second = database.connect();
          ResultSet rs = second.createStatement().executeQuery("SELECT n FROM shared")) {
        assertThat(second).isNotSameAs(first);
        assertThat(rs.next()).isTrue();
        assertThat(rs.getInt(1)).isEqualTo(42);
      }
    }
    database.close();
    assertThatThrownBy(database::connect)
        .isInstanceOf(SQLException.class)
        .hasMessageContaining("stopping");
  }
}
