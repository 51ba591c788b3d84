package dev.redsink.core.load.conformance;

import dev.redsink.core.error.ErrorCategory;
import dev.redsink.core.load.ConnectionEviction;
import dev.redsink.core.load.SqlStates;
import dev.redsink.core.sql.ConformanceSql;
import dev.redsink.core.sql.SchemaSql;
import dev.redsink.core.table.Column;
import dev.redsink.core.table.ColumnRole;
import dev.redsink.core.table.ColumnType;
import dev.redsink.core.table.TableName;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.function.Predicate;

/**
 * The failures the engine classifies, provoked on purpose and read by the engine's own classifier
 * ({@link SqlStates}, {@link ConnectionEviction}): a serializable isolation violation between two
 * sessions, objects that already exist or are missing, a VARCHAR resized to its own size.
 */
final class ErrorItems {
  private final ScratchSchema scratch;
  private final Items items;

  ErrorItems(ScratchSchema scratch, Items items) {
    this.scratch = scratch;
    this.items = items;
  }

  void run() throws SQLException {
    TableName probe = scratch.table("errors_probe");
    scratch.execute(ConformanceSql.createProbeTable(probe));
    serializableIsolation();
    provoke(
        "\"already exists\": CREATE TABLE of a table another writer created",
        ConformanceSql.createProbeTable(probe),
        "SQLSTATE 42P07, read as created by another writer",
        e -> SqlStates.createdMeanwhile(e));
    provoke(
        "\"already exists\": ADD COLUMN another writer added",
        SchemaSql.addColumn(probe, new Column("k", ColumnType.INTEGER, ColumnRole.FIELD, null, 0)),
        "SQLSTATE " + SchemaSql.DUPLICATE_COLUMN + " (SchemaSql.DUPLICATE_COLUMN)",
        e -> SchemaSql.DUPLICATE_COLUMN.equals(e.getSQLState()));
    provoke(
        "missing table: read as the table changed under the sink",
        ConformanceSql.count(scratch.table("no_such_table")),
        "SQLSTATE 42P01, read as the table changed",
        SqlStates::tableChanged);
    provoke(
        "missing column: read as the table changed under the sink",
        ConformanceSql.selectMissingColumn(probe),
        "SQLSTATE 42703, read as the table changed",
        SqlStates::tableChanged);
    provoke(
        "VARCHAR resized to its own size: refused, the session kept",
        SchemaSql.widenVarchar(probe, "v", 256),
        "SQLSTATE " + SqlStates.FEATURE_NOT_SUPPORTED + ", the pooled connection not evicted",
        e ->
            new ConnectionEviction().adjudicate(e)
                == com.zaxxer.hikari.SQLExceptionOverride.Override.DO_NOT_EVICT);
    items.add(
        Outcome.skipped(
            "permission denied (SQLSTATE 42501): classified as authorization",
            "a statement by a user without the privilege",
            "needs a second database user without privileges, and a conformance run creates no"
                + " users; redsink check's privileges item covers the grants the engine needs"));
  }

  /**
   * Two sessions each read one table and write the other's: Redshift refuses the second commit (or
   * write) with error 1023, which the engine retries as transient.
   */
  private void serializableIsolation() throws SQLException {
    String name = "serializable isolation violation (error 1023): retried as transient";
    TableName a = scratch.table("errors_cycle_a");
    TableName b = scratch.table("errors_cycle_b");
    scratch.execute(ConformanceSql.createProbeTable(a));
    scratch.execute(ConformanceSql.createProbeTable(b));
    String statement =
        "session 1: "
            + ConformanceSql.count(a)
            + "; session 2: "
            + ConformanceSql.count(b)
            + "; session 1: "
            + ConformanceSql.insertProbeRow(b, 1)
            + "; session 2: "
            + ConformanceSql.insertProbeRow(a, 2)
            + "; COMMIT both";
    String expected = "XX000 error 1023 on one of them, classified " + ErrorCategory.TRANSIENT;
    try (Connection one = scratch.newSession();
        Connection two = scratch.newSession()) {
      one.setAutoCommit(false);
      two.setAutoCommit(false);
      SQLException refused = null;
      ErrorCategory category = null;
      try (Statement s1 = one.createStatement();
          Statement s2 = two.createStatement()) {
        s1.executeQuery(ConformanceSql.count(a)).close();
        s2.executeQuery(ConformanceSql.count(b)).close();
        s1.executeUpdate(ConformanceSql.insertProbeRow(b, 1));
        s2.executeUpdate(ConformanceSql.insertProbeRow(a, 2));
        one.commit();
      } catch (SQLException e) {
        refused = e;
        category = SqlStates.classify(e);
      }
      if (refused == null) {
        try {
          two.commit();
        } catch (SQLException e) {
          refused = e;
          category = SqlStates.classifyCommit(e);
        }
      }
      rollbackQuietly(one);
      rollbackQuietly(two);
      if (refused == null) {
        items.add(
            Outcome.failed(
                name,
                statement,
                expected,
                "both committed: the cluster did not refuse the cycle, so the emulator's 1023"
                    + " is one this cluster never raises here"));
        return;
      }
      items.add(
          Outcome.judged(
              name,
              statement,
              expected,
              ScratchSchema.firstLine(refused) + ", classified " + category,
              category == ErrorCategory.TRANSIENT));
    }
  }

  private void provoke(
      String name, String statement, String expected, Predicate<SQLException> recognised) {
    try {
      scratch.execute(statement);
      items.add(Outcome.failed(name, statement, expected, "no error: the statement succeeded"));
    } catch (SQLException e) {
      items.add(
          Outcome.judged(
              name,
              statement,
              expected,
              ScratchSchema.firstLine(e)
                  + (recognised.test(e) ? ", recognised" : ", not recognised by the engine"),
              recognised.test(e)));
    }
  }

  private static void rollbackQuietly(Connection c) {
    try {
      c.rollback();
    } catch (SQLException e) {
      // the session is closed next; the server rolls back then
    }
  }
}
