package dev.redsink.core.load;

import dev.redsink.core.TopicPartition;
import dev.redsink.core.sql.LedgerSql;
import dev.redsink.core.sql.SqlStatement;
import dev.redsink.core.table.TableName;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;

/**
 * The ledger: per (target table, topic, partition) the next offset to load, committed in the same
 * transaction as the rows. It is what makes a replay change nothing and what a runtime resumes
 * from.
 */
final class Ledger {

  private final TableName table;

  Ledger(TableName table) {
    this.table = table;
  }

  /** The ledger table itself. */
  TableName table() {
    return table;
  }

  /** The committed next offsets of one target table. */
  Map<TopicPartition, Long> read(Connection c, TargetTable target) throws SQLException {
    Map<TopicPartition, Long> next = new HashMap<>();
    try (PreparedStatement ps = Jdbc.prepare(c, LedgerSql.read(table, target.ledgerKey()));
        ResultSet rs = ps.executeQuery()) {
      while (rs.next()) {
        next.put(new TopicPartition(rs.getString(1), (int) rs.getLong(2)), rs.getLong(3));
      }
    }
    return next;
  }

  /**
   * The next offsets for these partitions: the ledger's, or for a partition without a ledger row
   * whose rows are already in the target (a table first loaded by another tool), the highest offset
   * present plus one, so switching to Redsink loads nothing twice. A target that does not exist yet
   * (a typed table is created by its first load) has no rows to resume after.
   */
  Map<TopicPartition, Long> resume(
      Connection c, TargetTable target, Collection<TopicPartition> partitions) throws SQLException {
    Map<TopicPartition, Long> next = read(c, target);
    boolean unknown = partitions.stream().anyMatch(tp -> !next.containsKey(tp));
    if (!unknown || TargetTables.columns(c, target.name()).isEmpty()) {
      return next;
    }
    for (TopicPartition tp : partitions) {
      if (!next.containsKey(tp)) {
        long highest = highestPresent(c, target, tp);
        if (highest >= 0) {
          next.put(tp, highest + 1);
        }
      }
    }
    return next;
  }

  private static long highestPresent(Connection c, TargetTable target, TopicPartition tp)
      throws SQLException {
    SqlStatement query =
        LedgerSql.highestOffsetPresent(
            target.name(), target.layout().id().name(), tp.topic(), tp.partition());
    try (PreparedStatement ps = Jdbc.prepare(c, query);
        ResultSet rs = ps.executeQuery()) {
      if (rs.next()) {
        long v = rs.getLong(1);
        return rs.wasNull() ? -1 : v;
      }
      return -1;
    }
  }

  /** Moves the ledger to {@code next} inside the caller's transaction. */
  void advance(Connection c, TargetTable target, Map<TopicPartition, Long> next)
      throws SQLException {
    for (Map.Entry<TopicPartition, Long> e : next.entrySet()) {
      TopicPartition tp = e.getKey();
      SqlStatement update =
          LedgerSql.update(table, target.ledgerKey(), tp.topic(), tp.partition(), e.getValue());
      try (PreparedStatement ps = Jdbc.prepare(c, update)) {
        if (ps.executeUpdate() > 0) {
          continue;
        }
      }
      SqlStatement insert =
          LedgerSql.insertIfMissing(
              table, target.ledgerKey(), tp.topic(), tp.partition(), e.getValue());
      try (PreparedStatement ps = Jdbc.prepare(c, insert)) {
        ps.executeUpdate();
      }
    }
  }
}
