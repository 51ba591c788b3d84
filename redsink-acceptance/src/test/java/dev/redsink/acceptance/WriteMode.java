package dev.redsink.acceptance;

/** How records are applied: the third axis of the matrix. */
enum WriteMode {
  APPEND("append", "append", "write_mode = append (the default): every record a row"),
  UPSERT_FIELDS(
      "upsert-fields",
      "upsert by fields",
      "write_mode = upsert, primary_key = [\"region\", \"order_id\"] (a TOML list; the Connect"
          + " form is \"region,order_id\")"),
  UPSERT_RECORD_KEY(
      "upsert-record-key",
      "upsert by record key",
      "write_mode = upsert, primary_key = record_key (the record key is a JSON object)"),
  DELETE_ON_TOMBSTONE(
      "delete-on-tombstone",
      "upsert, tombstones delete",
      "write_mode = upsert, primary_key = record_key, delete_on_tombstone = true"),
  CDC_HARD(
      "cdc-hard",
      "cdc, hard deletes",
      "write_mode = cdc over Debezium change events (with the tombstones Debezium sends after a"
          + " delete), cdc_delete_mode = hard"),
  CDC_SOFT(
      "cdc-soft",
      "cdc, soft deletes",
      "write_mode = cdc, cdc_delete_mode = soft (the pico_deleted column)"),
  HISTORY(
      "history",
      "history",
      "write_mode = history over the same change events as cdc: a row per version, with"
          + " _record_is_active, _record_create_time and _record_delete_time (the source's commit"
          + " times, each closed version ending when its key's next version starts); the"
          + " <table>_current view must hold what a cdc table with hard deletes holds");

  private final String label;
  private final String title;
  private final String doc;

  WriteMode(String label, String title, String doc) {
    this.label = label;
    this.title = title;
    this.doc = doc;
  }

  String label() {
    return label;
  }

  String title() {
    return title;
  }

  String doc() {
    return doc;
  }

  /** Whether the table keeps one row per key (history keeps a row per version). */
  boolean byKey() {
    return this != APPEND && this != HISTORY;
  }

  /** Whether the mode is write_mode = cdc. */
  boolean isCdc() {
    return this == CDC_HARD || this == CDC_SOFT;
  }

  /** Whether the input is Debezium change events (cdc, and history over the same stream). */
  boolean takesChangeEvents() {
    return isCdc() || this == HISTORY;
  }

  /** Whether the key of a row comes from the record key. */
  boolean needsRecordKey() {
    return this == UPSERT_RECORD_KEY || this == DELETE_ON_TOMBSTONE;
  }
}
