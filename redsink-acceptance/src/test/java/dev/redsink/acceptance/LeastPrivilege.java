package dev.redsink.acceptance;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Every runtime of the matrix loads as {@value #USER}, a database user that is not a superuser and
 * holds exactly the privileges docs/how-it-works.md lists ("The privileges a load uses") for the
 * cell's write mode and table: a privilege the docs leave out fails the cell's load, so the table
 * there is proven on every runtime, layout and write mode.
 */
final class LeastPrivilege {
  static final String USER = "loader";
  static final String PASSWORD = "Loader-Least-1";

  private LeastPrivilege() {}

  /** The GRANTs a DBA runs before the cell's first load, as the documentation's table says. */
  static List<String> grants(Cell cell, Map<String, Object> config) {
    List<String> out = new ArrayList<>();
    // Redsink creates the target and its ledger; a schema that does not exist yet it creates too.
    out.add(
        cell.state() == TableState.NEW_SCHEMA
            ? "GRANT CREATE ON DATABASE dev TO " + USER
            : "GRANT CREATE ON SCHEMA " + cell.schema().orElse("public") + " TO " + USER);
    String mode = String.valueOf(config.getOrDefault("write_mode", "append"));
    boolean replacesRows = mode.equals("upsert") || mode.equals("cdc");
    boolean versions = mode.equals("history");
    if (replacesRows || versions) {
      out.add("GRANT TEMP ON DATABASE dev TO " + USER);
    }
    if (cell.state() == TableState.DBA_TABLE) {
      // A DBA's table has no ledger yet: the first load reads the offsets it holds.
      List<String> onTarget = new ArrayList<>(List.of("INSERT", "SELECT"));
      if (replacesRows) {
        onTarget.add("DELETE");
      }
      if (versions || mode.equals("cdc") && "soft".equals(config.get("cdc_delete_mode"))) {
        onTarget.add("UPDATE");
      }
      out.add(
          "GRANT " + String.join(", ", onTarget) + " ON " + cell.qualifiedTable() + " TO " + USER);
      boolean evolves =
          cell.layout().isTyped()
              && !"none"
                  .equals(String.valueOf(config.getOrDefault("schema_evolution", "add_columns")));
      if (evolves || cell.runtime() == RuntimeKind.REPLACE) {
        out.add("ALTER TABLE " + cell.qualifiedTable() + " OWNER TO " + USER);
      }
    }
    return out;
  }
}
