package dev.redsink.core.load;

import dev.redsink.core.config.ConfigKeys;
import dev.redsink.core.config.ConfigParser;
import dev.redsink.core.config.RedsinkConfig;
import dev.redsink.core.error.ErrorCategory;
import dev.redsink.core.error.RedsinkException;
import dev.redsink.core.record.LedgerEntry;
import dev.redsink.core.record.TopicPartition;
import dev.redsink.core.sql.LedgerSql;
import dev.redsink.core.table.TableName;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The ledgers of a connector's tables, as {@code redsink ledger} operates them: every row with its
 * next offset, and resetting a topic's partitions to chosen offsets in one transaction, refusing
 * while a load holds the ledger's lock unless asked to wait. Touches no target table and stages
 * nothing.
 */
public final class LedgerTables implements AutoCloseable {

  /** What a reset does when a load holds the ledger's lock. */
  public enum IfLocked {
    /** Fail, naming the session that holds it. */
    REFUSE,
    /** Wait until that load commits or rolls back. */
    WAIT
  }

  /** A topic's ledger rows before and after a reset. */
  public record Change(TableName table, List<LedgerEntry> before, List<LedgerEntry> after) {}

  private static final String UNDEFINED_TABLE = "42P01";

  private final RedsinkConfig config;
  private final ConnectionPool pool;
  private final Ledger ledger = new Ledger();

  private LedgerTables(RedsinkConfig config, ConnectionPool pool) {
    this.config = config;
    this.pool = pool;
  }

  /** Parses the raw configuration (reference key names) and connects. */
  public static LedgerTables open(Map<String, ?> rawConfig) {
    return open(ConfigParser.parse(rawConfig).config());
  }

  /** Over a pool another reader opened; closing these tables closes it. */
  static LedgerTables over(RedsinkConfig config, ConnectionPool pool) {
    return new LedgerTables(config, pool);
  }

  /** Connects (SELECT 1) with one connection; creates nothing. */
  public static LedgerTables open(RedsinkConfig config) {
    return new LedgerTables(
        config, ConnectionPool.open(config.get(ConfigKeys.CONNECTION_STRING), 1));
  }

  /** The table a topic loads into. */
  public TableName tableOf(String topic) {
    return new TableName(
        config.find(ConfigKeys.TARGET_SCHEMA), config.get(ConfigKeys.TARGET_TABLE).resolve(topic));
  }

