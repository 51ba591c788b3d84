package dev.redsink.acceptance;

import dev.redsink.testkit.Warehouse;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;

/**
 * A cell's table's distribution and sort key, read as a user reads them: from svv_table_info
 * (https://docs.aws.amazon.com/redshift/latest/dg/r_SVV_TABLE_INFO.html), which lists tables that
 * hold rows.
 */
final class TableDefinition {
  private TableDefinition() {}

  /**
   * The difference between the table's definition and the one the cell's options imply, if any.
   * Checked only when the table should hold rows.
   */
  static Optional<String> difference(Warehouse warehouse, CellRun run) throws SQLException {
    Cell cell = run.cell();
    if (run.expected().rows().isEmpty()) {
      return Optional.empty();
    }
    TableOptions.Definition want = cell.options().expectedFor(cell.state(), cell.mode());
    Optional<TableOptions.Definition> have = read(warehouse, cell);
    if (have.isEmpty()) {
      return Optional.of("svv_table_info does not list " + cell.qualifiedTable());
    }
    return have.get().equals(want)
        ? Optional.empty()
        : Optional.of(
            "the table's definition is "
                + have.get()
                + ", expected "
                + want
                + " ("
                + cell.options().doc()
                + ")");
  }

  private static Optional<TableOptions.Definition> read(Warehouse warehouse, Cell cell)
      throws SQLException {
    String sql =
        "SELECT diststyle, sortkey1, sortkey_num FROM svv_table_info WHERE \"table\" = ? AND"
            + " schema = "
            + (cell.schema().isPresent() ? "?" : "current_schema()");
    try (Connection c = warehouse.connect();
        PreparedStatement st = c.prepareStatement(sql)) {
      st.setString(1, cell.table());
      if (cell.schema().isPresent()) {
        st.setString(2, cell.schema().get());
      }
      try (ResultSet rs = st.executeQuery()) {
        return rs.next()
            ? Optional.of(
                new TableOptions.Definition(rs.getString(1), rs.getString(2), rs.getInt(3)))
            : Optional.empty();
      }
    }
  }
}
