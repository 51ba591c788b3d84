package dev.redsink.core.sql;

import dev.redsink.core.table.TableName;
import java.util.Optional;

/**
 * Statements on the ledgers: one table per target, {@code _redsink_ledger_<target>} in the target's
 * schema, holding per (topic, partition) the next offset to load, updated in the same transaction
 * as the rows. A ledger per target means loads of different tables never touch a common table, so
 * Redshift's table-grained serializable isolation never sets them against each other. Redshift has
 * no ON CONFLICT, so an upsert is an UPDATE followed by INSERT … WHERE NOT EXISTS, safe because the
 * load transaction holds the ledger's lock.
 */
public final class LedgerSql {
  /** Every ledger table's name starts with this; the target's name follows. */
  public static final String PREFIX = "_redsink_ledger_";

  /** The one shared ledger of earlier versions, moved into the per-target ledgers on start. */
  public static final String LEGACY_TABLE = "_redsink_offsets";

  /**
   * The stored format written into every ledger row: 1 for rows of the shared {@link
   * #LEGACY_TABLE}, 2 for rows of a per-target ledger. The columns are the same.
   */
  public static final int FORMAT_VERSION = 2;

  private LedgerSql() {}

  /**
   * The ledger of a target, next to it: {@code _redsink_ledger_<folded target name>}. A name that
   * would pass Redshift's 127-byte identifier limit keeps as much of the target's name as fits and
   * ends in {@code _} and 8 hex digits of the full name's SHA-256, so distinct long names get
   * distinct ledgers instead of one truncated name.
   */
  public static TableName ledgerOf(TableName target) {
    return SideTable.of(PREFIX, target);
  }

  /** The shared ledger of earlier versions: in target_schema, or the search_path. */
  public static TableName legacy(Optional<String> schema) {
    return new TableName(schema, LEGACY_TABLE);
  }

  /** Creates a ledger if missing (the legacy ledger had exactly these columns). */
  public static String create(TableName ledger) {
    return "CREATE TABLE IF NOT EXISTS "
        + Identifiers.table(ledger)
        + " (\n"
        + "  \"target_table\" VARCHAR(512) NOT NULL,\n"
        + "  \"topic\" VARCHAR(256) NOT NULL,\n"
        + "  \"partition\" BIGINT NOT NULL,\n"
        + "  \"next_offset\" BIGINT NOT NULL,\n"
        + "  \"updated_at\" TIMESTAMP NOT NULL,\n"
        + "  \"version\" INTEGER NOT NULL\n"
        + ")";
  }

  /** Rows (topic, partition, next_offset, version) of one target table. */
  public static SqlStatement read(TableName ledger, String targetTable) {
    return SqlStatement.of(
        "SELECT \"topic\", \"partition\", \"next_offset\", \"version\" FROM "
            + Identifiers.table(ledger)
            + " WHERE \"target_table\" = ?",
        targetTable);
  }

  /**
   * Every row (target_table, topic, partition, next_offset, updated_at, version), for {@code
   * redsink ledger show}.
   */
  public static String readAll(TableName ledger) {
    return "SELECT \"target_table\", \"topic\", \"partition\", \"next_offset\", \"updated_at\","
        + " \"version\" FROM "
        + Identifiers.table(ledger)
        + " ORDER BY \"target_table\", \"topic\", \"partition\"";
  }

  /** Sets an existing row; the update count says whether the row existed. */
  public static SqlStatement update(
      TableName ledger, String targetTable, String topic, long partition, long nextOffset) {
    return SqlStatement.of(
        "UPDATE "
            + Identifiers.table(ledger)
            + " SET \"next_offset\" = ?, \"updated_at\" = GETDATE(), \"version\" = ?"
            + " WHERE \"target_table\" = ? AND \"topic\" = ? AND \"partition\" = ?",
        nextOffset,
        FORMAT_VERSION,
        targetTable,
        topic,
        partition);
  }

  /** Inserts a row unless one exists. */
  public static SqlStatement insertIfMissing(
      TableName ledger, String targetTable, String topic, long partition, long nextOffset) {
    String table = Identifiers.table(ledger);
    return SqlStatement.of(
        "INSERT INTO "
            + table
            + " (\"target_table\", \"topic\", \"partition\", \"next_offset\", \"updated_at\","
            + " \"version\") SELECT ?, ?, ?, ?, GETDATE(), ? WHERE NOT EXISTS (SELECT 1 FROM "
            + table
            + " WHERE \"target_table\" = ? AND \"topic\" = ? AND \"partition\" = ?)",
        targetTable,
        topic,
        partition,
        nextOffset,
        FORMAT_VERSION,
        targetTable,
        topic,
        partition);
  }

