package dev.redsink.emulator.dialect;

import java.util.List;
import java.util.Set;

/**
 * Redshift's ALTER TABLE: one column per ADD COLUMN, VARCHAR-only ALTER COLUMN TYPE outside a
 * transaction block, ALTER TABLE APPEND outside a block, and distribution, sort and encoding
 * changes accepted as no-ops.
 */
final class AlterTableRule {

  private static final String TAG = "ALTER TABLE";

  private AlterTableRule() {}

  /** The emulator-run form of this ALTER TABLE, or null when it is forwarded. */
  static SpecialStatement special(Statement s, DialectContext ctx) throws DialectException {
    int nameStart = s.matches(2, "IF", "EXISTS") ? 4 : 2;
    int action = CreateTableRule.nameEnd(s, nameStart);
    String table = s.text(nameStart, action);
    if (s.at(action).is("APPEND")) {
      if (!s.at(action + 1).is("FROM")) {
        throw new DialectException(RedshiftError.syntaxErrorAt(s.at(action + 1).text()));
      }
      String source = s.text(action + 2, CreateTableRule.nameEnd(s, action + 2));
      return new SpecialStatement.OutsideBlock(
          "ALTER TABLE APPEND",
          TAG,
          List.of("INSERT INTO " + table + " SELECT * FROM " + source, "DELETE FROM " + source),
          Set.of());
    }
    if (s.matches(action, "ALTER", "COLUMN") && s.at(action + 3).is("TYPE")) {
      return alterColumnType(s, action, table, ctx);
    }
    if (s.matches(action, "ALTER", "COLUMN") && s.at(action + 3).is("ENCODE")) {
      return new SpecialStatement.NoOp(TAG);
    }
    if (s.at(action).is("ALTER")
        && (s.at(action + 1).is("DISTKEY")
            || s.at(action + 1).is("DISTSTYLE")
            || s.at(action + 1).is("SORTKEY")
            || s.at(action + 1).is("COMPOUND")
            || s.at(action + 1).is("ENCODE"))) {
      return new SpecialStatement.NoOp(TAG);
    }
    if (s.at(action).is("ADD")
        && (s.at(action + 1).is("PRIMARY")
            || s.at(action + 1).is("UNIQUE")
            || s.at(action + 1).is("FOREIGN")
            || s.at(action + 1).is("CONSTRAINT"))) {
      return new SpecialStatement.NoOp(TAG);
    }
    return null;
  }

  private static SpecialStatement alterColumnType(
      Statement s, int action, String table, DialectContext ctx) throws DialectException {
    Token column = s.at(action + 2);
    TypeMapping.MappedType type =
        TypeMapping.map(s, action + 4, table + "." + column.identifierName());
    if (type.domain() == null || !type.domain().name().startsWith("rs_varchar_")) {
      throw new DialectException(
          RedshiftError.of(
              RedshiftError.FEATURE_NOT_SUPPORTED,
              "ALTER COLUMN TYPE is supported only for VARCHAR columns"));
    }
    ctx.require(type.domain());
    String sql =
        s.text(0, action + 4)
            + " "
            + type.postgresSql()
            + " "
            + s.text(type.end(), s.size())
            + ChangedRelations.comment(s);
    return new SpecialStatement.OutsideBlock(
        "ALTER TABLE ALTER COLUMN",
        TAG,
        List.of(sameSizeCheck(table, column.identifierName(), type.domain()), sql.strip()),
        ctx.domains());
  }

  /**
   * Redshift refuses a resize to the column's current size with SQLSTATE 0A000 "cannot alter column
   * … target column size should be different" (PostgreSQL accepts it as a no-op), which is what a
   * writer that widens a column another writer already widened receives.
   */
  private static String sameSizeCheck(String table, String column, Domain domain) {
    String relation = table.replace("'", "''");
    String name = column.replace("'", "''");
    String message =
        ("cannot alter column \""
                + column
                + "\" of relation \""
                + unquoted(table)
                + "\", target column size should be different")
            .replace("'", "''");
    return "DO $rs$ BEGIN IF EXISTS (SELECT 1 FROM pg_catalog.pg_attribute"
        + " WHERE attrelid = '"
        + relation
        + "'::regclass AND attname = '"
        + name
        + "' AND NOT attisdropped AND atttypid = 'pg_catalog."
        + domain.name()
        + "'::regtype) THEN RAISE EXCEPTION '%', '"
        + message
        + "' USING ERRCODE = '0A000'; END IF; END $rs$";
  }

  private static String unquoted(String table) {
    String last = table.substring(table.lastIndexOf('.') + 1);
    return last.startsWith("\"") && last.endsWith("\"") && last.length() > 1
        ? last.substring(1, last.length() - 1).replace("\"\"", "\"")
        : last.toLowerCase(java.util.Locale.ROOT);
  }

  /** Rewrites a forwarded ALTER TABLE (ADD COLUMN maps its type; one column per statement). */
  static String rewrite(Statement s, DialectContext ctx) throws DialectException {
    int nameStart = s.matches(2, "IF", "EXISTS") ? 4 : 2;
    int action = CreateTableRule.nameEnd(s, nameStart);
    for (int i = action; i < s.size(); i++) {
      if (s.at(i).isSymbol(",") && CreateTableRule.depth(s, action, i) == 0) {
        throw new DialectException(RedshiftError.syntaxErrorAt(","));
      }
    }
    if (!s.at(action).is("ADD")) {
      return s.text();
    }
    int column = s.at(action + 1).is("COLUMN") ? action + 2 : action + 1;
    String table = s.at(action - 1).identifierName();
    return s.text(0, column) + " " + CreateTableRule.column(s, column, s.size(), table, ctx, null);
  }
}
