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

  /**
   * The staging-only columns, {@code redsink_previous_key_1} and on, holding as text the old key of
   * a primary-key change's row (upsert and cdc): the columns it keeps come from that key's row.
   */
  public static final String PREVIOUS_KEY_PREFIX = "redsink_previous_key_";

  /** The staging-only column of the previous key's column at {@code index} (from 0). */
  public static String previousKey(int index) {
    return PREVIOUS_KEY_PREFIX + (index + 1);
  }

  /**
   * The staging-only columns, {@code redsink_previous_next_key_1} and on, holding as text, for a
   * row whose key changed more than once (1 → 2 → 3), the new key under which its previous key's
   * row was kept when that row moved (2): a kept row is found by its old and new key.
   */
  public static final String PREVIOUS_NEXT_KEY_PREFIX = "redsink_previous_next_key_";

  /** The staging-only column of the previous next key's column at {@code index} (from 0). */
  public static String previousNextKey(int index) {
    return PREVIOUS_NEXT_KEY_PREFIX + (index + 1);
  }

  /**
   * The staging-only columns, {@code redsink_next_key_1} and on, holding as text the new key a
   * primary-key change gave a row (upsert and cdc): that row is kept for the new key's change.
   */
  public static final String NEXT_KEY_PREFIX = "redsink_next_key_";

  /** The staging-only column of the next key's column at {@code index} (from 0). */
  public static String nextKey(int index) {
    return NEXT_KEY_PREFIX + (index + 1);
  }

  /**
   * The staging-only columns, {@code redsink_awaits_old_key_1} and on, and {@code
   * redsink_awaits_new_key_1} and on, holding as text the primary-key change whose delete a row's
   * create loaded before: the delete's load gives the row the old row's values as they were then.
   */
  public static final String AWAITS_OLD_KEY_PREFIX = "redsink_awaits_old_key_";

  /** See {@link #AWAITS_OLD_KEY_PREFIX}. */
  public static final String AWAITS_NEW_KEY_PREFIX = "redsink_awaits_new_key_";

  /** The staging-only column of the awaited change's old key at {@code index} (from 0). */
  public static String awaitsOldKey(int index) {
    return AWAITS_OLD_KEY_PREFIX + (index + 1);
  }

  /** The staging-only column of the awaited change's new key at {@code index} (from 0). */
  public static String awaitsNewKey(int index) {
    return AWAITS_NEW_KEY_PREFIX + (index + 1);
  }

  /**
   * The staging-only columns, {@code redsink_moved_to_key_1} and on, holding as text the new key
   * the table's row of a staged key moved to in this load.
   */
  public static final String MOVED_TO_KEY_PREFIX = "redsink_moved_to_key_";

  /** The staging-only column of the moved-to key's column at {@code index} (from 0). */
  public static String movedToKey(int index) {
    return MOVED_TO_KEY_PREFIX + (index + 1);
  }

  /** Whether a column of this (folded) name is one of Redsink's staging-only columns. */
  public static boolean isStagingOnly(String folded) {
    return folded.equals(OP)
        || folded.equals(KEEP)
        || folded.equals(WIDENING)
        || folded.equals(ROW_NUMBER)
        || folded.startsWith(PREVIOUS_KEY_PREFIX)
        || folded.startsWith(PREVIOUS_NEXT_KEY_PREFIX)
        || folded.startsWith(AWAITS_OLD_KEY_PREFIX)
        || folded.startsWith(AWAITS_NEW_KEY_PREFIX)
        || folded.startsWith(MOVED_TO_KEY_PREFIX)
        || folded.startsWith(NEXT_KEY_PREFIX);
  }

  /** The column a type change fills before it takes the changed column's place. */
  public static final String WIDENING = "redsink_widening";

  /** The row number dedup_by_id's insert computes over a staging table. */
  public static final String ROW_NUMBER = "redsink_rn";

  private StagingColumns() {}
}
