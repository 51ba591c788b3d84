package dev.redsink.core.load;

import dev.redsink.core.sql.ValueAuditSql;
import dev.redsink.core.table.ExistingColumn;
import dev.redsink.core.verify.ValueReport;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * Compares a table with its topic rebuilt from the log in a run table: two statements in the
 * cluster, the counts and the first differing rows with both values of each differing column.
 */
final class ValueAudit {
  /** Differing rows a report shows at most. */
  static final int SHOWN_ROWS = 20;

  private final Connection c;
  private final ValueAuditSql sql;
  private final String table;
  private final String topic;

  ValueAudit(Connection c, ValueAuditSql sql, String table, String topic) {
    this.c = c;
    this.sql = sql;
    this.table = table;
    this.topic = topic;
  }

  ValueReport run() throws SQLException {
    long differing;
    long onlyInTable;
    long onlyRebuilt;
    try (PreparedStatement ps = Jdbc.prepare(c, sql.counts(topic));
        ResultSet rs = ps.executeQuery()) {
      rs.next();
      differing = rs.getLong(1);
      onlyInTable = rs.getLong(2);
      onlyRebuilt = rs.getLong(3);
    }
    List<ValueReport.Difference> differences = new ArrayList<>();
    List<ExistingColumn> columns = sql.columns();
    if (differing > 0 && !columns.isEmpty()) {
      int keys = sql.join().size();
      try (PreparedStatement ps = Jdbc.prepare(c, sql.differences(topic, SHOWN_ROWS));
          ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          List<String> key = new ArrayList<>();
          for (int i = 0; i < keys; i++) {
            key.add(sql.join().get(i) + "=" + rs.getString(i + 1));
          }
          for (int i = 0; i < columns.size(); i++) {
            if (rs.getInt(keys + 1 + i) == 1) {
              int at = keys + columns.size() + 1 + 2 * i;
              differences.add(
                  new ValueReport.Difference(
                      String.join(", ", key),
                      columns.get(i).name(),
                      rs.getString(at),
                      rs.getString(at + 1)));
            }
          }
        }
      }
    }
    return new ValueReport(
        table,
        topic,
        columns.stream().map(ExistingColumn::name).toList(),
        differing,
        onlyInTable,
        onlyRebuilt,
        differences);
  }
}
