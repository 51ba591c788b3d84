package dev.redsink.kafka.connect;

import dev.redsink.emulator.RedshiftEmulator;
import dev.redsink.testkit.Warehouse;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.TopicPartition;

/** The test kit's warehouse plus what a Connect test queries: rows per partition and the ledger. */
final class ConnectWarehouse extends Warehouse {

  ConnectWarehouse(RedshiftEmulator emulator) {
    super(emulator);
  }

  /** Rows per partition of the table, and how many distinct ids they have. */
  record PartitionRows(long rows, long distinctIds) {}

  Map<Integer, PartitionRows> rowsByPartition(String table) throws SQLException {
    Map<Integer, PartitionRows> rows = new HashMap<>();
    if (!tableExists(table)) {
      return rows;
    }
    try (Connection c = connect();
        PreparedStatement s =
            c.prepareStatement(
                "SELECT pico_partition, COUNT(*), COUNT(DISTINCT id) FROM "
                    + quote(table)
                    + " GROUP BY pico_partition");
        ResultSet r = s.executeQuery()) {
      while (r.next()) {
        rows.put(r.getInt(1), new PartitionRows(r.getLong(2), r.getLong(3)));
      }
    }
    return rows;
  }

  /** Whether a row with this id exists. */
  boolean hasId(String table, String id) throws SQLException {
    return number("SELECT COUNT(*) FROM " + quote(table) + " WHERE id = " + literal(id)) > 0;
  }

  /** The payload of the row with this id, as stored. */
  String payload(String table, String id) throws SQLException {
    return value("SELECT payload FROM " + quote(table) + " WHERE id = " + literal(id));
  }

  /** The ledgers' next offset per partition of these topics, over every table's ledger. */
  Map<TopicPartition, Long> ledger(String... topics) throws SQLException {
    Map<TopicPartition, Long> next = new HashMap<>();
    try (Connection c = connect()) {
      List<String> ledgers = new ArrayList<>();
      try (PreparedStatement s =
              c.prepareStatement(
                  "SELECT relname FROM pg_class WHERE relkind = 'r'"
                      + " AND LEFT(relname, 16) = '_redsink_ledger_'");
          ResultSet r = s.executeQuery()) {
        while (r.next()) {
          ledgers.add(r.getString(1));
        }
      }
      for (String ledger : ledgers) {
        try (PreparedStatement s =
                c.prepareStatement(
                    "SELECT \"topic\", \"partition\", \"next_offset\" FROM \"" + ledger + "\"");
            ResultSet r = s.executeQuery()) {
          while (r.next()) {
            for (String topic : topics) {
              if (topic.equals(r.getString(1))) {
                next.put(new TopicPartition(topic, r.getInt(2)), r.getLong(3));
              }
            }
          }
        }
      }
    }
    return next;
  }

  /** The sum of the ledger's next offsets over these topics. */
  long ledgerTotal(String... topics) throws SQLException {
    return ledger(topics).values().stream().mapToLong(Long::longValue).sum();
  }
}
