package dev.redsink.core.sql;

import dev.redsink.core.table.FittedName;
import dev.redsink.core.table.TableName;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Statements of a replace run: a run-scoped table named after the target with the run's creation
 * time and id ({@code <target>_rsrun_<yyyyMMddHHmmss>_<id>}), and the one transaction that makes
 * the target's contents the run table's. The swap is DELETE + INSERT … SELECT, not a rename: a
 * rename would break views that depend on the target, and TRUNCATE cannot be used because it
 * commits in Redshift.
 */
public final class ReplaceSql {

  /** What separates the target's name from the run's time and id. */
  public static final String RUN_MARKER = "_rsrun_";

  private static final DateTimeFormatter TIME =
      DateTimeFormatter.ofPattern("yyyyMMddHHmmss").withZone(ZoneOffset.UTC);

  private ReplaceSql() {}

  /** A run id: 8 lower-case hex digits. */
  private static final String RUN_ID = "[0-9a-f]{8}";

  /** The bytes a run table's name adds to the target's: the marker, the time and the id. */
  private static final int RUN_SUFFIX_BYTES = RUN_MARKER.length() + 14 + 1 + 8;

  /** What ends every run table's name, after the target's fitted name. */
  private static final Pattern RUN_SUFFIX = Pattern.compile(RUN_MARKER + "[0-9]{14}_" + RUN_ID);

  /** Any run table's name. */
  private static final Pattern ANY_RUN_TABLE = Pattern.compile(".*" + RUN_SUFFIX.pattern());

  /**
   * The run table's name: the target's (fitted with a hash of the whole to leave room, see {@link
   * FittedName}), the start time and the run id (8 hex digits).
   */
  public static TableName runTable(TableName target, Instant started, String runId) {
    if (!runId.matches(RUN_ID)) {
      throw new IllegalArgumentException("A run id is 8 hex digits, not '" + runId + "'");
    }
    return new TableName(
        target.schema(), base(target) + RUN_MARKER + TIME.format(started) + "_" + runId);
  }

  /** Whether {@code name} is the name of one of the target's run tables, and no other table's. */
  public static boolean isRunTableOf(TableName target, String name) {
    String base = base(target);
    return name.startsWith(base) && RUN_SUFFIX.matcher(name.substring(base.length())).matches();
  }

  /**
   * Whether a target name is one Redsink keeps for itself (a ledger, a table's moved rows, one
   * being rebuilt, a replace run's table or a table's replace claims), so no topic may load into
   * it.
   */
  public static boolean isReserved(String folded) {
    return folded.startsWith(LedgerSql.PREFIX)
        || folded.startsWith(MovedRowsSql.PREFIX)
        || folded.startsWith(MovedRowsSql.REBUILD_PREFIX)
        || folded.startsWith(AwaitedRowsSql.PREFIX)
        || folded.startsWith(ReplaceClaimSql.PREFIX)
        || ANY_RUN_TABLE.matcher(folded).matches();
  }

  private static String base(TableName target) {
    return FittedName.of(target.folded(), RedshiftLimits.IDENTIFIER_MAX_BYTES - RUN_SUFFIX_BYTES);
  }

  /**
   * Creates the run table shaped like the target, its columns' defaults included (LIKE copies NOT
   * NULL but drops defaults otherwise, so a target column of its own that is NOT NULL with a
   * DEFAULT would refuse every row).
   */
  public static String createRunTable(TableName run, TableName target) {
    return TableSql.createLike(run, target);
  }

  public static String dropTable(TableName table) {
    return TableSql.dropIfExists(table);
  }

  /**
   * Names of tables that may be run tables left for a target (by an earlier or crashed run), found
   * in the catalog by the target's schema and name prefix; {@link #isRunTableOf} tells which are.
   */
  public static SqlStatement runTables(TableName target) {
    String schemaCondition =
        target.schema().isPresent() ? "n.nspname = ?" : "n.nspname = current_schema()";
    String likePrefix = base(target) + RUN_MARKER;
    String text =
        "SELECT c.relname FROM pg_catalog.pg_class c"
            + " JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace"
            + " WHERE c.relkind = 'r' AND "
            + schemaCondition
            + " AND LEFT(c.relname, ?) = ?";
    int length = likePrefix.codePointCount(0, likePrefix.length());
    return target.foldedSchema().isPresent()
        ? SqlStatement.of(text, target.foldedSchema().get(), length, likePrefix)
        : SqlStatement.of(text, length, likePrefix);
  }

  /**
   * The promotion, in one transaction after locking the target's ledger and the target: the
   * target's rows become the run table's (by column name: a typed run table may have gained
   * columns, which the target got just before, and the target may hold columns the run never
   * filled), the target's ledger rows become the run's, and the run table and its ledger go away.
   */
  public static List<String> promote(
      TableName target,
      TableName run,
      List<String> runColumns,
      TableName targetLedger,
      TableName runLedger) {
    String columns = runColumns.stream().map(Identifiers::quote).collect(Collectors.joining(", "));
    String targetKey = Identifiers.literal(target.folded());
    return List.of(
        "DELETE FROM " + Identifiers.table(target),
        "INSERT INTO "
            + Identifiers.table(target)
            + " ("
            + columns
            + ") SELECT "
            + columns
            + " FROM "
            + Identifiers.table(run),
        "DELETE FROM " + Identifiers.table(targetLedger) + " WHERE \"target_table\" = " + targetKey,
        "INSERT INTO "
            + Identifiers.table(targetLedger)
            + " (\"target_table\", \"topic\", \"partition\", \"next_offset\", \"updated_at\","
            + " \"version\") SELECT "
            + targetKey
            + ", \"topic\", \"partition\", \"next_offset\", GETDATE(), \"version\" FROM "
            + Identifiers.table(runLedger)
            + " WHERE \"target_table\" = "
            + Identifiers.literal(run.folded()),
        dropTable(run),
        dropTable(runLedger));
  }

  /** Rows in a table, for a replace's summary (and the demo's counts). */
  public static String count(TableName table) {
    return "SELECT COUNT(*) FROM " + Identifiers.table(table);
  }
}
