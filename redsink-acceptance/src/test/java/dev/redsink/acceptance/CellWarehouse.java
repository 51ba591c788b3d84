package dev.redsink.acceptance;

import dev.redsink.emulator.RedshiftEmulator;
import dev.redsink.testkit.Warehouse;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The test kit's warehouse plus what a cell checks: its table against the expected state. */
final class CellWarehouse extends Warehouse {

  CellWarehouse(RedshiftEmulator emulator) {
    super(emulator);
  }

  /** The rows of the cell's table in canonical form, the expected table's columns only. */
  List<Map<String, String>> rows(Cell cell, ExpectedTable expected) throws SQLException {
    try (Connection c = connect()) {
      Set<String> present = columns(c, cell, cell.table());
      if (present.isEmpty()) {
        return List.of();
      }
      List<String> select = new ArrayList<>();
      expected
          .columns()
          .forEach(
              (column, kind) -> {
                if (present.contains(column)) {
                  select.add(kind.select(column));
                }
              });
      List<Map<String, String>> rows = new ArrayList<>();
      try (Statement st = c.createStatement();
          ResultSet rs =
              st.executeQuery(
                  "SELECT " + String.join(", ", select) + " FROM " + cell.qualifiedTable())) {
        while (rs.next()) {
          Map<String, String> row = new LinkedHashMap<>();
          for (Map.Entry<String, ColumnKind> e : expected.columns().entrySet()) {
            String column = e.getKey();
            row.put(column, present.contains(column) ? e.getValue().read(rs, column) : null);
          }
          rows.add(row);
        }
      }
      return rows;
    }
  }

  /** The differences between the cell's table and the expected one; empty when equal. */
  List<String> differences(Cell cell, ExpectedTable expected) throws SQLException {
    return expected.differences(rows(cell, expected));
  }

  /**
   * The differences between a history table's current-state view and the expected one. Every
   * expected column is selected: a late-binding view's columns are not in information_schema.
   */
  List<String> currentViewDifferences(Cell cell, ExpectedTable expected) {
    String select =
        String.join(
            ", ",
            expected.columns().entrySet().stream()
                .map(e -> e.getValue().select(e.getKey()))
                .toList());
    List<Map<String, String>> rows = new ArrayList<>();
    try (Connection c = connect();
        Statement st = c.createStatement();
        ResultSet rs = st.executeQuery("SELECT " + select + " FROM " + cell.qualifiedView())) {
      while (rs.next()) {
        Map<String, String> row = new LinkedHashMap<>();
        for (Map.Entry<String, ColumnKind> e : expected.columns().entrySet()) {
          row.put(e.getKey(), e.getValue().read(rs, e.getKey()));
        }
        rows.add(row);
      }
    } catch (SQLException e) {
      return List.of("cannot read the view " + cell.qualifiedView() + ": " + e.getMessage());
    }
    return expected.differences(rows).stream().map(d -> "view: " + d).toList();
  }

  /** Names of replace run tables ({@code <table>_rsrun_…}) next to the cell's table. */
  List<String> runTables(Cell cell) throws SQLException {
    List<String> names = new ArrayList<>();
    try (Connection c = connect();
        PreparedStatement ps =
            c.prepareStatement(
                "SELECT table_name FROM information_schema.tables WHERE table_schema = "
                    + schemaCondition(cell)
                    + " AND table_name LIKE ?")) {
      int i = 1;
      if (cell.schema().isPresent()) {
        ps.setString(i++, cell.schema().get());
      }
      ps.setString(i, cell.table() + "\\_rsrun\\_%");
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          names.add(rs.getString(1));
        }
      }
    }
    return names;
  }

  /** Rows in a table next to the cell's (say a run table); 0 when it is gone. */
  long count(Cell cell, String table) throws SQLException {
    try (Connection c = connect()) {
      if (columns(c, cell, table).isEmpty()) {
        return 0;
      }
      String qualified = cell.schema().map(s -> "\"" + s + "\".").orElse("") + "\"" + table + "\"";
      try (Statement st = c.createStatement();
          ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM " + qualified)) {
        rs.next();
        return rs.getLong(1);
      }
    }
  }

  private static Set<String> columns(Connection c, Cell cell, String table) throws SQLException {
    Set<String> names = new HashSet<>();
    try (PreparedStatement ps =
        c.prepareStatement(
            "SELECT column_name FROM information_schema.columns WHERE table_schema = "
                + schemaCondition(cell)
                + " AND table_name = ?")) {
      int i = 1;
      if (cell.schema().isPresent()) {
        ps.setString(i++, cell.schema().get());
      }
      ps.setString(i, table);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          names.add(rs.getString(1));
        }
      }
    }
    return names;
  }

  private static String schemaCondition(Cell cell) {
    return cell.schema().isPresent() ? "?" : "current_schema()";
  }
}
