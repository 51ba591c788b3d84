package dev.redsink.core.typed;

import dev.redsink.core.record.Record;
import java.util.List;

/**
 * One record read as a change to the row of its key.
 *
 * @param index the record's place in its batch, the tie-breaker after the source position
 * @param keyColumns the key's column names (lower case)
 * @param key the key's values as JSON text, for equality
 * @param row the fields to stage (null for {@link Op#SKIP})
 */
record Change(
    Record record,
    int index,
    Op op,
    List<String> keyColumns,
    List<String> key,
    TypedRow row,
    Position position) {

  /** What the change does to its key's row. */
  enum Op {
    /** Replace the key's row with this row. */
    UPSERT,
    /** Remove the key's row. */
    DELETE,
    /** Flag the key's row deleted, keeping its values (insert this row if there is none). */
    SOFT_DELETE,
    /** Nothing to apply (a tombstone that deletes nothing); only the ledger moves. */
    SKIP
  }
}
