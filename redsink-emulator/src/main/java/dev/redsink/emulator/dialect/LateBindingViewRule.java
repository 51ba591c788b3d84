package dev.redsink.emulator.dialect;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Redshift's late-binding views, {@code CREATE [OR REPLACE] VIEW … WITH NO SCHEMA BINDING}: every
 * relation the query reads must be qualified with its schema, and the backend creates the view
 * bound to its relations while they exist, unbound while they do not (views.sql), so DDL on them
 * never trips over it.
 *
 * @see <a
 *     href="https://docs.aws.amazon.com/redshift/latest/dg/r_CREATE_VIEW.html#r_CREATE_VIEW_late-binding-views">Late-binding
 *     views</a>
 */
final class LateBindingViewRule {

  /**
   * Redshift's refusal of an unqualified relation, as its users quote it (e.g. dbt-labs/redshift
   * pull request 55); Redshift documents no SQLSTATE for it, so the emulator says 0A000.
   */
  static final String NOT_QUALIFIED =
      "All the relation names inside should be qualified when creating VIEW WITH NO SCHEMA BINDING.";

  private static final String[] CLAUSE = {"WITH", "NO", "SCHEMA", "BINDING"};

  private LateBindingViewRule() {}

  static boolean applies(Statement s) {
    return (s.startsWith("CREATE", "VIEW") || s.startsWith("CREATE", "OR", "REPLACE", "VIEW"))
        && s.size() > CLAUSE.length
        && s.matches(s.size() - CLAUSE.length, CLAUSE);
  }

  /** The CREATE VIEW without its WITH NO SCHEMA BINDING clause, as PostgreSQL would read it. */
  static Statement withoutClause(Statement s) {
    return s.edit().remove(s.size() - CLAUSE.length, s.size()).apply();
  }

  /**
   * The backend call that creates the late-binding view a CREATE VIEW (as rewritten for PostgreSQL,
   * without the clause) defines.
   */
  static String creation(Statement view, SqlNames names) throws DialectException {
    boolean replace = view.at(1).is("OR");
    int name = replace ? 4 : 2;
    int nameEnd = CreateTableRule.nameEnd(view, name);
    int as = view.at(nameEnd).isSymbol("(") ? view.closing(nameEnd) + 1 : nameEnd;
    if (!view.at(as).is("AS")) {
      throw new DialectException(RedshiftError.syntaxErrorAt(view.at(as).text()));
    }
    List<String> relations = new ArrayList<>();
    for (String relation : relations(view, names)) {
      relations.add(literal(relation));
    }
    return "SELECT redsink_emulator.create_late_binding_view("
        + literal(view.text(name, nameEnd))
        + ", "
        + literal(as > nameEnd ? " " + view.text(nameEnd, as) : "")
        + ", "
        + literal(view.text(as + 1, view.size()))
        + ", ARRAY["
        + String.join(", ", relations)
        + "]::text[], "
        + replace
        + ")";
  }

  /**
   * The relations the query reads, as written; a common table expression is no relation, and any
   * other name without a schema is refused as Redshift refuses it.
   */
  private static List<String> relations(Statement s, SqlNames names) throws DialectException {
    Set<String> commonTables = commonTableNames(s, names);
    List<String> out = new ArrayList<>();
    for (FromItem item : FromClauses.scan(s, names).items()) {
      if (item.kind() != FromItem.Kind.RELATION) {
        continue;
      }
      int start = s.at(item.start()).is("LATERAL") ? item.start() + 1 : item.start();
      int end = Paths.end(s, start);
      if (end == start + 1) {
        if (commonTables.contains(names.fold(s.at(start)))) {
          continue;
        }
        throw new DialectException(
            RedshiftError.of(RedshiftError.FEATURE_NOT_SUPPORTED, NOT_QUALIFIED));
      }
      StringBuilder relation = new StringBuilder();
      for (int i = start; i < end; i++) {
        relation.append(s.at(i).text());
      }
      out.add(relation.toString());
    }
    return out;
  }

  /** The names {@code WITH [RECURSIVE] name [(columns)] AS [NOT] [MATERIALIZED] (…), …} define. */
  private static Set<String> commonTableNames(Statement s, SqlNames names) {
    Set<String> out = new HashSet<>();
    for (int i = 0; i < s.size(); i++) {
      if (!s.at(i).is("WITH")) {
        continue;
      }
      int j = s.at(i + 1).is("RECURSIVE") ? i + 2 : i + 1;
      while (s.at(j).isIdentifier()) {
        out.add(names.fold(s.at(j)));
        int k = s.at(j + 1).isSymbol("(") ? s.closing(j + 1) + 1 : j + 1;
        if (!s.at(k).is("AS")) {
          break;
        }
        k = s.at(k + 1).is("NOT") ? k + 2 : k + 1;
        k = s.at(k).is("MATERIALIZED") ? k + 1 : k;
        if (!s.at(k).isSymbol("(")) {
          break;
        }
        k = s.closing(k) + 1;
        if (!s.at(k).isSymbol(",")) {
          break;
        }
        j = k + 1;
      }
    }
    return out;
  }

  private static String literal(String text) {
    return "'" + text.replace("'", "''") + "'";
  }
}
