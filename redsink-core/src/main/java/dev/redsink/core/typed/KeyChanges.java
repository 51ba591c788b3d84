package dev.redsink.core.typed;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * The primary-key changes of one load's fold. Debezium sends a primary-key change as the old key's
 * delete (the new key in a header) and the new key's create (the old key in a header, and the
 * placeholder for the values the source did not send). When both are in the load, the create takes
 * those values from the old key's row: the load's own or the table's, before the delete applies.
 * When only the delete is, the old row is kept for the create: this load's last row of the old key
 * (a {@link #moves() moved row}), or else the table's row, which the old key's staged row names
 * with {@link #nextKey}.
 */
final class KeyChanges {
  private final List<Change> moves = new ArrayList<>();
  private final Map<List<String>, ChangedKey> tableMoves = new HashMap<>();
  private final Set<List<List<String>>> created = new HashSet<>();
  private final Set<List<List<String>>> deleted = new HashSet<>();

  /** Per key, the new key its table row moved to first in this load. */
  private final Map<List<String>, ChangedKey> firstMoves = new HashMap<>();

  /** Keys whose table row is gone (moved, deleted, or replaced by another key's row). */
  private final Set<List<String>> gone = new HashSet<>();

  /** A change of the new key of a primary-key change ({@link Change#previous()} is set). */
  void created(Change create) {
    List<String> old = create.previous().json();
    List<String> key = create.key();
    created.add(List.of(old, key));
    gone.add(key);
    ChangedKey waiting = tableMoves.get(old);
    if (waiting != null && waiting.json().equals(key)) {
      tableMoves.remove(old);
    }
    moves.removeIf(m -> m.key().equals(old) && m.next().json().equals(key));
  }

  /**
   * The delete of the old key of a primary-key change ({@link Change#next()} is set).
   *
   * @param lastRow this load's last row of the old key, or null when the table holds it
   */
  void deleted(Change delete, Change lastRow) {
    List<List<String>> change = List.of(delete.key(), delete.next().json());
    deleted.add(change);
    if (gone.add(delete.key())) {
      firstMoves.put(delete.key(), delete.next());
    }
    if (created.contains(change) || delete.next().text() == null) {
      return; // the new key's change came first and took the old row's values, or cannot find it
    }
    if (lastRow != null) {
      // One kept row per old and new key, the last: the new key's change takes it, and a row
      // kept twice would give it two rows to take from.
      moves.removeIf(m -> m.key().equals(delete.key()) && m.next().json().equals(change.get(1)));
      moves.add(lastRow.withNext(delete.next()));
    } else {
      tableMoves.putIfAbsent(delete.key(), delete.next());
    }
  }

  /** A delete of a key that is not a primary-key change: its table row is gone. */
  void removed(List<String> key) {
    gone.add(key);
  }

  /** A source truncate: the table is emptied, and nothing before it moves. */
  void clear() {
    moves.clear();
    tableMoves.clear();
    created.clear();
    deleted.clear();
    firstMoves.clear();
    gone.clear();
  }

  /**
   * The new key the table's row of {@code key} moved to in this load, or null: the row's waits for
   * other deletes ({@code AwaitedRows}) go with it.
   */
  ChangedKey movedTo(List<String> key) {
    return firstMoves.get(key);
  }

  /**
   * The primary-key change whose delete a staged row waits for, because its create loads first: the
   * row's own change when it is a create whose delete is not in this load; else, when its row
   * continues a row of this load (its key's earlier change, or the old key's row of a create whose
   * delete is in this load), what that row waits for; null for none.
   *
   * @param self a create's own key, as a staged key's text holds it
   */
  RowOrigin awaits(Change row, Function<Change, ChangedKey> self) {
    for (Change c = row; c != null; c = c.continues()) {
      if (c.previous() != null && !deleted.contains(List.of(c.previous().json(), c.key()))) {
        ChangedKey key = self.apply(c);
        return key == null ? null : stageable(new RowOrigin(c.previous(), key));
      }
    }
    return null;
  }

  private static RowOrigin stageable(RowOrigin hop) {
    return hop.stageable() && hop.via().text() != null ? hop : null;
  }

  /** This load's rows that primary-key changes moved, each with its new key. */
  List<Change> moves() {
    return moves;
  }

  /** The new key the table's row of {@code key} moved to, or null. */
  ChangedKey nextKey(List<String> key) {
    return tableMoves.get(key);
  }

  /**
   * Whether a change stages where its row comes from ({@link Change#origin()}): to take values it
   * lacks from the old row, or to take the old row an earlier load kept (its delete is not in this
   * load).
   */
  boolean stagesOrigin(Change change) {
    RowOrigin origin = change.origin();
    if (origin == null || !origin.stageable()) {
      return false;
    }
    List<String> movedTo = origin.via() == null ? change.key() : origin.via().json();
    return !change.unavailable().isEmpty()
        || !deleted.contains(List.of(origin.key().json(), movedTo));
  }
}
