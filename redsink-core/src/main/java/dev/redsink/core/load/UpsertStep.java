package dev.redsink.core.load;

import dev.redsink.core.sql.AwaitedRowsSql;
import dev.redsink.core.sql.MovedRowsSql;
import dev.redsink.core.sql.UpsertSql;
import dev.redsink.core.table.CdcDeleteMode;
import dev.redsink.core.table.Column;
import dev.redsink.core.table.WriteSettings;
import dev.redsink.core.typed.KeyFold;
import dev.redsink.core.typed.KeyFold.Operation;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * The apply step of write_mode = upsert and cdc, in place of the append's INSERT: fill the columns
 * staged rows did not carry from the rows they replace (or, for a primary-key change, from the old
 * key's row, in the target or kept as a {@link MovedRows moved row}), keep the rows primary-key
 * changes move for their new keys' changes in later loads, delete the rows of deleted keys, delete
 * the rows that staged rows replace, flag soft deletes, insert the staged rows. Runs inside the
 * load transaction, so the rows and the ledger still commit together.
 */
final class UpsertStep {
  private final WriteSettings settings;

  UpsertStep(WriteSettings settings) {
    this.settings = settings;
  }

  /**
   * Empties the table for a source truncate, in the load transaction: a DELETE, since Redshift's
   * TRUNCATE commits the transaction it runs in; with cdc_delete_mode = soft, every row is flagged
   * deleted instead.
   *
   * @return the rows deleted or flagged
   */
  long truncate(Statement st, TargetTable table) throws SQLException {
    // Rows kept for primary-key changes before the truncate are gone with the table's rows, and
    // so are the rows that awaited their values.
    st.execute(MovedRowsSql.dropIfExists(MovedRowsSql.of(table.name())));
    st.execute(AwaitedRowsSql.dropIfExists(AwaitedRowsSql.of(table.name())));
    return st.executeUpdate(
        settings.cdcDelete() == CdcDeleteMode.SOFT
            ? UpsertSql.flagAllDeleted(table.name(), settings.deletedColumn())
            : UpsertSql.deleteAll(table.name()));
  }

  /**
   * Applies the staged changes.
   *
   * @return the changes applied, one per key: inserted or replaced, deleted, flagged
   */
  long apply(Statement st, TargetTable table, String staging, StagedChanges changes)
      throws SQLException {
    String op = KeyFold.OP_COLUMN;
    MovedRows moved = new MovedRows(st, table, staging, changes);
    List<Column> keys = changes.previousKeyColumns().isEmpty() ? List.of() : changes.keys();
    // Before the deletes: a staged row that did not carry a column takes the target row's value.
    List<Column> kept = changes.keptColumns(table);
    if (!kept.isEmpty()) {
      st.executeUpdate(
          UpsertSql.keepExisting(
              table.name(),
              staging,
              changes.keyColumns(),
              changes.previousKeyColumns(),
              KeyFold.KEEP_COLUMN,
              kept));
      if (!changes.previousKeyColumns().isEmpty()) {
        // After the match by key: a primary-key change's row keeps its old key's values.
        st.executeUpdate(
            UpsertSql.keepFromPreviousKey(
                table.name(),
                staging,
                keys,
                changes.previousKeyColumns(),
                KeyFold.KEEP_COLUMN,
                kept));
      }
    }
    AwaitedRows awaited = new AwaitedRows(st, table, staging, changes, moved);
    awaited.beforeTake();
    moved.take();
    moved.keep();
    awaited.resolve();
    List<String> deleted = new ArrayList<>(2);
    for (Operation o : List.of(Operation.DELETE, Operation.REPLACE)) {
      if (changes.operations().contains(o)) {
        deleted.add(o.code());
      }
    }
    if (!deleted.isEmpty()) {
      st.executeUpdate(
          UpsertSql.deleteMatched(table.name(), staging, changes.keyColumns(), op, deleted));
    }
    boolean soft = changes.operations().contains(Operation.SOFT_DELETE);
    if (soft) {
      st.executeUpdate(
          UpsertSql.flagDeleted(
              table.name(), staging, changes.keyColumns(), op, settings.deletedColumn()));
    }
    if (soft || changes.operations().contains(Operation.REPLACE)) {
      st.executeUpdate(
          UpsertSql.insertChanged(
              table.name(),
              staging,
              table.layout(),
              changes.keyColumns(),
              op,
              soft ? UpsertSql.SoftDeletes.INSERT_UNMATCHED : UpsertSql.SoftDeletes.NONE));
    }
    moved.dropIfEmpty();
    awaited.dropIfEmpty();
    return changes.changes();
  }
}
