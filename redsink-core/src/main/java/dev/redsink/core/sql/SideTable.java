package dev.redsink.core.sql;

import dev.redsink.core.table.FittedName;
import dev.redsink.core.table.TableName;

/**
 * The name of a table Redsink keeps next to a target (its ledger, moved and awaited rows, replace
 * claims): a prefix and the target's folded name, in the target's schema. A name that would pass
 * Redshift's 127-byte identifier limit keeps as much of the target's name as fits and ends in
 * {@code _} and 8 hex digits of the full name's SHA-256, so distinct long names get distinct
 * tables.
 */
final class SideTable {
  private SideTable() {}

  static TableName of(String prefix, TableName target) {
    return new TableName(
        target.schema(),
        prefix
            + FittedName.of(
                target.folded(), RedshiftLimits.IDENTIFIER_MAX_BYTES - prefix.length()));
  }
}