  /**
   * The names of the ledger tables in a schema (current_schema() without one), found in the catalog
   * by their prefix.
   */
  public static SqlStatement ledgerTables(Optional<String> schema) {
    String schemaCondition = schema.isPresent() ? "n.nspname = ?" : "n.nspname = current_schema()";
    String text =
        "SELECT c.relname FROM pg_catalog.pg_class c"
            + " JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace"
            + " WHERE c.relkind = 'r' AND "
            + schemaCondition
            + " AND LEFT(c.relname, ?) = ? ORDER BY c.relname";
    return schema.isPresent()
        ? SqlStatement.of(text, TableName.fold(schema.get()), PREFIX.length(), PREFIX)
        : SqlStatement.of(text, PREFIX.length(), PREFIX);
  }

  /** The target tables that still have rows in the legacy ledger. */
  public static String legacyTargets(TableName legacy) {
    return "SELECT DISTINCT \"target_table\" FROM "
        + Identifiers.table(legacy)
        + " ORDER BY \"target_table\"";
  }

  /** Forgets one target's rows in the legacy ledger, once they are in its own. */
  public static SqlStatement forgetLegacy(TableName legacy, String targetTable) {
    return SqlStatement.of(
        "DELETE FROM " + Identifiers.table(legacy) + " WHERE \"target_table\" = ?", targetTable);
  }

  /** Rows left in the legacy ledger. */
  public static String count(TableName ledger) {
    return "SELECT COUNT(*) FROM " + Identifiers.table(ledger);
  }

  /** Drops a ledger table: the emptied legacy one, or a replace run's. */
  public static String drop(TableName ledger) {
    return "DROP TABLE IF EXISTS " + Identifiers.table(ledger);
  }

  /** The catalog id of a table, to look its locks up (none when it does not exist). */
  public static SqlStatement tableId(TableName table) {
    String schemaCondition =
        table.schema().isPresent() ? "n.nspname = ?" : "n.nspname = current_schema()";
    String text =
        "SELECT c.oid FROM pg_catalog.pg_class c"
            + " JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace"
            + " WHERE c.relkind = 'r' AND c.relname = ? AND "
            + schemaCondition;
    return table.foldedSchema().isPresent()
        ? SqlStatement.of(text, table.folded(), table.foldedSchema().get())
        : SqlStatement.of(text, table.folded());
  }

  /**
   * Other sessions holding a lock on a table other than a reader's (pid, txn_start, lock_mode): a
   * load holds its ledger's lock from its first statement to its COMMIT. SVV_TRANSACTIONS shows a
   * regular user only its own sessions, which are the connector's when the same user runs both.
   *
   * @see <a href="https://docs.aws.amazon.com/redshift/latest/dg/r_SVV_TRANSACTIONS.html">
   *     SVV_TRANSACTIONS</a>
   */
  public static SqlStatement lockHolders(long tableId) {
    return SqlStatement.of(
        "SELECT \"pid\", \"txn_start\", \"lock_mode\" FROM svv_transactions"
            + " WHERE \"lockable_object_type\" = 'relation' AND \"relation\" = ? AND \"granted\""
            + " AND \"lock_mode\" <> 'AccessShareLock' AND \"pid\" <> pg_backend_pid()"
            + " ORDER BY \"txn_start\"",
        tableId);
  }

  /**
   * The highest offset of one topic/partition already in a target that has no ledger row (a table
   * first loaded by another tool), read from the id {@code topic:partition:offset}, which every
   * layout has; NULL when there is none.
   */
  public static SqlStatement highestOffsetPresent(
      TableName target, String idColumn, String topic, long partition) {
    String prefix = topic + ":" + partition + ":";
    int length = prefix.codePointCount(0, prefix.length());
    String id = Identifiers.quote(idColumn);
    return SqlStatement.of(
        "SELECT MAX(CAST(SUBSTRING("
            + id
            + " FROM ?) AS BIGINT)) FROM "
            + Identifiers.table(target)
            + " WHERE LEFT("
            + id
            + ", ?) = ?",
        length + 1,
        length,
        prefix);
  }
}
