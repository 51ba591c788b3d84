package dev.redsink.core.load.conformance;

import dev.redsink.core.sql.LedgerSql;
import dev.redsink.core.sql.PreflightSql;
import dev.redsink.core.sql.ReplaceClaimSql;
import dev.redsink.core.sql.SqlStatement;
import dev.redsink.core.sql.SqlTypes;
import dev.redsink.core.sql.TableSql;
import dev.redsink.core.sql.TargetSchemaSql;
import dev.redsink.core.table.ColumnType;
import dev.redsink.core.table.TableName;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The catalog queries the engine sends (pg_catalog tables, privilege functions, svv_transactions,
 * stv_sessions), each on the scratch schema's objects with the answer the engine reads.
 */
final class CatalogItems {
  private final ScratchSchema scratch;
  private final Items items;

  CatalogItems(ScratchSchema scratch, Items items) {
    this.scratch = scratch;
    this.items = items;
  }

  /** Runs after the other groups: the probe table and the loads' ledgers exist by then. */
  void run() throws SQLException {
    TableName probe = scratch.table("errors_probe");
    String schema = scratch.name();
    columns(probe);
    ask("schema exists (TargetSchemaSql.exists)", TargetSchemaSql.exists(schema), "1");
    ask(
        "table exists (PreflightSql.TABLE_EXISTS)",
        SqlStatement.of(PreflightSql.TABLE_EXISTS, probe.folded(), schema),
        "1");
    ask(
        "table owned by the user (PreflightSql.OWNS_TABLE)",
        SqlStatement.of(PreflightSql.OWNS_TABLE, probe.folded(), schema),
        "1");
    ask(
        "CREATE on the schema (has_schema_privilege)",
        SqlStatement.of(PreflightSql.CAN_CREATE_IN_SCHEMA, schema),
        "t");
    ask("TEMP tables (has_database_privilege)", SqlStatement.of(PreflightSql.CAN_CREATE_TEMP), "t");
    ask(
        "INSERT on the table (has_table_privilege)",
        SqlStatement.of(PreflightSql.HAS_TABLE_PRIVILEGE, schema + "." + probe.folded(), "INSERT"),
        "t");
    ledgerTables();
    lockHolders(probe);
    sessions();
  }

  private void columns(TableName probe) throws SQLException {
    SqlStatement query = TableSql.columns(probe);
    List<String> answered = new ArrayList<>();
    for (String row : scratch.rows(query.text(), query.parameters().toArray())) {
      String[] parts = row.split("\\|", -1);
      answered.add(
          parts[0]
              + " "
              + ColumnType.ofCatalog(parts[1]).map(SqlTypes::ddl).orElse("unread " + parts[1]));
    }
    items.add(
        Outcome.compared(
            "columns and types (TableSql.columns: pg_attribute, format_type)",
            query.text(),
            "k INTEGER, v VARCHAR(256)",
            String.join(", ", answered)));
  }

  private void ask(String name, SqlStatement query, String expected) throws SQLException {
    String answered = scratch.value(query.text(), query.parameters().toArray());
    items.add(Outcome.compared(name, query.text(), expected, String.valueOf(answered)));
  }

  private void ledgerTables() throws SQLException {
    SqlStatement query = LedgerSql.ledgerTables(Optional.of(scratch.name()));
    String ledger = LedgerSql.ledgerOf(scratch.table("copy_types")).folded();
    List<String> found = scratch.rows(query.text(), query.parameters().toArray());
    items.add(
        Outcome.judged(
            "ledger tables by prefix (LedgerSql.ledgerTables)",
            query.text(),
            "lists " + ledger,
            found.size() + " ledgers: " + String.join(", ", found),
            found.contains(ledger)));
  }

  private void lockHolders(TableName probe) throws SQLException {
    SqlStatement id = LedgerSql.tableId(probe);
    String oid = scratch.value(id.text(), id.parameters().toArray());
    String name = "lock holders of a table (LedgerSql.tableId, svv_transactions)";
    if (oid == null) {
      items.add(Outcome.failed(name, id.text(), "the table's oid", "no row"));
      return;
    }
    SqlStatement holders = LedgerSql.lockHolders(Long.parseLong(oid));
    List<String> rows = scratch.rows(holders.text(), holders.parameters().toArray());
    items.add(
        Outcome.compared(
            name,
            id.text() + "; " + holders.text(),
            "an oid, then no other session holding a lock",
            "an oid, then " + (rows.isEmpty() ? "no other session holding a lock" : rows)));
  }

  private void sessions() throws SQLException {
    String own = scratch.value(ReplaceClaimSql.session());
    List<String> open = scratch.rows(ReplaceClaimSql.openSessions());
    boolean listed = open.stream().anyMatch(row -> row.split("\\|", -1)[0].equals(own));
    items.add(
        Outcome.judged(
            "open sessions (ReplaceClaimSql.session, stv_sessions)",
            ReplaceClaimSql.session() + "; " + ReplaceClaimSql.openSessions(),
            "this session's pid among the open sessions",
            "pid " + own + (listed ? " listed" : " not listed") + " among " + open.size(),
            listed));
  }
}
