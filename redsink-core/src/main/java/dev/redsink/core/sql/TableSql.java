package dev.redsink.core.sql;

import dev.redsink.core.table.Column;
import dev.redsink.core.table.ColumnType;
import dev.redsink.core.table.DistStyle;
import dev.redsink.core.table.RowLayout;
import dev.redsink.core.table.StagingColumns;
import dev.redsink.core.table.TableKeys;
import dev.redsink.core.table.TableName;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Collectors;

/** Statements on the target and staging tables: create, inspect, COPY and insert. */
public final class TableSql {
  private static final SecureRandom RANDOM = new SecureRandom();

  private TableSql() {}

  /**
   * {@code CREATE TABLE IF NOT EXISTS} with exactly the layout's columns, in order, and the keys;
   * Redshift's defaults (DISTSTYLE AUTO, SORTKEY AUTO) are left unsaid.
   */
  public static String createTable(TableName table, RowLayout layout, TableKeys keys) {
    String columns =
        layout.columns().stream()
            .map(c -> "  " + Identifiers.quote(c.name()) + " " + SqlTypes.ddl(c.type()))
            .collect(Collectors.joining(",\n"));
    return "CREATE TABLE IF NOT EXISTS "
        + Identifiers.table(table)
        + " (\n"
        + columns
        + "\n)"
        + keyAttributes(keys);
  }

  /**
   * The table attributes for the keys: {@code DISTSTYLE …}, {@code DISTKEY (…)}, {@code COMPOUND
   * SORTKEY (…)}.
   */
  static String keyAttributes(TableKeys keys) {
    StringBuilder sql = new StringBuilder();
    if (keys.distStyle() != DistStyle.AUTO) {
      sql.append("\nDISTSTYLE ").append(keys.distStyle().name());
    }
    keys.distKey()
        .ifPresent(k -> sql.append("\nDISTKEY (").append(Identifiers.quote(k)).append(')'));
    if (!keys.sortKey().isEmpty()) {
      sql.append("\nCOMPOUND SORTKEY (")
          .append(keys.sortKey().stream().map(Identifiers::quote).collect(Collectors.joining(", ")))
          .append(')');
    }
    return sql.toString();
  }

  /**
   * The columns of an existing table as (name, type, NOT NULL without a default) in ordinal order.
   * Works for schema-qualified tables and, without a schema, for the table an unqualified name
   * resolves to when created (current_schema()), unlike pg_table_def, which only sees the
   * search_path by bare name.
   */
  public static SqlStatement columns(TableName table) {
    String schemaCondition =
        table.schema().isPresent() ? "n.nspname = ?" : "n.nspname = current_schema()";
    String text =
        "SELECT a.attname, pg_catalog.format_type(a.atttypid, a.atttypmod),"
            + " a.attnotnull AND NOT a.atthasdef"
            + " FROM pg_catalog.pg_attribute a"
            + " JOIN pg_catalog.pg_class c ON c.oid = a.attrelid"
            + " JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace"
            + " WHERE c.relname = ? AND "
            + schemaCondition
            + " AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped"
            + " ORDER BY a.attnum";
    return table.foldedSchema().isPresent()
        ? SqlStatement.of(text, table.folded(), table.foldedSchema().get())
        : SqlStatement.of(text, table.folded());
  }

  /**
   * Creates {@code table} shaped like {@code target}, its columns' defaults included (LIKE copies
   * NOT NULL but drops defaults otherwise, so a target column of its own that is NOT NULL with a
   * DEFAULT would refuse every row left without it).
   */
  public static String createLike(TableName table, TableName target) {
    return "CREATE TABLE "
        + Identifiers.table(table)
        + " (LIKE "
        + Identifiers.table(target)
        + " INCLUDING DEFAULTS)";
  }

  /** Drops a table if it exists (transactional in Redshift). */
  public static String dropIfExists(TableName table) {
    return "DROP TABLE IF EXISTS " + Identifiers.table(table);
  }

  /** A fresh name for a session's temporary staging table: {@code redsink_staging_<16 hex>}. */
  public static String newStagingName() {
    byte[] bytes = new byte[8];
    RANDOM.nextBytes(bytes);
    return "redsink_staging_" + HexFormat.of().formatHex(bytes);
  }

