package dev.redsink.core.load;

import dev.redsink.core.sql.DedupMode;
import dev.redsink.core.table.RowLayout;

/**
 * Where a load's COPY writes: straight into the target inside the ledger transaction, so each row
 * is written once, or into a session staging table that a second statement reads.
 */
enum CopyPath {
  /**
   * A load that only appends: the ledger decides which records are staged, so the files hold
   * exactly the rows to add, and one COPY (after the ledger read) is the load's only write.
   */
  DIRECT,
  /**
   * Loads that need a statement between the files and the target: upsert and cdc (delete by key,
   * then insert), dedup_by_id (skip ids already present), SUPER columns (staged as text, parsed by
   * the insert with JSON_PARSE: a Parquet string COPYed into SUPER stays a string), replace runs;
   * and appends with direct_copy = false, so that writers of one table overlap their COPYs.
   */
  STAGED;

  /** The path of a load of these rows: {@link #DIRECT} only where nothing needs staging. */
  static CopyPath of(CopyPath allowed, StagedBatch staged, DedupMode dedup, RowLayout layout) {
    boolean appendsOnly = staged.changes().isEmpty() && dedup == DedupMode.LEDGER_ONLY;
    return allowed == DIRECT && appendsOnly && !layout.hasSuperColumns() ? DIRECT : STAGED;
  }
}
