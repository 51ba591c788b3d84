package dev.redsink.core.table;

/**
 * Columns Redsink's statements add beside a table's own: a field named like one lands in {@code
 * <name>_value} instead.
 */
public final class StagingColumns {
  /** The staging-only column holding each staged change's operation (upsert and cdc). */
  public static final String OP = "redsink_op";

  /**
   * The staging-only column listing, quoted, the columns whose value a staged change did not carry
   * (upsert and cdc): they keep the target row's value.
   */
  public static final String KEEP = "redsink_keep";

  /** The column a type change fills before it takes the changed column's place. */
  public static final String WIDENING = "redsink_widening";

  /** The row number dedup_by_id's insert computes over a staging table. */
  public static final String ROW_NUMBER = "redsink_rn";

  private StagingColumns() {}
}
