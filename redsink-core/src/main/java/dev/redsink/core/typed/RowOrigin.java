package dev.redsink.core.typed;

/**
 * Where the values a change did not carry come from, when it is a primary-key change's new key (or
 * a later change of it in the same load): the target's row of {@code key}, or, once that row's
 * delete loaded, the row kept for it in the moved-rows table under the new key {@code via}. A chain
 * of key changes (1 → 2 → 3, a swap through a temporary key) passes its origin on: the create of 3
 * takes what the create of 2 lacked from where 2 would have taken it.
 *
 * @param key the key whose row holds the values, as Debezium's old-key header gave it
 * @param via the new key that row was kept under when it moved, or null for the change's own key
 */
record RowOrigin(ChangedKey key, ChangedKey via) {

  /**
   * The origin passed on to a change of key {@code next} that fills from a change with this one.
   */
  RowOrigin through(ChangedKey next) {
    return via == null ? new RowOrigin(key, next) : this;
  }

  /** Whether both keys can be written as text, as staged keys are matched. */
  boolean stageable() {
    return key.text() != null && (via == null || via.text() != null);
  }
}
