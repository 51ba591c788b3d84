package dev.redsink.core.sql;

import dev.redsink.core.table.TableName;

/**
 * Statements on a target's replace claims: {@code _redsink_replace_<target>} next to the target,
 * one row per replace run of it (its run table, when it started, the session and host process that
 * run it, when it last renewed its claim, and whether its swap committed). A run claims the target
 * before it creates its run table and renews the claim while it runs; a second replace finds a live
 * claim and refuses, and a claim whose session ended or that was not renewed for a while is a
 * crashed run's, whose tables may be dropped. The swap's transaction marks its own claim committed,
 * so "did it commit?" is read from the claim, never guessed from a missing run table.
 */
public final class ReplaceClaimSql {

  /** Every claims table's name starts with this; the target's name follows. */
  public static final String PREFIX = "_redsink_replace_";

  /** The stored format written into every claim row. */
  public static final int FORMAT_VERSION = 1;

  /** A claim whose run is loading or swapping. */
  public static final String RUNNING = "running";

  /** A claim whose swap committed: the target holds the run's rows. */
  public static final String COMMITTED = "committed";

  private ReplaceClaimSql() {}

  /**
   * The claims table of a target, next to it: {@code _redsink_replace_<folded target name>}, fitted
   * to Redshift's identifier limit as a ledger's name is.
   */
  public static TableName claimsOf(TableName target) {
    return SideTable.of(PREFIX, target);
  }

  /** Creates a claims table if missing. */
  public static String create(TableName claims) {
    return "CREATE TABLE IF NOT EXISTS "
        + Identifiers.table(claims)
        + " (\n"
        + "  \"run_table\" VARCHAR(512) NOT NULL,\n"
        + "  \"state\" VARCHAR(16) NOT NULL,\n"
        + "  \"started_at\" TIMESTAMP NOT NULL,\n"
        + "  \"renewed_at\" TIMESTAMP NOT NULL,\n"
        + "  \"owner\" VARCHAR(512) NOT NULL,\n"
        + "  \"db_user\" VARCHAR(128) NOT NULL,\n"
        + "  \"session_pid\" BIGINT NOT NULL,\n"
        + "  \"version\" INTEGER NOT NULL\n"
        + ")";
  }

  /**
   * Takes the claims table's lock, first in every transaction that reads or writes claims: claims,
   * renewals and the swap queue here, and each reads what the one before it committed.
   */
  public static String lock(TableName claims) {
    return TableSql.lock(claims);
  }

  /**
   * Every claim (run_table, state, started_at, renewed_at, owner, db_user, session_pid, version)
   * with the server's clock (GETDATE()) as the last column, so a claim's age never depends on the
   * client's clock. Timestamps are UTC without a zone.
   */
  public static String readAll(TableName claims) {
    return "SELECT \"run_table\", \"state\", \"started_at\", \"renewed_at\", \"owner\", \"db_user\","
        + " \"session_pid\", \"version\", GETDATE() FROM "
        + Identifiers.table(claims)
        + " ORDER BY \"started_at\"";
  }

  /** A run's claim, renewed now. */
  public static SqlStatement insert(
      TableName claims, String runTable, String owner, String dbUser, long sessionPid) {
    return SqlStatement.of(
        "INSERT INTO "
            + Identifiers.table(claims)
            + " (\"run_table\", \"state\", \"started_at\", \"renewed_at\", \"owner\", \"db_user\","
            + " \"session_pid\", \"version\") VALUES (?, ?, GETDATE(), GETDATE(), ?, ?, ?, ?)",
        runTable,
        RUNNING,
        owner,
        dbUser,
        sessionPid,
        FORMAT_VERSION);
  }

  /**
   * Renews a run's claim from the session holding it; the update count says whether it still is.
   */
  public static SqlStatement renew(TableName claims, String runTable, long sessionPid) {
    return SqlStatement.of(
        "UPDATE "
            + Identifiers.table(claims)
            + " SET \"renewed_at\" = GETDATE(), \"session_pid\" = ? WHERE \"run_table\" = ?",
        sessionPid,
        runTable);
  }

  /** A run's claim state; no row when it was given up or taken over. */
  public static SqlStatement state(TableName claims, String runTable) {
    return SqlStatement.of(
        "SELECT \"state\" FROM " + Identifiers.table(claims) + " WHERE \"run_table\" = ?",
        runTable);
  }

  /**
   * Marks a run's claim committed, inside its swap's transaction; the update count is 1 only while
   * the run still holds a running claim.
   */
  public static SqlStatement markCommitted(TableName claims, String runTable) {
    return SqlStatement.of(
        "UPDATE "
            + Identifiers.table(claims)
            + " SET \"state\" = ? WHERE \"run_table\" = ? AND \"state\" = ?",
        COMMITTED,
        runTable,
        RUNNING);
  }

  /** Removes a claim: the run's own when it ends, or a crashed run's. */
  public static SqlStatement remove(TableName claims, String runTable) {
    return SqlStatement.of(
        "DELETE FROM " + Identifiers.table(claims) + " WHERE \"run_table\" = ?", runTable);
  }

  /** This session's process id and database user (no table: it runs on the leader node alone). */
  public static String session() {
    return "SELECT pg_backend_pid(), current_user";
  }

  /**
   * The sessions open now (process id and user): a regular user sees only its own, a superuser
   * every one.
   *
   * @see <a href="https://docs.aws.amazon.com/redshift/latest/dg/r_STV_SESSIONS.html">
   *     STV_SESSIONS</a>
   */
  public static String openSessions() {
    return "SELECT \"process\", TRIM(\"user_name\") FROM stv_sessions";
  }
}
