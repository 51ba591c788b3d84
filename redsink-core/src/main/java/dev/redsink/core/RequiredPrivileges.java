package dev.redsink.core;

import dev.redsink.core.config.ConfigKeys;
import dev.redsink.core.config.RedsinkConfig;
import dev.redsink.core.table.CdcDeleteMode;
import dev.redsink.core.table.SchemaEvolution;
import dev.redsink.core.table.TableLayout;
import java.util.ArrayList;
import java.util.List;

/**
 * The table privileges a configuration's loads use on an existing target and its ledger, as
 * Redshift names them for GRANT: INSERT always; SELECT and DELETE where changes replace rows
 * (upsert, cdc); UPDATE where a cdc delete flags the row; on the ledger SELECT, INSERT and UPDATE.
 * Schema evolution's ALTER TABLE needs ownership of the target, which no GRANT gives.
 */
final class RequiredPrivileges {

  static final List<String> ON_LEDGER = List.of("SELECT", "INSERT", "UPDATE");

  private RequiredPrivileges() {}

  static List<String> onTarget(RedsinkConfig config) {
    List<String> out = new ArrayList<>(List.of("INSERT"));
    switch (config.get(ConfigKeys.WRITE_MODE)) {
      case APPEND -> {}
      case UPSERT -> out.addAll(List.of("SELECT", "DELETE"));
      case CDC -> {
        out.addAll(List.of("SELECT", "DELETE"));
        if (config.get(ConfigKeys.CDC_DELETE_MODE) == CdcDeleteMode.SOFT) {
          out.add("UPDATE");
        }
      }
    }
    return out;
  }

  /** Whether loads may ALTER the target (typed tables with schema evolution on). */
  static boolean altersTarget(RedsinkConfig config) {
    return config.get(ConfigKeys.TABLE_LAYOUT) == TableLayout.TYPED
        && config.get(ConfigKeys.SCHEMA_EVOLUTION) != SchemaEvolution.NONE;
  }
}
