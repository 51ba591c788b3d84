package dev.redsink.core.load;

import dev.redsink.core.sql.MovedRowsSql;
import dev.redsink.core.table.Column;
import dev.redsink.core.table.ExistingColumn;
import dev.redsink.core.table.StagingColumns;
import dev.redsink.core.table.TableName;
import dev.redsink.core.typed.KeyFold;
import dev.redsink.core.typed.KeyFold.Operation;
import java.security.SecureRandom;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A load's part in its target's moved rows ({@link MovedRowsSql}), inside the load transaction: a
 * primary-key change's new row takes the values its event did not carry from the old row an earlier
 * load kept, and a primary-key change whose new key's change is not in this load keeps the old row
 * before the staged deletes remove it. The table is created when a row is kept, rebuilt when the
 * target's columns changed meanwhile, and dropped once empty.
 */
final class MovedRows {
  private static final Logger LOG = LoggerFactory.getLogger(MovedRows.class);
  private static final SecureRandom RANDOM = new SecureRandom();

  private final Statement st;
  private final TargetTable target;
  private final String staging;
  private final StagedChanges changes;
  private final TableName table;
  private final List<String> nextKeys;
  private List<ExistingColumn> columns;
  private List<ExistingColumn> targetColumns;
  private boolean touched;

  MovedRows(Statement st, TargetTable target, String staging, StagedChanges changes) {
    this.st = st;
    this.target = target;
    this.staging = staging;
    this.changes = changes;
    this.table = MovedRowsSql.of(target.name());
    List<String> next = new ArrayList<>();
    for (int i = 0; i < changes.keyColumns().size(); i++) {
      next.add(StagingColumns.nextKey(i));
    }
    this.nextKeys = List.copyOf(next);
  }

  /**
   * Staged rows of a primary-key change take the values they lack from the row an earlier load kept
   * for them, which is then deleted. Runs after they took them from the target, which an old key's
   * row there no longer holds once its delete loaded (a later row of that key may).
   */
  void take() throws SQLException {
    if (changes.previousKeyColumns().isEmpty() || columns().isEmpty()) {
      return;
    }
    touched = true;
    List<Column> keys = changes.keys();
    // A row that waited keeps the column types of its time: a column widened since gives its value,
    // one whose type changed otherwise (renamed aside for a new column of another type) gives
    // none, as a rebuild of the table would, and its value could not be set in the same UPDATE.
    Map<String, String> waited = types(columns());
    Map<String, String> now = types(targetColumns());
    List<Column> kept = new ArrayList<>();
    for (Column column : target.layout().columns()) {
      String from = waited.get(column.name());
      String to = now.get(column.name());
      if (changes.keptColumns().contains(column.name())
          && from != null
          && (from.equals(to) || MovedRowsSql.widens(from, to))) {
        kept.add(column);
      }
    }
    if (!kept.isEmpty()) {
      st.executeUpdate(
          MovedRowsSql.keepMoved(
              table, staging, keys, origin(), nextKeys, KeyFold.KEEP_COLUMN, kept));
    }
    int taken =
        st.executeUpdate(MovedRowsSql.deleteTaken(table, staging, keys, origin(), nextKeys));
    if (taken > 0) {
      LOG.info(
          "{} primary-key change(s) into {} took the old row kept in {} by an earlier load",
          taken,
          target.name(),
          table);
    }
  }

  MovedRowsSql.StagedOrigin origin() {
    return new MovedRowsSql.StagedOrigin(
        changes.previousKeyColumns(), changes.previousNextKeyColumns());
  }

