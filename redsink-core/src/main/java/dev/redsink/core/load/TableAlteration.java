package dev.redsink.core.load;

import dev.redsink.core.error.ErrorCategory;
import dev.redsink.core.error.RedsinkException;
import dev.redsink.core.table.SchemaEvolution;
import dev.redsink.core.table.TableName;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One change to a table's columns, as schema evolution makes it: refused when schema_evolution =
 * none, otherwise a DDL statement run on its own that tolerates the SQLSTATE a concurrent writer
 * making the same change causes.
 */
final class TableAlteration {
  private static final Logger LOG = LoggerFactory.getLogger(TableAlteration.class);

  private TableAlteration() {}

  /** Refuses the change, naming {@code reason} and the fix, when the table must never change. */
  static void refuseWhenFrozen(SchemaEvolution evolution, TableName name, String reason) {
    if (evolution == SchemaEvolution.NONE) {
      throw new RedsinkException(
          ErrorCategory.INVALID_CONFIG,
          "Cannot load into table "
              + name
              + ": "
              + reason
              + ", and schema_evolution = none never alters the table; set schema_evolution = add_columns or alter it by hand");
    }
  }

  /** Runs one DDL statement on its own, tolerating the SQLSTATE a concurrent writer causes. */
  static void run(Connection c, String sql, String tolerated) throws SQLException {
    try (Statement st = c.createStatement()) {
      st.execute(sql);
    } catch (SQLException e) {
      if (tolerated == null || !tolerated.equals(e.getSQLState())) {
        throw e;
      }
      LOG.debug("Another writer changed the table first ({}): {}", e.getSQLState(), e.getMessage());
    }
  }
}
