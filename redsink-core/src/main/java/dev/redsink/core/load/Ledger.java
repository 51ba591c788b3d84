package dev.redsink.core.load;

import dev.redsink.core.error.ErrorCategory;
import dev.redsink.core.error.RedsinkException;
import dev.redsink.core.record.TopicPartition;
import dev.redsink.core.sql.LedgerSql;
import dev.redsink.core.sql.SqlStatement;
import dev.redsink.core.sql.TableSql;
import dev.redsink.core.table.TableName;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The ledgers: per target table its own table ({@link LedgerSql#ledgerOf}) holding per (topic,
 * partition) the next offset to load, committed in the same transaction as the rows. It is what
 * makes a replay change nothing and what a runtime resumes from. A ledger that does not exist yet
 * means nothing was loaded; it is created before its table's first load.
 */
final class Ledger {

  private final Set<TableName> created = ConcurrentHashMap.newKeySet();

  /** The ledger table of a target. */
  static TableName tableOf(TableName target) {
    return LedgerSql.ledgerOf(target);
  }

  /** Creates the target's ledger unless this process already did (autocommit, outside a load). */
  void create(Connection c, TableName target) throws SQLException {
    TableName ledger = tableOf(target);
    if (!created.contains(ledger)) {
      TargetTables.createIfMissing(c, LedgerSql.create(ledger));
      created.add(ledger);
    }
  }

  /** Forgets that a ledger was created, when it was dropped (a replace run's). */
  void forget(TableName ledger) {
    created.remove(ledger);
  }

  /**
   * Takes the ledger's lock, first thing in a load transaction and before any statement that takes
   * the transaction's snapshot: writers of one table queue here, and read the ledger as the writer
   * before them committed it.
   */
  void lock(Statement st, TableName target) throws SQLException {
    st.execute(TableSql.lock(tableOf(target)));
  }

  /** The committed next offsets of one target table. */
  Map<TopicPartition, Long> read(Connection c, TableName target) throws SQLException {
    TableName ledger = tableOf(target);
    Map<TopicPartition, Long> next = new HashMap<>();
    try (PreparedStatement ps = Jdbc.prepare(c, LedgerSql.read(ledger, target.folded()));
        ResultSet rs = ps.executeQuery()) {
      while (rs.next()) {
        TopicPartition tp = new TopicPartition(rs.getString(1), (int) rs.getLong(2));
        int version = rs.getInt(4);
        if (version > LedgerSql.FORMAT_VERSION) {
          throw new RedsinkException(
              ErrorCategory.FATAL,
              "Cannot read ledger "
                  + ledger
                  + ": the row of "
                  + tp
                  + " has format version "
                  + version
                  + ", written by a newer Redsink (this one reads up to "
                  + LedgerSql.FORMAT_VERSION
                  + "); run the newer version");
        }
        next.put(tp, rs.getLong(3));
      }
    }
    return next;
  }

  /**
   * The next offsets for these partitions, creating the ledger if it does not exist: the ledger's,
   * or for a partition without a ledger row whose rows are already in the target (a table first
   * loaded by another tool), the highest offset present plus one, so switching to Redsink loads
   * nothing twice. A target that does not exist yet (a typed table before its first load) has no
   * rows.
   */
  Map<TopicPartition, Long> resume(
      Connection c, TargetTable target, Collection<TopicPartition> partitions) throws SQLException {
    create(c, target.name());
    Map<TopicPartition, Long> next = read(c, target.name());
    Boolean exists = null;
    for (TopicPartition tp : partitions) {
      if (!next.containsKey(tp)) {
        if (exists == null) {
          exists = !TargetTables.columns(c, target.name()).isEmpty();
        }
        long highest = exists ? highestPresent(c, target, tp) : -1;
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
  void advance(Connection c, TableName target, Map<TopicPartition, Long> next) throws SQLException {
    set(c, tableOf(target), target.folded(), next);
  }

  /** Sets rows of a ledger to {@code next} inside the caller's transaction. */
  static void set(Connection c, TableName ledger, String key, Map<TopicPartition, Long> next)
      throws SQLException {
    for (Map.Entry<TopicPartition, Long> e : next.entrySet()) {
      TopicPartition tp = e.getKey();
      SqlStatement update = LedgerSql.update(ledger, key, tp.topic(), tp.partition(), e.getValue());
      try (PreparedStatement ps = Jdbc.prepare(c, update)) {
        if (ps.executeUpdate() > 0) {
          continue;
        }
      }
      SqlStatement insert =
          LedgerSql.insertIfMissing(ledger, key, tp.topic(), tp.partition(), e.getValue());
      try (PreparedStatement ps = Jdbc.prepare(c, insert)) {
        ps.executeUpdate();
      }
    }
  }
}
