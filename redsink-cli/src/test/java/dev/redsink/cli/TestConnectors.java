package dev.redsink.cli;

import dev.redsink.emulator.RedshiftEmulator;
import dev.redsink.testkit.ConnectorFile;
import dev.redsink.testkit.Warehouse;

/** The test kit's connector files for this module's tests: each staged under its key's prefix. */
final class TestConnectors {
  private TestConnectors() {}

  /** A connector reading {@code <key>.*} into the target template, polls of this length. */
  static String file(RedshiftEmulator emulator, String key, String targetTable, int batchLength) {
    return file(emulator, key, key + "\\..*", targetTable, batchLength, true);
  }

  /**
   * A connector reading topics matching {@code pattern} (a regular expression); without the
   * connection string, the environment override gives it.
   */
  static String file(
      RedshiftEmulator emulator,
      String key,
      String pattern,
      String targetTable,
      int batchLength,
      boolean withConnectionString) {
    Warehouse warehouse = new Warehouse(emulator);
    return ConnectorFile.text(
        key,
        "test connector " + key,
        pattern,
        batchLength,
        "100ms",
        ConnectorFile.pluginConfig(
            warehouse,
            targetTable,
            "redshift/" + key,
            withConnectionString ? warehouse.connectionString() : null));
  }
}