  /**
   * A session-private staging table with the columns of the layout a load writes; other sessions
   * cannot see or truncate it, and Redshift drops it when the session ends.
   */
  public static String createStaging(String stagingName, RowLayout layout, TableKeys keys) {
    // Staged with exactly the columns this load writes, in file order, never LIKE the target: the
    // target may hold other columns (added by someone, or by another writer before this COPY),
    // which COPY's by-position mapping would trip on. SUPER is staged as text (COPY loads Parquet
    // strings as SUPER strings, not parsed JSON) and parsed by the insert with JSON_PARSE.
    String columns =
        layout.columns().stream()
            .map(
                c ->
                    Identifiers.quote(c.name())
                        + " "
                        + (c.type().equals(ColumnType.SUPER)
                            ? "VARCHAR(MAX)"
                            : SqlTypes.ddl(c.type())))
            .collect(Collectors.joining(", "));
    // Distributed like a KEY target when it holds the key column, so the insert, DELETE … USING
    // and MERGE joins on that column stay on each slice (AWS: make the join columns the
    // distribution keys of both tables).
    String distribution =
        keys.distKey()
            .filter(k -> layout.columns().stream().anyMatch(c -> c.name().equals(k)))
            .map(k -> " DISTSTYLE KEY DISTKEY (" + Identifiers.quote(k) + ")")
            .orElse("");
    return "CREATE TEMP TABLE "
        + Identifiers.quote(stagingName)
        + " ("
        + columns
        + ")"
        + distribution;
  }

  /** Drops a staging table (transactional, unlike TRUNCATE, which commits in Redshift). */
  public static String dropStaging(String stagingName) {
    return "DROP TABLE IF EXISTS " + Identifiers.quote(stagingName);
  }

  /**
   * COPY from one Parquet file, or from a manifest listing several, into a staging table that has
   * exactly the files' columns, with the IAM role only: Parquet COPY refuses REGION and key-based
   * credentials, and maps columns by position.
   */
  public static String copy(String stagingName, String s3Url, String iamRole, CopySource source) {
    return copy(Identifiers.quote(stagingName), "", s3Url, iamRole, source);
  }

  /**
   * COPY straight into the target, naming the files' columns in file order. Parquet COPY maps the
   * files' columns by position onto the listed columns, and the list must follow the files' column
   * order (<a
   * href="https://docs.aws.amazon.com/redshift/latest/dg/copy-usage_notes-copy-from-columnar.html">columnar
   * COPY</a>, <a
   * href="https://docs.aws.amazon.com/redshift/latest/dg/copy-parameters-column-mapping.html">column
   * mapping</a>); the target's other columns — its own, in any position, or added while the sink
   * runs — get their DEFAULT or NULL. Without the list, COPY would need the table to hold exactly
   * the files' columns in the files' order.
   */
  public static String copyInto(
      TableName target, List<Column> fileColumns, String s3Url, String iamRole, CopySource source) {
    return copy(
        Identifiers.table(target), " (" + columnList(fileColumns) + ")", s3Url, iamRole, source);
  }

  private static String copy(
      String table, String columns, String s3Url, String iamRole, CopySource source) {
    return "COPY "
        + table
        + columns
        + " FROM "
        + Identifiers.literal(s3Url)
        + " IAM_ROLE "
        + Identifiers.literal(iamRole)
        + " FORMAT AS PARQUET"
        + (source == CopySource.MANIFEST ? " MANIFEST" : "");
  }

  /** Rows loaded by the session's last COPY. */
  public static String lastCopyCount() {
    return "SELECT pg_last_copy_count()";
  }

  /**
   * An explicit lock of a table, taken first thing in a transaction (loads lock only a ledger, so
   * concurrent writers of one table serialise instead of failing with error 1023 at commit, while
   * readers of the target never wait).
   */
  public static String lock(TableName target) {
    return "LOCK " + Identifiers.table(target);
  }

  /** Moves the staged rows into the target, optionally skipping ids already present. */
  public static String insertFromStaging(
      TableName target, String stagingName, RowLayout layout, DedupMode mode) {
    String columns = columnList(layout.columns());
    String head = "INSERT INTO " + Identifiers.table(target) + " (" + columns + ") SELECT ";
    if (mode == DedupMode.LEDGER_ONLY) {
      return head + values("", layout.columns()) + " FROM " + Identifiers.quote(stagingName);
    }
    String id = Identifiers.quote(layout.id().name());
    return head
        + values("s.", layout.columns())
        + " FROM (SELECT "
        + columns
        + ", ROW_NUMBER() OVER (PARTITION BY "
        + id
        + " ORDER BY "
        + id
        + ") AS "
        + StagingColumns.ROW_NUMBER
        + " FROM "
        + Identifiers.quote(stagingName)
        + ") s WHERE s."
        + StagingColumns.ROW_NUMBER
        + " = 1 AND NOT EXISTS (SELECT 1 FROM "
        + Identifiers.table(target)
        + " existing WHERE existing."
        + id
        + " = s."
        + id
        + ")";
  }

  private static String columnList(List<Column> columns) {
    return columns.stream().map(c -> Identifiers.quote(c.name())).collect(Collectors.joining(", "));
  }

  /** The staged values as the target's columns expect them: SUPER columns JSON_PARSE'd. */
  private static String values(String qualifier, List<Column> columns) {
    return columns.stream()
        .map(
            c -> {
              String value = qualifier + Identifiers.quote(c.name());
              return c.type().equals(ColumnType.SUPER) ? "JSON_PARSE(" + value + ")" : value;
            })
        .collect(Collectors.joining(", "));
  }
}
