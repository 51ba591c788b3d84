package dev.redsink.core.table;

import java.util.List;

/**
 * How records are applied to a typed table: the write mode, the primary key (field names, or {@link
 * #RECORD_KEY} for the fields of the record key), whether a tombstone deletes its key, and what a
 * CDC delete does.
 *
 * @param deletedColumn the soft-delete flag column, {@code <prefix>deleted}
 * @param unavailableValue the value a change carries for a column whose value the source did not
 *     send (Debezium's unchanged TOASTed values): the row keeps its existing value
 * @param historyTimeField for write_mode = history, the field holding each change's time (null: the
 *     source's commit time of a change event, else the record's timestamp)
 */
public record WriteSettings(
    WriteMode mode,
    List<String> primaryKey,
    TombstoneHandling tombstones,
    CdcDeleteMode cdcDelete,
    String deletedColumn,
    String unavailableValue,
    String historyTimeField) {

  /** Debezium's default unavailable.value.placeholder. */
  public static final String DEBEZIUM_UNAVAILABLE_VALUE = "__debezium_unavailable_value";

  /** The primary_key value that takes the key fields from the record key. */
  public static final String RECORD_KEY = "record_key";

  /** Append-only, the default. */
  public static final WriteSettings APPEND =
      new WriteSettings(
          WriteMode.APPEND,
          List.of(),
          TombstoneHandling.IGNORE,
          CdcDeleteMode.HARD,
          "pico_deleted",
          DEBEZIUM_UNAVAILABLE_VALUE);

  public WriteSettings {
    primaryKey = List.copyOf(primaryKey);
  }

  /** Settings without a history time field. */
  public WriteSettings(
      WriteMode mode,
      List<String> primaryKey,
      TombstoneHandling tombstones,
      CdcDeleteMode cdcDelete,
      String deletedColumn,
      String unavailableValue) {
    this(mode, primaryKey, tombstones, cdcDelete, deletedColumn, unavailableValue, null);
  }

  /** What a tombstone (null value) does in upsert mode. */
  public enum TombstoneHandling {
    IGNORE,
    DELETE
  }

  /** True for upsert, cdc and history, which apply changes by key instead of appending. */
  public boolean byKey() {
    return mode != WriteMode.APPEND;
  }

  /** True when the key fields come from the record key (primary_key = record_key). */
  public boolean keyFromRecordKey() {
    return primaryKey.equals(List.of(RECORD_KEY));
  }
}
