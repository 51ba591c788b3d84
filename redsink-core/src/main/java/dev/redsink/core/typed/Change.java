package dev.redsink.core.typed;

import dev.redsink.core.record.Record;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One record read as a change to the row of its key.
 *
 * @param index the record's place in its batch, the tie-breaker after the source position
 * @param keyColumns the key's column names (lower case)
 * @param key the key's values as JSON text, for equality
 * @param row the fields to stage (null for {@link Op#SKIP})
 * @param unavailable the columns whose value the change does not carry (null in {@code row}): they
 *     keep the row's existing value
 * @param previous the key the row had before a primary-key change, when its record says (null
 *     otherwise): unavailable columns keep the value of that key's row
 * @param next the key the row takes in a primary-key change, when this is the old key's delete and
 *     its record says (null otherwise): the new key's row may still need the deleted row's values
 * @param origin where the unavailable columns' values come from (null when not from another key's
 *     row): the previous key's row, or where that row's own change would have taken them
 * @param continues the change of this load whose row this one's row continues (null for none): the
 *     earlier change of the same key, or, for a primary-key change's create, the load's last row of
 *     the old key
 */
record Change(
    Record record,
    int index,
    Op op,
    List<String> keyColumns,
    List<String> key,
    TypedRow row,
    Position position,
    Set<String> unavailable,
    ChangedKey previous,
    ChangedKey next,
    RowOrigin origin,
    Change continues) {

  /**
   * A change as read from its record: a primary-key change's values come from its old key's row.
   */
  Change(
      Record record,
      int index,
      Op op,
      List<String> keyColumns,
      List<String> key,
      TypedRow row,
      Position position,
      Set<String> unavailable,
      ChangedKey previous,
      ChangedKey next) {
    this(
        record,
        index,
        op,
        keyColumns,
        key,
        row,
        position,
        unavailable,
        previous,
        next,
        previous == null ? null : new RowOrigin(previous, null),
        null);
  }

  Change(
      Record record,
      int index,
      Op op,
      List<String> keyColumns,
      List<String> key,
      TypedRow row,
      Position position) {
    this(record, index, op, keyColumns, key, row, position, Set.of(), null, null);
  }

  /** This change as the record at {@code index} of a batch. */
  Change at(int index) {
    return index == this.index ? this : with(index, row, unavailable, next, origin, continues);
  }

  /** This change with its row's unavailable columns filled from {@code earlier}'s row. */
  Change filledFrom(Change earlier) {
    if (unavailable.isEmpty() || earlier.row() == null) {
      return this;
    }
    Map<String, FieldValue> before = earlier.row().byColumnName();
    List<FieldValue> fields = new ArrayList<>(row.fields().size());
    Set<String> still = new LinkedHashSet<>();
    for (FieldValue f : row.fields()) {
      FieldValue old = before.get(f.name());
      if (unavailable.contains(f.name())) {
        if (old != null && !earlier.unavailable().contains(f.name())) {
          fields.add(old);
        } else {
          fields.add(f);
          still.add(f.name());
        }
      } else {
        fields.add(f);
      }
    }
    return with(index, row.withFields(fields), still, next, origin, continues);
  }

  /** This change with another row (the same change, e.g. stamped with its version's time). */
  Change withRow(TypedRow row) {
    return with(index, row, unavailable, next, origin, continues);
  }

  /** This change with its unavailable columns' values coming from {@code origin}. */
  Change withOrigin(RowOrigin origin) {
    return with(index, row, unavailable, next, origin, continues);
  }

  /** This change with its row continuing {@code earlier}'s (see {@link #continues()}). */
  Change continuing(Change earlier) {
    return with(index, row, unavailable, next, origin, earlier);
  }

  /** This change with {@code next} as the key its row takes in a primary-key change. */
  Change withNext(ChangedKey next) {
    return with(index, row, unavailable, next, origin, continues);
  }

  /** This change with what the load learned of it since it was read. */
  private Change with(
      int index,
      TypedRow row,
      Set<String> unavailable,
      ChangedKey next,
      RowOrigin origin,
      Change continues) {
    return new Change(
        record,
        index,
        op,
        keyColumns,
        key,
        row,
        position,
        unavailable,
        previous,
        next,
        origin,
        continues);
  }

  /** What the change does to its key's row. */
  enum Op {
    /** Replace the key's row with this row. */
    UPSERT,
    /** Remove the key's row. */
    DELETE,
    /** Flag the key's row deleted, keeping its values (insert this row if there is none). */
    SOFT_DELETE,
    /** Nothing to apply (a tombstone that deletes nothing); only the ledger moves. */
    SKIP,
    /** Empty the table: the source table was truncated (Debezium's op t). */
    TRUNCATE
  }
}
