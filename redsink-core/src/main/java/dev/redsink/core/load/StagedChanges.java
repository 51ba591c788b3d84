package dev.redsink.core.load;

import dev.redsink.core.table.Column;
import dev.redsink.core.table.RowLayout;
import dev.redsink.core.typed.KeyFold.Operation;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * What a key-folded load staged: the staging table's layout (the target's columns, the op column
 * and, when some change did not carry a column's value, the keep column), the number of changes it
 * applies (one per key; the rows kept for primary-key changes are not changes), the key columns,
 * the operations present, the columns some row keeps from the target, the staging columns holding
 * the old key of a primary-key change's row (empty when no staged row has one), the staging columns
 * holding, for a row whose key changed more than once, the new key its old key's row was kept under
 * (empty when none), the staging columns holding the new key a primary-key change gave a row that
 * is kept for it (empty when none), and whether the table is emptied first (a source truncate; with
 * write_mode = history, every active version is closed at {@code truncatedAt}, microseconds since
 * the epoch).
 */
record StagedChanges(
    RowLayout stagingLayout,
    int changes,
    List<String> keyColumns,
    Set<Operation> operations,
    Set<String> keptColumns,
    List<String> previousKeyColumns,
    List<String> previousNextKeyColumns,
    List<String> nextKeyColumns,
    Awaits awaits,
    boolean truncate,
    long truncatedAt) {

  /** What a load staged without a history truncate time (upsert and cdc). */
  StagedChanges(
      RowLayout stagingLayout,
      int changes,
      List<String> keyColumns,
      Set<Operation> operations,
      Set<String> keptColumns,
      List<String> previousKeyColumns,
      List<String> previousNextKeyColumns,
      List<String> nextKeyColumns,
      Awaits awaits,
      boolean truncate) {
    this(
        stagingLayout,
        changes,
        keyColumns,
        operations,
        keptColumns,
        previousKeyColumns,
        previousNextKeyColumns,
        nextKeyColumns,
        awaits,
        truncate,
        Long.MIN_VALUE);
  }

  /**
   * The staging columns of the primary-key change whose delete a row's create loaded before (its
   * old and new key, empty when no staged row has one), and of the new key the table's row of a
   * staged key moved to in this load (empty when none).
   */
  record Awaits(List<String> oldKeyColumns, List<String> newKeyColumns, List<String> movedTo) {
    static final Awaits NONE = new Awaits(List.of(), List.of(), List.of());

    boolean isEmpty() {
      return oldKeyColumns.isEmpty() && movedTo.isEmpty();
    }
  }

  /**
   * The key columns with their types, as the staging table (made like the target) has them: a key
   * staged as text is matched in its column's type.
   */
  List<Column> keys() {
    List<Column> keys = new ArrayList<>(keyColumns.size());
    for (String name : keyColumns) {
      keys.add(
          stagingLayout.columns().stream()
              .filter(c -> c.name().equals(name))
              .findFirst()
              .orElseThrow(
                  () -> new IllegalStateException("key column " + name + " is not staged")));
    }
    return keys;
  }

  /** The columns of {@code table} some staged row keeps from a row of the table, in its order. */
  List<Column> keptColumns(TargetTable table) {
    return table.layout().columns().stream().filter(c -> keptColumns.contains(c.name())).toList();
  }
}
