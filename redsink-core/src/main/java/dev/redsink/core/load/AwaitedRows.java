package dev.redsink.core.load;

import dev.redsink.core.sql.AwaitedRowsSql;
import dev.redsink.core.sql.MeetingSql;
import dev.redsink.core.table.Column;
import dev.redsink.core.table.ExistingColumn;
import dev.redsink.core.table.TableName;
import dev.redsink.core.typed.KeyFold;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A load's part in its target's awaited rows ({@link AwaitedRowsSql}), inside the load transaction:
 * a primary-key change's create that loads before its delete records that it did, and which values
 * it took before the delete could give them; the delete's load gives them, as the old row was then,
 * to the row that is the create's now. Together with {@link MovedRows} (the delete first) each
 * primary-key change meets its other half whichever loads first, in whatever partition and load.
 */
final class AwaitedRows {
  private static final Logger LOG = LoggerFactory.getLogger(AwaitedRows.class);

  private final Statement st;
  private final TargetTable target;
  private final StagedChanges changes;
  private final MovedRows moved;
  private final TableName table;
  private final AwaitedRowsSql.Staged staged;
  private final boolean exists;
  private final Set<String> stagedColumns;
  private boolean created;

  AwaitedRows(
      Statement st, TargetTable target, String staging, StagedChanges changes, MovedRows moved)
      throws SQLException {
    this.st = st;
    this.target = target;
    this.changes = changes;
    this.moved = moved;
    this.table = AwaitedRowsSql.of(target.name());
    StagedChanges.Awaits awaits = changes.awaits();
    this.staged =
        new AwaitedRowsSql.Staged(
            staging,
            changes.keys(),
            KeyFold.OP_COLUMN,
            KeyFold.KEEP_COLUMN,
            changes.nextKeyColumns(),
            awaits.oldKeyColumns(),
            awaits.newKeyColumns(),
            awaits.movedTo());
    this.exists = !TargetTables.columns(st.getConnection(), table).isEmpty();
    this.stagedColumns =
        changes.stagingLayout().columns().stream().map(Column::name).collect(Collectors.toSet());
  }

  /**
   * Before the moved rows are taken: forgets what rows no longer await (their staged change carried
   * the value, or deleted them), lets what a moved row awaits follow it to its new key, and records
   * the creates of this load whose delete has not loaded.
   */
  void beforeTake() throws SQLException {
    boolean movedExists = moved.exists();
    if (exists) {
      if (!staged.movedTo().isEmpty()) {
        st.executeUpdate(AwaitedRowsSql.follow(table, staged));
      }
      if (movedExists && !changes.previousKeyColumns().isEmpty()) {
        st.executeUpdate(AwaitedRowsSql.adopt(table, moved.table(), staged, moved.origin()));
      }
      st.executeUpdate(
          AwaitedRowsSql.forgetCarried(table, staged, !changes.keptColumns().isEmpty()));
    }
    if (staged.awaitsOldKey().isEmpty()) {
      return;
    }
    TableName keptTable = movedExists ? moved.table() : null;
    if (!exists) {
      // Created only when a row awaits, so that it exists only while one does.
      try (ResultSet rs = st.executeQuery(AwaitedRowsSql.anyAwaiting(keptTable, staged))) {
        if (!rs.next()) {
          return;
        }
      }
      st.execute(AwaitedRowsSql.create(table, changes.keyColumns().size()));
      created = true;
    }
    int creates =
        st.executeUpdate(AwaitedRowsSql.await(table, keptTable, staged, AwaitedRowsSql.TRACE));
    for (Column column : keptTargetColumns()) {
      st.executeUpdate(AwaitedRowsSql.await(table, keptTable, staged, column.name()));
    }
    if (creates > 0) {
      LOG.info(
          "{} primary-key change(s) into {} loaded before their old key's delete: the values they"
              + " took are set again from the old row when it loads ({})",
          creates,
          target.name(),
          table);
    }
  }

  private List<Column> keptTargetColumns() {
    Set<String> kept = changes.keptColumns();
    return target.layout().columns().stream().filter(c -> kept.contains(c.name())).toList();
  }

  /**
   * After the moved rows of this load's deletes are kept: gives the rows that await these deletes
   * the old rows' values (or points them at the change an old row itself awaits), and removes the
   * old rows a create already loaded for.
   */
  void resolve() throws SQLException {
    if (!(exists || created) || !moved.exists()) {
      return;
    }
    List<Column> keys = changes.keys();
    TableName kept = moved.table();
    st.executeUpdate(MeetingSql.repoint(table, kept, keys));
    st.executeUpdate(MeetingSql.adoptMet(table, kept, keys));
    Set<String> awaited = new HashSet<>();
    try (ResultSet rs = st.executeQuery(AwaitedRowsSql.awaitedColumns(table))) {
      while (rs.next()) {
        awaited.add(rs.getString(1));
      }
    }
    int filled = 0;
    // Every column of the table, not only those this load writes: the awaiting rows are others.
    for (ExistingColumn column : moved.targetColumns()) {
      if (awaited.contains(column.name())) {
        filled +=
            st.executeUpdate(
                MeetingSql.fillTarget(table, target.name(), kept, keys, column.name()));
        if (stagedColumns.contains(column.name())) {
          filled +=
              st.executeUpdate(
                  MeetingSql.fillStaged(
                      table, kept, staged, column.name(), column.type().equals("super")));
        }
        st.executeUpdate(MeetingSql.fillMoved(table, kept, keys, column.name()));
      }
    }
    st.executeUpdate(MeetingSql.forgetFilled(table, kept, keys));
    int met = st.executeUpdate(MeetingSql.dropMet(table, kept, keys));
    if (!staged.nextKey().isEmpty()) {
      st.executeUpdate(MeetingSql.forgetMet(table, staged));
    }
    if (met > 0 || filled > 0) {
      LOG.info(
          "{} primary-key change(s) into {} met their create, which loaded first; {} value(s) set"
              + " from the old rows",
          met,
          target.name(),
          filled);
    }
  }

  /** Drops the table once no row awaits in it. */
  void dropIfEmpty() throws SQLException {
    if (!(exists || created)) {
      return;
    }
    boolean empty;
    try (ResultSet rs = st.executeQuery(AwaitedRowsSql.anyRow(table))) {
      empty = !rs.next();
    }
    if (empty) {
      st.execute(AwaitedRowsSql.drop(table));
    }
  }
}
