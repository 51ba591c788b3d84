package dev.redsink.emulator.dialect;

/**
 * Rewrites expressions that differ between Redshift and PostgreSQL: type names in casts ({@code
 * ::varbyte}, {@code CAST(x AS VARCHAR(MAX))}), string literals cast to SUPER or VARBYTE (a VARCHAR
 * value, not JSON or bytea text), the bare word SYSDATE, JSON_SERIALIZE, DATEADD's datepart, the
 * SUPER constructors ARRAY(…) and OBJECT(…), and version().
 */
final class ExpressionRule {

  /** The catalogs client queries read through an rs_ view of them (clients.sql). */
  private static final java.util.Set<String> CLIENT_CATALOGS =
      java.util.Set.of(
          "PG_CLASS", "PG_ATTRIBUTE", "PG_INDEX", "PG_CONSTRAINT", "PG_NAMESPACE", "PG_PROC");

  private ExpressionRule() {}

  static Statement apply(Statement s) throws DialectException {
    StatementEdit edit = s.edit();
    for (int i = 0; i < s.size(); i++) {
      Token t = s.at(i);
      if (t.kind() == Token.Kind.NUMBER
          && s.at(i + 1).kind() == Token.Kind.WORD
          && s.tokenIndex(i + 1) == s.tokenIndex(i) + 1) {
        // Redshift reads "THEN 1WHEN" as 1 WHEN (the JDBC driver's getColumns sends it);
        // PostgreSQL refuses trailing junk after a number.
        edit.replace(i, t.text() + " ");
      } else if (t.isSymbol("::") && s.at(i + 1).kind() == Token.Kind.WORD) {
        literalAsVarchar(s, i - 1, i + 1, edit);
        i = castType(s, i + 1, edit);
      } else if (t.is("CAST") && s.at(i + 1).isSymbol("(")) {
        int close = s.closing(i + 1);
        int as = lastAs(s, i + 2, close);
        if (as > 0) {
          if (as == i + 3) {
            literalAsVarchar(s, i + 2, as + 1, edit);
          }
          castType(s, as + 1, edit);
        }
      } else if ((t.is("ARRAY") || t.is("OBJECT"))
          && s.at(i + 1).isSymbol("(")
          && !s.at(i - 1).isSymbol(".")
          && !isSubquery(s.at(i + 2))) {
        // https://docs.aws.amazon.com/redshift/latest/dg/r_array.html, r_object_function.html
        edit.replace(i, "(pg_catalog.json_build_" + t.text().toLowerCase(java.util.Locale.ROOT));
        edit.replace(s.closing(i + 1), ")::pg_catalog.super)");
      } else if (t.is("SYSDATE") && !s.at(i + 1).isSymbol("(") && !s.at(i - 1).isSymbol(".")) {
        edit.replace(i, "pg_catalog.sysdate()");
      } else if (t.is("NOTNULL")
          && (s.at(i - 1).isSymbol(",") || s.at(i - 1).is("SELECT") || s.at(i - 1).isSymbol("."))) {
        // pg_table_def's "notnull" column; PostgreSQL reads a bare NOTNULL as an operator.
        edit.replace(i, "\"notnull\"");
      } else if (CLIENT_CATALOGS.contains(t.upper())
          && StatementKind.of(s) == StatementKind.SELECT
          && !s.at(i + 1).isSymbol("(")
          && (!s.at(i - 1).isSymbol(".") || s.at(i - 2).is("PG_CATALOG"))) {
        // Catalog reads see the catalog as Redshift shows it (see clients.sql).
        edit.replace(i, "rs_" + t.text().toLowerCase(java.util.Locale.ROOT));
      } else if (t.is("FORMAT_TYPE") && s.at(i + 1).isSymbol("(")) {
        // Column types must read as Redshift names (character varying(n)), not emulator domains.
        boolean qualified = s.at(i - 1).isSymbol(".") && s.at(i - 2).is("PG_CATALOG");
        edit.replace(qualified ? i - 2 : i, i + 1, "pg_catalog.redshift_type");
      } else if (t.is("DATEADD") && s.at(i + 1).isSymbol("(") && !s.at(i - 1).isSymbol(".")) {
        // DATEADD(day, n, t): Redshift's datepart is a bare word, PostgreSQL would read a column.
        edit.replace(i, "redsink_emulator.dateadd");
        if (s.at(i + 2).kind() == Token.Kind.WORD && s.at(i + 3).isSymbol(",")) {
          edit.replace(i + 2, "'" + s.at(i + 2).text().toLowerCase(java.util.Locale.ROOT) + "'");
        }
      } else if (t.is("JSON_SERIALIZE") && s.at(i + 1).isSymbol("(")) {
        // PostgreSQL 17 parses JSON_SERIALIZE as SQL/JSON syntax; Redshift's takes SUPER.
        edit.replace(i, "redsink_emulator.json_serialize");
      } else if (t.is("VERSION")
          && s.at(i + 1).isSymbol("(")
          && s.at(i + 2).isSymbol(")")
          && !s.at(i - 1).isSymbol(".")) {
        edit.replace(i, i + 3, "pg_catalog.redshift_version()");
        i += 2;
      }
    }
    return edit.isEmpty() ? s : edit.apply();
  }

  /** {@code 'abc'::super} is the string "abc" and {@code 'abc'::varbyte} its UTF-8 bytes. */
  private static void literalAsVarchar(Statement s, int literal, int type, StatementEdit edit) {
    if (s.at(literal).kind() != Token.Kind.STRING) {
      return;
    }
    String name = s.at(type).upper();
    if (name.equals("SUPER")
        || name.equals("VARBYTE")
        || name.equals("VARBINARY")
        || (name.equals("BINARY") && s.at(type + 1).is("VARYING"))) {
      edit.replace(literal, s.at(literal).text() + "::varchar");
    }
  }

  private static boolean isSubquery(Token t) {
    return t.is("SELECT") || t.is("WITH") || t.is("VALUES") || t.isSymbol("(");
  }

  private static int castType(Statement s, int at, StatementEdit edit) throws DialectException {
    TypeMapping.MappedType type = TypeMapping.map(s, at, null);
    String written = s.text(at, type.end());
    if (!written.equalsIgnoreCase(type.postgresSql())) {
      edit.replace(at, type.end(), type.postgresSql());
    }
    return type.end() - 1;
  }

  private static int lastAs(Statement s, int from, int close) {
    int found = -1;
    int depth = 0;
    for (int i = from; i < close; i++) {
      if (s.at(i).isSymbol("(")) {
        depth++;
      } else if (s.at(i).isSymbol(")")) {
        depth--;
      } else if (depth == 0 && s.at(i).is("AS")) {
        found = i;
      }
    }
    return found;
  }
}
