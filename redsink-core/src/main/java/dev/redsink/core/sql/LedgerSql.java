package dev.redsink.core.sql;

import dev.redsink.core.table.TableName;
import java.util.Optional;

/**
 * Statements on the ledger table {@code <schema>._redsink_offsets}, which holds per (target table,
 * topic, partition) the next offset to load and is updated in the same transaction as the rows.
 * Redshift has no ON CONFLICT, so an upsert is an UPDATE followed by INSERT … WHERE NOT EXISTS,
 * safe because the load transaction holds the target's lock.
 */
public final class LedgerSql {
  /** The ledger table's name in its schema. */
  public static final String TABLE = "_redsink_offsets";

  /** The format version written into every ledger row. */
  public static final int FORMAT_VERSION = 1;

  private LedgerSql() {}

  /** The ledger table next to the targets: in target_schema, or in the search_path. */
  public static TableName ledger(Optional<String> schema) {
    return new TableName(schema, TABLE);
  }

  /** Creates the ledger if missing. */
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

  /** Advances an existing row; the update count says whether the row existed. */
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
