package dev.redsink.core.sql;

/** Whether the insert from staging also skips ids already in the target (dedup_by_id). */
public enum DedupMode {
  /** Trust the ledger: insert every staged row. */
  LEDGER_ONLY,
  /** Keep one row per id from staging and skip ids already in the target; reads the id column. */
  SKIP_EXISTING_IDS
}
