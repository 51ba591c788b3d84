package dev.redsink.core.load;

import dev.redsink.core.record.TopicPartition;
import dev.redsink.core.sql.LedgerSql;
import dev.redsink.core.sql.TableSql;
import dev.redsink.core.table.TableName;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Moves the shared ledger of earlier versions ({@code _redsink_offsets}) into the per-target
 * ledgers, so an upgraded deployment resumes exactly where the old one stopped. One transaction per
 * target table: lock the shared ledger, then the target's, copy its rows (keeping the higher offset
 * where both have one), delete them from the shared ledger, COMMIT. The shared ledger is dropped
 * once empty, so a process of the old version still running fails at its next load instead of
 * loading into a ledger nobody reads. Every target of the shared ledger moves, not only this
 * connector's: its rows are keyed by table, and any later start finds them moved.
 */
final class LedgerMigration {

  private static final Logger LOG = LoggerFactory.getLogger(LedgerMigration.class);
  private static final String UNDEFINED_TABLE = "42P01";

  private final ConnectionPool pool;
  private final Ledger ledger;
  private final Optional<String> schema;

  LedgerMigration(ConnectionPool pool, Ledger ledger, Optional<String> schema) {
    this.pool = pool;
    this.ledger = ledger;
    this.schema = schema;
  }

  /** Moves every target's rows, if the shared ledger exists; returns the tables moved. */
  List<String> run() {
    TableName legacy = LedgerSql.legacy(schema);
    List<String> moved = new ArrayList<>();
    try (Connection c = pool.connection()) {
      if (TargetTables.columns(c, legacy).isEmpty()) {
        return moved;
      }
      for (String target : targets(c, legacy)) {
        int rows = move(c, legacy, target);
        moved.add(target);
        LOG.info(
            "Moved {} ledger rows of table {} from {} to {}",
            rows,
            target,
            legacy,
            LedgerSql.ledgerOf(new TableName(schema, target)));
      }
      dropIfEmpty(c, legacy);
      return moved;
    } catch (SQLException e) {
      if (UNDEFINED_TABLE.equals(e.getSQLState())) {
        return moved; // another process finished the move and dropped it
      }
      throw SqlStates.wrap("move the ledger " + legacy + " to per-table ledgers", e);
    }
  }

  private static List<String> targets(Connection c, TableName legacy) throws SQLException {
    List<String> targets = new ArrayList<>();
    try (Statement st = c.createStatement();
        ResultSet rs = st.executeQuery(LedgerSql.legacyTargets(legacy))) {
      while (rs.next()) {
        targets.add(rs.getString(1));
      }
    }
    return targets;
  }

  private int move(Connection c, TableName legacy, String key) throws SQLException {
    TableName target = new TableName(schema, key);
    ledger.create(c, target);
    c.setAutoCommit(false);
    try (Statement st = c.createStatement()) {
      st.execute(TableSql.lock(legacy));
      ledger.lock(st, target);
      Map<TopicPartition, Long> old = read(c, legacy, key);
      Map<TopicPartition, Long> next = new HashMap<>(ledger.read(c, target));
      old.forEach((tp, offset) -> next.merge(tp, offset, Math::max));
      Ledger.set(c, Ledger.tableOf(target), key, next);
      try (PreparedStatement ps = Jdbc.prepare(c, LedgerSql.forgetLegacy(legacy, key))) {
        ps.executeUpdate();
      }
      c.commit();
      return old.size();
    } finally {
      rollback(c);
    }
  }

  private static Map<TopicPartition, Long> read(Connection c, TableName legacy, String key)
      throws SQLException {
    Map<TopicPartition, Long> rows = new HashMap<>();
    try (PreparedStatement ps = Jdbc.prepare(c, LedgerSql.read(legacy, key));
        ResultSet rs = ps.executeQuery()) {
      while (rs.next()) {
        rows.put(new TopicPartition(rs.getString(1), (int) rs.getLong(2)), rs.getLong(3));
      }
    }
    return rows;
  }

  private static void dropIfEmpty(Connection c, TableName legacy) throws SQLException {
    c.setAutoCommit(false);
    try (Statement st = c.createStatement()) {
      st.execute(TableSql.lock(legacy));
      long left;
      try (ResultSet rs = st.executeQuery(LedgerSql.count(legacy))) {
        rs.next();
        left = rs.getLong(1);
      }
      if (left == 0) {
        st.execute(LedgerSql.drop(legacy));
        LOG.info("Dropped the shared ledger {}: every table has its own ledger now", legacy);
      } else {
        // An old version recreated it and is loading into it: the next start moves those rows.
        LOG.warn(
            "Cannot drop the shared ledger {} yet: {} rows were added since the move; a process"
                + " of an earlier Redsink version is still loading",
            legacy,
            left);
      }
      c.commit();
    } finally {
      rollback(c);
    }
  }

  private static void rollback(Connection c) throws SQLException {
    if (!c.getAutoCommit()) {
      c.rollback();
      c.setAutoCommit(true);
    }
  }
}
