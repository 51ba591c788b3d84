package dev.redsink.core.load;

import dev.redsink.core.sql.HistorySql;
import dev.redsink.core.table.ExistingColumn;
import dev.redsink.core.table.HistoryColumns;
import dev.redsink.core.table.RowLayout;
import dev.redsink.core.table.TableName;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The current-state views beside history tables ({@code <table>_current}): made in a load
 * transaction, after the ledger lock, whenever this process has not made it yet for the table's
 * present columns (its first load of the table, and after columns were added), so writers of a
 * table never race on it and the view lists every column the table has.
 */
final class CurrentViews {
  private final Map<TableName, RowLayout> made = new ConcurrentHashMap<>();

  /**
   * Drops and creates the table's view when this process has not made it for this layout yet; call
   * {@link #committed} once the transaction commits.
   *
   * @return whether it made the view
   */
  boolean refresh(Statement st, TargetTable table) throws SQLException {
    RowLayout layout = table.layout();
    if (layout.equals(made.get(table.name()))) {
      return false;
    }
    // The table's columns as the catalog has them: a DBA's own columns too, as in a cdc table.
    make(
        st,
        table.name(),
        TargetTables.columns(st.getConnection(), table.name()).stream()
            .map(ExistingColumn::name)
            .toList());
    return true;
  }

  /** Drops and creates the view of a history table with these columns (in its order). */
  static void make(Statement st, TableName table, List<String> columns) throws SQLException {
    String schema = table.schema().orElse(null);
    if (schema == null) {
      try (ResultSet rs = st.executeQuery(HistorySql.currentSchema())) {
        rs.next();
        schema = rs.getString(1);
      }
    }
    st.execute(HistorySql.dropCurrentView(table, schema));
    st.execute(HistorySql.createCurrentView(table, schema, dataColumns(columns)));
  }

  /** Remembers that the table's view now lists the table's columns. */
  void committed(TargetTable table) {
    made.put(table.name(), table.layout());
  }

  /** The columns the view shows: every column but the three history columns. */
  private static List<String> dataColumns(List<String> columns) {
    return columns.stream().filter(c -> !HistoryColumns.ALL.contains(TableName.fold(c))).toList();
  }
}
