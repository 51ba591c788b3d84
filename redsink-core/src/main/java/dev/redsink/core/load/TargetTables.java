package dev.redsink.core.load;

import dev.redsink.core.config.ConfigKeys;
import dev.redsink.core.config.RedsinkConfig;
import dev.redsink.core.error.AuthorizationException;
import dev.redsink.core.error.ErrorCategory;
import dev.redsink.core.error.RedsinkException;
import dev.redsink.core.retry.RetryPolicy;
import dev.redsink.core.sql.AwaitedRowsSql;
import dev.redsink.core.sql.LedgerSql;
import dev.redsink.core.sql.MovedRowsSql;
import dev.redsink.core.sql.ReplaceClaimSql;
import dev.redsink.core.sql.ReplaceSql;
import dev.redsink.core.sql.SqlStatement;
import dev.redsink.core.sql.TableSql;
import dev.redsink.core.sql.TargetSchemaSql;
import dev.redsink.core.table.ExistingColumn;
import dev.redsink.core.table.FoldedNames;
import dev.redsink.core.table.RowLayout;
import dev.redsink.core.table.SchemaCheck;
import dev.redsink.core.table.SchemaEvolution;
import dev.redsink.core.table.TableName;
import dev.redsink.core.table.TypedTableColumns;
import dev.redsink.core.typed.FieldNames;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Resolves a topic to its target table; the first time a table is seen it is created if missing
 * (with target_schema and its ledger next to it; a typed table waits for its first load) and its
 * columns are checked. Results are cached per name.
 */
final class TargetTables {

  private static final Logger LOG = LoggerFactory.getLogger(TargetTables.class);

  private final RedsinkConfig config;
  private final ConnectionPool pool;
  private final Ledger ledger;
  private final RetryPolicy retry;
  private final Map<String, TargetTable> byName = new ConcurrentHashMap<>();
  private final Map<String, TableName> byTopic = new ConcurrentHashMap<>();
  private final Map<String, String> keyByTopic = new ConcurrentHashMap<>();
  private final Map<String, TableName> forgotten = new ConcurrentHashMap<>();
  private final Map<String, Object> opening = new ConcurrentHashMap<>();
  private final FoldedNames folded = new FoldedNames();
  private volatile boolean schemaReady;

  TargetTables(RedsinkConfig config, ConnectionPool pool, Ledger ledger, RetryPolicy retry) {
    this.config = config;
    this.pool = pool;
    this.ledger = ledger;
    this.retry = retry;
    config.get(ConfigKeys.TARGET_TABLE).dotWarning().ifPresent(LOG::warn);
  }

  /**
   * The table for a topic, created and checked on first use. Runtimes ask once per record, so the
   * table's key is kept by topic: the folded name is built once per topic, not once per record.
   */
  TargetTable forTopic(String topic) {
    String key = keyByTopic.get(topic);
    if (key == null) {
      // Not computeIfAbsent on every call: its function captures this table set, an object per
      // record.
      key = keyByTopic.computeIfAbsent(topic, t -> key(nameOf(t)));
    }
    TargetTable known = byName.get(key);
    if (known != null) {
      return known;
    }
    return openOnce(key, nameOf(topic));
  }

  /**
   * Opens a table once however many threads ask for it at the same time, without holding the map's
   * lock while it does: preparing is DDL and retry sleeps, and a lock of {@link #byName} would make
   * the other tables sharing its bin wait for them.
   */
  private TargetTable openOnce(String key, TableName name) {
    synchronized (opening.computeIfAbsent(key, k -> new Object())) {
      TargetTable known = byName.get(key);
      if (known != null) {
        return known;
      }
      TargetTable opened = openRetrying(name);
      byName.put(key, opened);
      return opened;
    }
  }

  /**
   * {@link #open}, retried as a load is: preparing a table is DDL, which a concurrent writer's
   * transaction can make fail with a serializable isolation violation.
   */
  private TargetTable openRetrying(TableName name) {
    return retry.run("prepare table " + name, () -> open(name));
  }

  /** The table for a topic when a record of it opened it already. */
  Optional<TargetTable> opened(String topic) {
    String key = keyByTopic.get(topic);
    return key == null ? Optional.empty() : Optional.ofNullable(byName.get(key));
  }

  /**
   * The table as cached now: {@code table} itself when it is not one of the cached tables (a
   * replace run's), opened again when a load forgot it.
   */
  TargetTable current(TargetTable table) {
    String key = key(table.name());
    TargetTable cached = byName.get(key);
    if (cached != null) {
      return cached;
    }
    TableName name = forgotten.get(key);
    if (name == null) {
      return table;
    }
    // Removed once opened: a loader asking meanwhile waits for the same open, and a failed open
    // leaves the table to be opened again by the next.
    TargetTable opened = openOnce(key, name);
    forgotten.remove(key, name);
    return opened;
  }

  /** Keeps a typed table's evolved columns for the next loads (tables not cached are ignored). */
  void remember(TargetTable evolved) {
    byName.computeIfPresent(key(evolved.name()), (k, old) -> evolved);
  }

  /** Forgets a table whose columns changed under a load, so the next use reads them again. */
  void forget(TargetTable table) {
    String key = key(table.name());
    if (byName.remove(key) != null) {
      forgotten.put(key, table.name());
    }
  }

