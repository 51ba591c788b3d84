package dev.redsink.reliability;

import dev.redsink.core.record.TopicPartition;
import dev.redsink.core.sql.LedgerSql;
import dev.redsink.core.table.TableName;
import dev.redsink.emulator.RedshiftEmulator;
import dev.redsink.testkit.ConnectorFile;
import dev.redsink.testkit.Warehouse;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The test kit's warehouse for fault scenarios: each table staged under its own prefix, ledger rows
 * read through the engine's ledger naming, and the emulator's faults counted and disarmed.
 */
final class ScenarioWarehouse extends Warehouse {

  ScenarioWarehouse(RedshiftEmulator emulator) {
    super(emulator);
  }

  /** A sink configuration for one table with its own S3 prefix and fast retries. */
  Map<String, Object> config(String table) {
    Map<String, Object> c = config(table, "reliability/" + table);
    c.put("batch_size", 5000);
    c.put("max_retries", 5);
    c.put("retry_delay", "20ms");
    return c;
  }

  /**
   * Writes {@code <dir>/<key>.toml} for {@code redsink run} and {@code check}: one topic into one
   * table staged like every scenario, fast retries; {@code connectionString} null leaves it to the
   * environment override.
   */
  Path connectorFile(
      Path dir, String key, String topic, String table, int batchLength, String connectionString)
      throws IOException {
    Map<String, Object> c =
        ConnectorFile.pluginConfig(this, table, "reliability/" + table, connectionString);
    c.put("max_retries", 5);
    c.put("retry_delay", "20ms");
    // Loads of batchLength records, so a scenario's faults find many loads to strike.
    c.put("flush_max_records", batchLength);
    String pattern = topic.replace(".", "\\.");
    return ConnectorFile.write(
        dir, key, ConnectorFile.text(key, "reliability " + key, pattern, batchLength, "100ms", c));
  }

  /** Rows in a scenario table; its name is quoted, as scenarios use names SQL would fold. */
  @Override
  public long count(String table) throws SQLException {
    return super.count(quote(table));
  }

  /** Distinct ids in a scenario table, its name quoted. */
  @Override
  public long distinctIds(String table) throws SQLException {
    return super.distinctIds(quote(table));
  }

  /** The ledger table of one target table (in the search path). */
  static String ledgerTable(String table) {
    return LedgerSql.ledgerOf(TableName.of(table)).name();
  }

  /** The ledger rows of one target table (none when its ledger does not exist yet). */
  Map<TopicPartition, Long> ledger(String table) throws SQLException {
    Map<TopicPartition, Long> out = new HashMap<>();
    String ledger = ledgerTable(table);
    if (!tableExists(ledger)) {
      return out;
    }
    for (String row :
        rows(
            "SELECT topic, partition, next_offset FROM "
                + quote(ledger)
                + " WHERE target_table = "
                + literal(TableName.fold(table)))) {
      String[] f = row.split("\\|");
      out.put(new TopicPartition(f[0], Integer.parseInt(f[1])), Long.parseLong(f[2]));
    }
    return out;
  }

  /** Keys left under a table's staging prefix. */
  List<String> stagedObjects(String table) {
    return objects("reliability/" + table + "/");
  }

  /** Every injected fault fired so far, SQL and S3 together. */
  int faultsFired() {
    return emulator().sqlFaults().fired() + emulator().s3Faults().firedFaults().size();
  }

  /** Faults armed but not fired yet, SQL and S3 together. */
  int faultsPending() {
    return emulator().sqlFaults().pending() + emulator().s3Faults().pending();
  }

  /** Disarms and forgets every fault. */
  void resetFaults() {
    emulator().sqlFaults().reset();
    emulator().s3Faults().reset();
  }
}