  /**
   * Every ledger row of this connector's tables in its schema: rows whose table is the one their
   * topic resolves to, from the per-table ledgers and, before an upgraded version's first start,
   * the shared ledger of earlier versions.
   */
  public List<LedgerEntry> entries() {
    List<TableName> ledgers = new ArrayList<>();
    try (Connection c = pool.connection()) {
      try (PreparedStatement ps =
              Jdbc.prepare(c, LedgerSql.ledgerTables(config.find(ConfigKeys.TARGET_SCHEMA)));
          ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          ledgers.add(new TableName(config.find(ConfigKeys.TARGET_SCHEMA), rs.getString(1)));
        }
      }
      TableName legacy = LedgerSql.legacy(config.find(ConfigKeys.TARGET_SCHEMA));
      if (!TargetTables.columns(c, legacy).isEmpty()) {
        ledgers.add(legacy);
      }
      List<LedgerEntry> entries = new ArrayList<>();
      for (TableName table : ledgers) {
        for (LedgerEntry e : readAllIfThere(c, table)) {
          if (tableOf(e.topic()).folded().equals(e.table())) {
            entries.add(e);
          }
        }
      }
      entries.sort(
          (a, b) ->
              a.table().equals(b.table())
                  ? TopicPartition.ORDER.compare(a.topicPartition(), b.topicPartition())
                  : a.table().compareTo(b.table()));
      return entries;
    } catch (SQLException e) {
      throw SqlStates.wrap("read the ledgers in " + schemaName(), e);
    }
  }

  /**
   * The partitions of {@code topic} that have a row in its table's ledger. Reading the ledger waits
   * for a load holding its lock; with REFUSE, such a load is refused first instead.
   */
  public List<Integer> partitions(String topic, IfLocked ifLocked) {
    TableName target = tableOf(topic);
    TableName ledgerTable = Ledger.tableOf(target);
    try (Connection c = pool.connection()) {
      Optional<Long> id = tableId(c, ledgerTable);
      if (id.isEmpty()) {
        return List.of();
      }
      if (ifLocked == IfLocked.REFUSE) {
        refuseIfLocked(c, target, ledgerTable, id.get());
      }
      return rowsOf(c, ledgerTable, target, topic).stream()
          .map(LedgerEntry::partition)
          .sorted()
          .toList();
    } catch (SQLException e) {
      throw SqlStates.wrap("read the ledger " + ledgerTable, e);
    }
  }

  /**
   * Sets the ledger's next offset of these partitions of {@code topic} in one transaction, after
   * moving a shared ledger of an earlier version (else its rows would win on the next start).
   *
   * @param offsets the next offset per partition number
   * @throws RedsinkException when a load holds the ledger's lock and {@code ifLocked} is REFUSE
   */
  public Change reset(String topic, Map<Integer, Long> offsets, IfLocked ifLocked) {
    new LedgerMigration(pool, ledger, config.find(ConfigKeys.TARGET_SCHEMA)).run();
    TableName target = tableOf(topic);
    TableName ledgerTable = Ledger.tableOf(target);
    try (Connection c = pool.connection()) {
      Optional<Long> id = tableId(c, ledgerTable);
      if (id.isEmpty()) {
        ledger.create(c, target);
      } else if (ifLocked == IfLocked.REFUSE) {
        refuseIfLocked(c, target, ledgerTable, id.get());
      }
      c.setAutoCommit(false);
      try (Statement st = c.createStatement()) {
        ledger.lock(st, target);
        List<LedgerEntry> before = rowsOf(c, ledgerTable, target, topic);
        Map<TopicPartition, Long> next = new HashMap<>();
        offsets.forEach((p, offset) -> next.put(new TopicPartition(topic, p), offset));
        Ledger.set(c, ledgerTable, target.folded(), next);
        List<LedgerEntry> after = rowsOf(c, ledgerTable, target, topic);
        c.commit();
        return new Change(target, before, after);
      } finally {
        if (!c.getAutoCommit()) {
          c.rollback();
          c.setAutoCommit(true);
        }
      }
    } catch (SQLException e) {
      throw SqlStates.wrap("reset the ledger " + ledgerTable, e);
    }
  }

  private static Optional<Long> tableId(Connection c, TableName table) throws SQLException {
    try (PreparedStatement ps = Jdbc.prepare(c, LedgerSql.tableId(table));
        ResultSet rs = ps.executeQuery()) {
      return rs.next() ? Optional.of(rs.getLong(1)) : Optional.empty();
    }
  }

  private static void refuseIfLocked(Connection c, TableName target, TableName ledgerTable, long id)
      throws SQLException {
    try (PreparedStatement ps = Jdbc.prepare(c, LedgerSql.lockHolders(id));
        ResultSet rs = ps.executeQuery()) {
      if (rs.next()) {
        throw new RedsinkException(
            ErrorCategory.FATAL,
            "Cannot reset the ledger of table "
                + target
                + ": a load holds the lock of "
                + ledgerTable
                + " (session pid "
                + rs.getLong(1)
                + ", transaction started "
                + rs.getString(2)
                + ", "
                + rs.getString(3)
                + "). Stop the connector first; to wait for the load to commit instead, pass"
                + " --wait");
      }
    }
  }

  private static List<LedgerEntry> rowsOf(
      Connection c, TableName ledgerTable, TableName target, String topic) throws SQLException {
    List<LedgerEntry> rows = new ArrayList<>();
    for (LedgerEntry e : readAll(c, ledgerTable)) {
      if (e.table().equals(target.folded()) && e.topic().equals(topic)) {
        rows.add(e);
      }
    }
    return rows;
  }

  /**
   * The rows of a ledger listed a moment ago; none when it is gone since (a replace run's ledger
   * goes with its run table when the run ends).
   */
  private static List<LedgerEntry> readAllIfThere(Connection c, TableName ledgerTable)
      throws SQLException {
    try {
      return readAll(c, ledgerTable);
    } catch (SQLException e) {
      if (UNDEFINED_TABLE.equals(e.getSQLState())) {
        return List.of();
      }
      throw e;
    }
  }

  /** The ledger rows of {@code topic} in the ledger of the table it loads into. */
  public List<LedgerEntry> entriesOf(String topic) {
    TableName target = tableOf(topic);
    TableName ledgerTable = Ledger.tableOf(target);
    try (Connection c = pool.connection()) {
      return tableId(c, ledgerTable).isEmpty() ? List.of() : rowsOf(c, ledgerTable, target, topic);
    } catch (SQLException e) {
      throw SqlStates.wrap("read the ledger " + ledgerTable, e);
    }
  }

  private static List<LedgerEntry> readAll(Connection c, TableName ledgerTable)
      throws SQLException {
    List<LedgerEntry> rows = new ArrayList<>();
    try (Statement st = c.createStatement();
        ResultSet rs = st.executeQuery(LedgerSql.readAll(ledgerTable))) {
      while (rs.next()) {
        rows.add(
            new LedgerEntry(
                rs.getString(1),
                ledgerTable.name(),
                rs.getString(2),
                (int) rs.getLong(3),
                rs.getLong(4),
                utc(rs.getString(5))));
      }
    }
    return rows;
  }

  /** GETDATE() is UTC without a zone; read as text so no JVM zone can shift it. */
  private static Instant utc(String timestamp) {
    return LocalDateTime.parse(timestamp.trim().replace(' ', 'T')).toInstant(ZoneOffset.UTC);
  }

  private String schemaName() {
    return config
        .find(ConfigKeys.TARGET_SCHEMA)
        .map(s -> "schema " + s)
        .orElse("the current schema");
  }

  @Override
  public void close() {
    pool.close();
  }
}