  private static String key(TableName name) {
    return name.folded() + "@" + name.foldedSchema().orElse("");
  }

  /** The table a topic loads into, without creating or checking it. */
  TableName nameOf(String topic) {
    return byTopic.computeIfAbsent(topic, this::resolve);
  }

  private TableName resolve(String topic) {
    String resolved = config.get(ConfigKeys.TARGET_TABLE).resolve(topic);
    TableName name = new TableName(config.find(ConfigKeys.TARGET_SCHEMA), resolved);
    if (ReplaceSql.isReserved(name.folded())) {
      throw new RedsinkException(
          ErrorCategory.INVALID_CONFIG,
          "Cannot load topic "
              + topic
              + " into table "
              + name
              + ": names starting with "
              + LedgerSql.PREFIX
              + ", "
              + MovedRowsSql.PREFIX
              + ", "
              + AwaitedRowsSql.PREFIX
              + ", "
              + ReplaceClaimSql.PREFIX
              + " or "
              + MovedRowsSql.REBUILD_PREFIX
              + " or ending in "
              + ReplaceSql.RUN_MARKER
              + "<time>_<id> belong to Redsink's ledgers, moved and awaited rows and replace runs; set"
              + " target_table so"
              + " that this topic maps to another name");
    }
    folded.record(topic, resolved).ifPresent(LOG::warn);
    return name;
  }

  private TargetTable open(TableName name) {
    RowLayout expected = config.rowLayout();
    try (Connection c = pool.connection()) {
      createSchema(c);
      ledger.create(c, name);
      if (expected.isTyped()) {
        // Created by the first load, when its fields are known; see TypedTableCreation.
        List<ExistingColumn> found = columns(c, name);
        RowLayout actual =
            found.isEmpty() ? expected : TypedTableColumns.of(name, expected, found).layout();
        return TargetTable.of(
            name,
            actual,
            config.get(ConfigKeys.SCHEMA_EVOLUTION),
            config.get(ConfigKeys.PARQUET_COMPRESSION),
            config.tableKeys(),
            FieldNames.of(expected, config.write()));
      }
      createIfMissing(c, TableSql.createTable(name, expected, config.tableKeys()));
      RowLayout actual = SchemaCheck.check(name, expected, columns(c, name));
      LOG.info("Target table {} is ready", name);
      return TargetTable.of(
          name,
          actual,
          SchemaEvolution.ADD_COLUMNS,
          config.get(ConfigKeys.PARQUET_COMPRESSION),
          config.tableKeys(),
          FieldNames.of(expected, config.write()));
    } catch (SQLException e) {
      throw SqlStates.wrap("prepare table " + name, e);
    }
  }

  /**
   * Creates target_schema when it does not exist yet (the reference ELT design creates the
   * destination schema too); without CREATE on the database that fails with the schema and the
   * grant named.
   */
  private void createSchema(Connection c) throws SQLException {
    if (schemaReady || config.find(ConfigKeys.TARGET_SCHEMA).isEmpty()) {
      return;
    }
    String schema = config.find(ConfigKeys.TARGET_SCHEMA).get();
    if (schemaExists(c, schema)) {
      schemaReady = true;
      return;
    }
    try (Statement st = c.createStatement()) {
      st.execute(TargetSchemaSql.create(schema));
    } catch (SQLException e) {
      if (SqlStates.createdMeanwhile(e) && schemaExists(c, schema)) {
        // Another writer (a second task, another process) created it at the same moment: both saw
        // it missing, and IF NOT EXISTS does not cover two creations in flight at once.
        LOG.debug(
            "Another writer created schema {} first ({}): {}",
            schema,
            e.getSQLState(),
            e.getMessage());
        schemaReady = true;
        return;
      }
      if (TargetSchemaSql.INSUFFICIENT_PRIVILEGE.equals(e.getSQLState())) {
        throw new AuthorizationException(
            "Cannot create schema "
                + schema
                + " (target_schema): "
                + e.getMessage()
                + " (SQLSTATE 42501). Creating a schema needs the CREATE privilege on the"
                + " database: GRANT CREATE ON DATABASE <database> TO <user>, or create it"
                + " beforehand: CREATE SCHEMA "
                + schema
                + "; GRANT USAGE, CREATE ON SCHEMA "
                + schema
                + " TO <user>",
            e);
      }
      throw e;
    }
    LOG.info("Created schema {} (target_schema)", schema);
    schemaReady = true;
  }

  private static boolean schemaExists(Connection c, String schema) throws SQLException {
    try (PreparedStatement ps = Jdbc.prepare(c, TargetSchemaSql.exists(schema));
        ResultSet rs = ps.executeQuery()) {
      rs.next();
      return rs.getLong(1) > 0;
    }
  }

  /**
   * CREATE TABLE IF NOT EXISTS, tolerating a concurrent writer creating the same table: both may
   * pass the existence check, and the loser then fails on the catalog's unique name. Runs outside
   * any transaction block (autocommit), so the failed statement aborts nothing else.
   */
  static void createIfMissing(Connection c, String ddl) throws SQLException {
    try (Statement st = c.createStatement()) {
      st.execute(ddl);
    } catch (SQLException e) {
      if (!SqlStates.createdMeanwhile(e)) {
        throw e;
      }
      LOG.debug("Another writer created it first ({}): {}", e.getSQLState(), e.getMessage());
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
