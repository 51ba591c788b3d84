package dev.redsink.core.load;

import dev.redsink.core.config.RedsinkConfig;
import dev.redsink.core.sql.LedgerSql;
import dev.redsink.core.sql.SqlStatement;
import dev.redsink.core.sql.TableSql;
import dev.redsink.core.table.ExistingColumn;
import dev.redsink.core.table.FoldedNames;
import dev.redsink.core.table.RowLayout;
import dev.redsink.core.table.SchemaCheck;
import dev.redsink.core.table.SchemaEvolution;
import dev.redsink.core.table.TableName;
import dev.redsink.core.table.TypedTableColumns;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Resolves a topic to its target table; the first time a table is seen it is created if missing
 * (with the ledger next to it) and its columns are checked. Results are cached per name.
 */
final class TargetTables {

  private static final Logger LOG = LoggerFactory.getLogger(TargetTables.class);
  private static final String UNIQUE_VIOLATION = "23505";
  private static final String DUPLICATE_TABLE = "42P07";
  private static final String DUPLICATE_OBJECT = "42710";

  private final RedsinkConfig config;
  private final ConnectionPool pool;
  private final Map<String, TargetTable> byName = new ConcurrentHashMap<>();
  private final Map<String, TableName> byTopic = new ConcurrentHashMap<>();
  private final Map<String, TargetTable> tableByTopic = new ConcurrentHashMap<>();
  private final FoldedNames folded = new FoldedNames();
  private volatile boolean ledgerReady;

  TargetTables(RedsinkConfig config, ConnectionPool pool) {
    this.config = config;
    this.pool = pool;
    config.targetTable().dotWarning().ifPresent(LOG::warn);
  }

  TableName ledger() {
    return LedgerSql.ledger(config.targetSchema());
  }

  /**
   * The table for a topic, created and checked on first use. Runtimes ask once per record, so the
   * answer is kept by topic too: the folded name is built once per topic, not once per record.
   */
  TargetTable forTopic(String topic) {
    TargetTable known = tableByTopic.get(topic);
    if (known != null) {
      return known;
    }
    TableName name = byTopic.computeIfAbsent(topic, this::resolve);
    TargetTable table =
        byName.computeIfAbsent(
            name.folded() + "@" + name.foldedSchema().orElse(""), k -> open(name));
    tableByTopic.put(topic, table);
    return table;
  }

  private TableName resolve(String topic) {
    String resolved = config.targetTable().resolve(topic);
    folded.record(topic, resolved).ifPresent(LOG::warn);
    return new TableName(config.targetSchema(), resolved);
  }

  private TargetTable open(TableName name) {
    RowLayout expected = config.rowLayout();
    try (Connection c = pool.connection()) {
      createLedger(c);
      if (expected.isTyped()) {
        // Created by the first load, when its fields are known; see SchemaEvolver.
        List<ExistingColumn> found = columns(c, name);
        RowLayout actual =
            found.isEmpty() ? expected : TypedTableColumns.of(name, expected, found).layout();
        return TargetTable.of(
            name,
            actual,
            config.schemaEvolution(),
            config.parquetCompression(),
            config.tableKeys());
      }
      createIfMissing(c, TableSql.createTable(name, expected, config.tableKeys()));
      RowLayout actual = SchemaCheck.check(name, expected, columns(c, name));
      LOG.info("Target table {} is ready", name);
      return TargetTable.of(
          name,
          actual,
          SchemaEvolution.ADD_COLUMNS,
          config.parquetCompression(),
          config.tableKeys());
    } catch (SQLException e) {
      throw SqlStates.wrap("prepare table " + name, e);
    }
  }

  private void createLedger(Connection c) throws SQLException {
    if (!ledgerReady) {
      createIfMissing(c, LedgerSql.create(ledger()));
      ledgerReady = true;
    }
  }

  /**
   * CREATE TABLE IF NOT EXISTS, tolerating a concurrent writer creating the same table: both may
   * pass the existence check, and the loser then fails on the catalog's unique name (23505, 42P07,
   * or 42710 for the table's row type).
   */
  static void createIfMissing(Connection c, String ddl) throws SQLException {
    try (Statement st = c.createStatement()) {
      st.execute(ddl);
    } catch (SQLException e) {
      String state = e.getSQLState();
      if (!UNIQUE_VIOLATION.equals(state)
          && !DUPLICATE_TABLE.equals(state)
          && !DUPLICATE_OBJECT.equals(state)) {
        throw e;
      }
    }
  }

  static List<ExistingColumn> columns(Connection c, TableName name) throws SQLException {
    SqlStatement query = TableSql.columns(name);
    List<ExistingColumn> found = new ArrayList<>();
    try (PreparedStatement ps = Jdbc.prepare(c, query);
        ResultSet rs = ps.executeQuery()) {
      while (rs.next()) {
        found.add(new ExistingColumn(rs.getString(1), rs.getString(2), rs.getBoolean(3)));
      }
    }
    return found;
  }
}
