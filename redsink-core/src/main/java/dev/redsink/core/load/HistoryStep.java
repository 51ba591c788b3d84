package dev.redsink.core.load;

import dev.redsink.core.sql.HistorySql;
import dev.redsink.core.sql.UpsertSql;
import dev.redsink.core.table.Column;
import dev.redsink.core.table.ColumnRole;
import dev.redsink.core.table.HistoryColumns;
import dev.redsink.core.typed.KeyFold;
import dev.redsink.core.typed.KeyFold.Operation;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The apply step of write_mode = history, in place of the upsert's deletes: fill the columns staged
 * versions did not carry from their key's active version (or, for a primary-key change, from the
 * old key's newest version), drop the staged changes the table has or is already past (a source's
 * resends), close every staged key's active version in one UPDATE, close the rest at a source
 * truncate, insert the staged versions. Runs inside the load transaction, so versions and the
 * ledger commit together: a replay adds and closes nothing twice.
 */
final class HistoryStep {
  private static final Logger LOG = LoggerFactory.getLogger(HistoryStep.class);

  /**
   * Closes every active version at a source truncate's time, for a load that staged no version:
   * versions are never deleted, not even by a truncate.
   *
   * @return the versions closed
   */
  static long truncate(Statement st, TargetTable table, StagedChanges changes) throws SQLException {
    return st.executeUpdate(HistorySql.closeAll(table.name(), changes.truncatedAt()));
  }

  /**
   * Applies the staged versions.
   *
   * @return the changes applied: versions inserted and keys deleted
   */
  long apply(Statement st, TargetTable table, String staging, StagedChanges changes)
      throws SQLException {
    List<Column> kept = changes.keptColumns(table);
    if (!kept.isEmpty()) {
      st.executeUpdate(
          HistorySql.keepFromActive(
              table.name(),
              staging,
              changes.keyColumns(),
              changes.previousKeyColumns(),
              KeyFold.KEEP_COLUMN,
              kept));
      if (!changes.previousKeyColumns().isEmpty()) {
        st.executeUpdate(
            HistorySql.keepFromNewestOfPreviousKey(
                table.name(),
                staging,
                changes.keys(),
                changes.previousKeyColumns(),
                KeyFold.KEEP_COLUMN,
                kept));
      }
    }
    Long truncatedAt = changes.truncate() ? changes.truncatedAt() : null;
    if (!changes.keyColumns().isEmpty()) {
      int known =
          st.executeUpdate(
              HistorySql.dropKnown(
                  table.name(), staging, changes.keyColumns(), comparedFields(table, changes)));
      if (known > 0) {
        LOG.info(
            "{} change(s) into {} skipped: the table has them, or later versions of their keys"
                + " (changes sent again, or loaded after a later change of their key)",
            known,
            table.name());
      }
      st.executeUpdate(
          HistorySql.closeActive(table.name(), staging, changes.keyColumns(), truncatedAt));
    }
    if (truncatedAt != null) {
      st.executeUpdate(HistorySql.closeAll(table.name(), truncatedAt));
    }
    if (changes.operations().contains(Operation.REPLACE)) {
      st.executeUpdate(
          UpsertSql.insertChanged(
              table.name(),
              staging,
              table.layout(),
              changes.keyColumns(),
              KeyFold.OP_COLUMN,
              UpsertSql.SoftDeletes.NONE));
    }
    return changes.changes();
  }

  /** The field columns both the table and the staged versions have, the history columns aside. */
  private static List<Column> comparedFields(TargetTable table, StagedChanges changes) {
    Set<String> staged =
        changes.stagingLayout().columns().stream().map(Column::name).collect(Collectors.toSet());
    return table.layout().columns().stream()
        .filter(c -> c.role() == ColumnRole.FIELD)
        .filter(c -> !HistoryColumns.ALL.contains(c.name()))
        .filter(c -> staged.contains(c.name()))
        .toList();
  }
}
