package dev.redsink.emulator.copy;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A top-level column of a Parquet file: its name, the type DuckDB reads it as, and a Parquet-style
 * description of its schema node for error messages ({@code optional int64 ts (TIMESTAMP(...))}).
 */
record FileColumn(String name, String duckType, String parquetSchema) {

  /** The column's name as a DuckDB identifier. */
  String quotedName() {
    return "\"" + name.replace("\"", "\"\"") + "\"";
  }

  boolean isNested() {
    return duckType.startsWith("STRUCT(")
        || duckType.startsWith("MAP(")
        || duckType.startsWith("UNION(")
        || duckType.endsWith("]");
  }

  /** The file's top-level columns in file order. */
  static List<FileColumn> read(Connection db, String fileLiteral) throws SQLException {
    List<String[]> described = new ArrayList<>();
    try (Statement st = db.createStatement();
        ResultSet rs =
            st.executeQuery("DESCRIBE SELECT * FROM read_parquet(" + fileLiteral + ")")) {
      while (rs.next()) {
        described.add(new String[] {rs.getString("column_name"), rs.getString("column_type")});
      }
    }
    List<String> schemas = topLevelSchemas(db, fileLiteral);
    List<FileColumn> columns = new ArrayList<>(described.size());
    for (int i = 0; i < described.size(); i++) {
      String schema = i < schemas.size() ? schemas.get(i) : described.get(i)[1];
      columns.add(new FileColumn(described.get(i)[0], described.get(i)[1], schema));
    }
    return columns;
  }

  /** Walks parquet_schema's flattened tree and describes the root's direct children. */
  private static List<String> topLevelSchemas(Connection db, String fileLiteral)
      throws SQLException {
    List<String> result = new ArrayList<>();
    try (Statement st = db.createStatement();
        ResultSet rs =
            st.executeQuery(
                "SELECT name, type, repetition_type, num_children, converted_type, logical_type"
                    + " FROM parquet_schema("
                    + fileLiteral
                    + ")")) {
      if (!rs.next()) {
        return result;
      }
      long pendingDescendants = 0; // schema nodes still to skip below the current top-level column
      while (rs.next()) {
        long children = rs.getLong("num_children");
        if (pendingDescendants > 0) {
          pendingDescendants += children - 1;
          continue;
        }
        pendingDescendants = children;
        String type = rs.getString("type");
        String annotation =
            rs.getString("logical_type") != null
                ? rs.getString("logical_type")
                : rs.getString("converted_type");
        result.add(
            (rs.getString("repetition_type") == null
                    ? "optional"
                    : rs.getString("repetition_type").toLowerCase(Locale.ROOT))
                + " "
                + (type == null ? "group" : type.toLowerCase(Locale.ROOT))
                + " "
                + rs.getString("name")
                + (annotation == null ? "" : " (" + annotation + ")"));
      }
    }
    return result;
  }
}