  /**
   * Keeps the rows that primary-key changes of this load moved before their new keys' changes
   * loaded: the target's rows (run before the staged deletes) and the staged {@code m} rows.
   */
  void keep() throws SQLException {
    if (changes.nextKeyColumns().isEmpty()) {
      return;
    }
    String op = KeyFold.OP_COLUMN;
    List<Column> keys = changes.keys();
    try (ResultSet rs =
        st.executeQuery(MovedRowsSql.anyToKeep(target.name(), staging, keys, nextKeys, op))) {
      if (!rs.next()) {
        return; // the new keys' changes loaded first: nothing to keep, no table to create
      }
    }
    touched = true;
    List<String> targetColumns = prepare().stream().map(ExistingColumn::name).toList();
    st.executeUpdate(MovedRowsSql.deleteReplaced(table, staging, changes.keyColumns(), nextKeys));
    int kept =
        st.executeUpdate(
            MovedRowsSql.keepFromTarget(
                table, target.name(), staging, targetColumns, keys, nextKeys, op));
    if (changes.operations().contains(Operation.MOVE)) {
      kept +=
          st.executeUpdate(
              MovedRowsSql.keepFromStaging(
                  table, target.name(), staging, target.layout(), keys, nextKeys, op));
    }
    if (kept > 0) {
      LOG.info(
          "{} primary-key change(s) of {} loaded before their new key's change: old row(s) kept"
              + " in {} until it loads",
          kept,
          target.name(),
          table);
    }
  }

  /** Drops the table once no row waits in it, so it exists only while one does. */
  void dropIfEmpty() throws SQLException {
    if (!touched || columns().isEmpty()) {
      return;
    }
    boolean empty;
    try (ResultSet rs = st.executeQuery(MovedRowsSql.anyRow(table))) {
      empty = !rs.next();
    }
    if (empty) {
      st.execute(MovedRowsSql.drop(table));
      columns = List.of();
    }
  }

  /**
   * Makes the table hold the target's columns and the next-key columns, keeping its rows.
   *
   * @return the target's columns
   */
  private List<ExistingColumn> prepare() throws SQLException {
    List<ExistingColumn> wanted = new ArrayList<>(targetColumns());
    List<ExistingColumn> found = columns();
    if (!found.isEmpty() && sameColumns(found, wanted)) {
      return wanted;
    }
    TableName old = null;
    if (!found.isEmpty()) {
      // The target's columns changed while a row waited: rebuild around the rows.
      byte[] bytes = new byte[8];
      RANDOM.nextBytes(bytes);
      String aside = MovedRowsSql.rebuildName(HexFormat.of().formatHex(bytes));
      st.execute(MovedRowsSql.rename(table, aside));
      old = new TableName(table.schema(), aside);
    }
    st.execute(MovedRowsSql.create(table, target.name()));
    for (String next : nextKeys) {
      st.execute(MovedRowsSql.addColumn(table, next));
    }
    columns = null;
    if (old != null) {
      Map<String, String> oldTypes =
          found.stream().collect(Collectors.toMap(ExistingColumn::name, ExistingColumn::type));
      List<ExistingColumn> kept =
          columns().stream().filter(c -> oldTypes.containsKey(c.name())).toList();
      st.executeUpdate(MovedRowsSql.copyRows(table, old, kept, oldTypes));
      st.execute(MovedRowsSql.drop(old));
    }
    return wanted;
  }

  /** Whether the table's columns are the target's followed by the next-key columns. */
  private boolean sameColumns(List<ExistingColumn> found, List<ExistingColumn> target) {
    if (found.size() != target.size() + nextKeys.size()) {
      return false;
    }
    for (int i = 0; i < target.size(); i++) {
      ExistingColumn f = found.get(i);
      ExistingColumn t = target.get(i);
      if (!f.name().equals(t.name()) || !f.type().equals(t.type())) {
        return false;
      }
    }
    for (int i = 0; i < nextKeys.size(); i++) {
      if (!found.get(target.size() + i).name().equals(nextKeys.get(i))) {
        return false;
      }
    }
    return true;
  }

  private static Map<String, String> types(List<ExistingColumn> columns) {
    return columns.stream().collect(Collectors.toMap(ExistingColumn::name, ExistingColumn::type));
  }

  /** The target's columns, read once per load: its schema step ran before this one. */
  List<ExistingColumn> targetColumns() throws SQLException {
    if (targetColumns == null) {
      targetColumns = TargetTables.columns(st.getConnection(), target.name());
    }
    return targetColumns;
  }

  /** Whether the table exists now. */
  boolean exists() throws SQLException {
    return !columns().isEmpty();
  }

  /** The target's moved-rows table. */
  TableName table() {
    return table;
  }

  /** The table's columns, empty while it does not exist. */
  private List<ExistingColumn> columns() throws SQLException {
    if (columns == null) {
      columns = TargetTables.columns(st.getConnection(), table);
    }
    return columns;
  }
}
