package dev.redsink.core;

import dev.redsink.core.config.ConfigKeys;
import dev.redsink.core.config.RedsinkConfig;
import dev.redsink.core.table.CdcDeleteMode;
import dev.redsink.core.table.SchemaEvolution;
import dev.redsink.core.table.TableLayout;
import dev.redsink.core.table.WriteMode;
import java.util.ArrayList;
import java.util.List;

/**
 * The table privileges a configuration's loads use on an existing target and its ledger, as
 * Redshift names them for GRANT: INSERT always; SELECT where changes replace rows (upsert, cdc) and
 * on a target without a ledger yet; DELETE where changes replace rows; UPDATE where a cdc delete
 * flags the row; on the ledger SELECT, INSERT and UPDATE. Schema evolution's ALTER TABLE needs
 * ownership of the target, which no GRANT gives.
 */
final class RequiredPrivileges {

  static final List<String> ON_LEDGER = List.of("SELECT", "INSERT", "UPDATE");

  private RequiredPrivileges() {}

  /**
   * The privileges on an existing target; without its ledger yet (a table created by a DBA or
   * loaded by another tool), the first load also reads the highest offset the table holds.
   */
  static List<String> onTarget(RedsinkConfig config, boolean ledgerExists) {
    List<String> out = new ArrayList<>(List.of("INSERT"));
    if (!ledgerExists || config.get(ConfigKeys.WRITE_MODE) != WriteMode.APPEND) {
      out.add("SELECT");
    }
    switch (config.get(ConfigKeys.WRITE_MODE)) {
      case APPEND -> {}
      case UPSERT -> out.add("DELETE");
      case CDC -> {
        out.add("DELETE");
        if (config.get(ConfigKeys.CDC_DELETE_MODE) == CdcDeleteMode.SOFT) {
          out.add("UPDATE");
        }
      }
      case HISTORY -> out.add("UPDATE");
    }
    return out;
  }

  /** Whether loads may ALTER the target (typed tables with schema evolution on). */
  static boolean altersTarget(RedsinkConfig config) {
    return config.get(ConfigKeys.TABLE_LAYOUT) == TableLayout.TYPED
        && config.get(ConfigKeys.SCHEMA_EVOLUTION) != SchemaEvolution.NONE;
  }
}
