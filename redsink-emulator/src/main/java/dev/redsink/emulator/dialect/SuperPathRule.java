package dev.redsink.emulator.dialect;

import java.util.Set;

/**
 * PartiQL over SUPER as Redshift reads it
 * (https://docs.aws.amazon.com/redshift/latest/dg/query-super.html): navigation ({@code
 * payload.city}, {@code t.payload.items[0].sku}) becomes calls of the emulator's lax navigation
 * function, unnesting ({@code FROM t, t.payload.items AS i [AT n]}) and object unpivoting ({@code
 * FROM t, UNPIVOT t.payload AS v AT k}) become lateral set-returning calls, and PostgreSQL's JSON
 * operators, which Redshift does not have, are refused. Runs before {@link IdentifierRule}, because
 * attribute names fold by the SUPER rules, not the identifier rules.
 */
final class SuperPathRule {

  private static final String GET = "redsink_emulator.super_get(";

  /** PostgreSQL's json and jsonb operators; Redshift has none of them. */
  private static final Set<String> JSON_OPERATORS =
      Set.of("->", "->>", "#>", "#>>", "@>", "<@", "?|", "?&", "#-", "@?");

  /** Words after which a path names a table, a collation or a type, not a value. */
  private static final Set<String> BEFORE_NAME =
      Set.of(
          "INTO",
          "UPDATE",
          "TABLE",
          "VIEW",
          "JOIN",
          "USING",
          "REFERENCES",
          "LIKE",
          "ONLY",
          "COLLATE",
          "RETURNS");

  /** Words that end a select-list item. */
  private static final Set<String> AFTER_SELECT_ITEM =
      Set.of("FROM", "INTO", "UNION", "EXCEPT", "INTERSECT", "ORDER", "LIMIT", "WHERE", "GROUP");

  private final Statement s;
  private final SqlNames names;
  private final FromClauses from;
  private final StatementEdit edit;

  private SuperPathRule(Statement s, SessionFlags flags) {
    this.s = s;
    this.names = new SqlNames(flags);
    this.from = FromClauses.scan(s, names);
    this.edit = s.edit();
  }

  static Statement apply(Statement s, SessionFlags flags) {
    if (!applies(s)) {
      return s;
    }
    SuperPathRule rule = new SuperPathRule(s, flags);
    rule.rewrite();
    return rule.edit.isEmpty() ? s : rule.edit.apply();
  }

  private static boolean applies(Statement s) {
    return switch (StatementKind.of(s)) {
      case SELECT, INSERT, UPDATE, DELETE, MERGE -> true;
      case CREATE -> isQuery(s); // CREATE VIEW … AS SELECT, CREATE TABLE … AS SELECT
      default -> false;
    };
  }

  private static boolean isQuery(Statement s) {
    int as = s.find(0, "AS");
    return as > 0
        && (s.at(as + 1).is("SELECT") || s.at(as + 1).is("WITH") || s.at(as + 1).isSymbol("("));
  }

  private void rewrite() {
    boolean[] done = new boolean[s.size() + 1];
    for (FromItem item : from.items()) {
      if (item.iteratesSuper()) {
        edit.replace(item.start(), item.end(), lateral(item));
      }
      if (item.kind() != FromItem.Kind.DERIVED) {
        for (int k = item.start(); k < item.end(); k++) {
          done[k] = true;
        }
      }
    }
    for (int i = 0; i < s.size(); i++) {
      if (done[i]) {
        continue;
      }
      Token t = s.at(i);
      if (t.kind() == Token.Kind.OPERATOR && JSON_OPERATORS.contains(t.text())) {
        // Undefined there, so PostgreSQL reports "operator does not exist: super -> unknown".
        edit.replace(i, "OPERATOR(redsink_emulator." + t.text() + ")");
      } else if (startsPath(i)) {
        int end = Paths.end(s, i);
        String value = value(i, end);
        if (value != null) {
          edit.replace(i, end, end > i + 1 ? value + label(i, end) : value);
          literalsInList(end);
        }
        i = end - 1;
      }
    }
  }

  private boolean startsPath(int i) {
    Token t = s.at(i);
    if (!t.isIdentifier() || (t.is("ARRAY") && !from.isSuper("array"))) {
      return false; // ARRAY[1, 2] is PostgreSQL's array constructor, unless array names a value
    }
    Token before = s.at(i - 1);
    if (before.isSymbol(".")
        || before.isSymbol("::")
        || before.is("AS")
        || BEFORE_NAME.contains(before.upper())) {
      return false;
    }
    return !s.at(Paths.end(s, i)).isSymbol("(");
  }

  /**
   * The PostgreSQL expression for the path [start, end) when it navigates SUPER or names an
   * unnested value; null for a plain column or table reference.
   */
  private String value(int start, int end) {
    if (s.at(end - 1).isSymbol("*")) {
      return null;
    }
    int root;
    String base;
    if (from.isSuper(names.fold(s.at(start)))) {
      root = start + 1;
      base = IdentifierRule.quote(names.fold(s.at(start)));
      if (root == end) {
        return base;
      }
    } else {
      root = rootEnd(start, end);
      if (root >= end) {
        return null;
      }
      base = s.text(start, root);
    }
    StringBuilder expr = new StringBuilder(base);
    for (int i = root; i < end; ) {
      if (s.at(i).isSymbol("[")) {
        int close = Paths.closingBracket(s, i);
        expr.insert(0, GET).append(", (").append(s.text(i + 1, close)).append("))");
        i = close + 1;
      } else {
        String attribute = names.attribute(s.at(i + 1));
        expr.insert(0, GET).append(", ").append(literal(attribute)).append(")");
        i += 2;
      }
    }
    return expr.toString();
  }

  /** Where the column reference at the start of a path ends: c, t.c or s.t.c. */
  private int rootEnd(int start, int end) {
    int parts = 1;
    while (start + 2 * parts < end && s.at(start + 2 * parts - 1).isSymbol(".")) {
      parts++;
    }
    String first = names.fold(s.at(start));
    if (parts >= 2 && from.isTable(first)) {
      return start + 3;
    }
    if (parts >= 3 && from.isQualifiedTable(first, names.fold(s.at(start + 2)))) {
      return start + 5;
    }
    return start + 1;
  }

  /**
   * A column name for a navigation that is a whole select-list item, as Redshift names it: after
   * the last attribute (SELECT payload.city gives "city"), not after the emulator's function.
   */
  private String label(int start, int end) {
    Token before = s.at(start - 1);
    Token after = s.at(end);
    boolean itemStart =
        before.is("SELECT") || before.is("DISTINCT") || before.is("ALL") || before.isSymbol(",");
    boolean itemEnd =
        end >= s.size()
            || after.isSymbol(",")
            || after.isSymbol(")")
            || AFTER_SELECT_ITEM.contains(after.upper());
    if (!itemStart || !itemEnd || !inSelectList(start)) {
      return "";
    }
    return " AS " + IdentifierRule.quote(names.fold(Paths.lastName(s, start, end)));
  }

  /** True when the nearest clause keyword before {@code i} at its depth is SELECT. */
  private boolean inSelectList(int i) {
    int depth = 0;
    for (int k = i - 1; k >= 0; k--) {
      Token t = s.at(k);
      if (t.isSymbol(")")) {
        depth++;
      } else if (t.isSymbol("(")) {
        if (depth == 0) {
          return false;
        }
        depth--;
      } else if (depth == 0 && t.kind() == Token.Kind.WORD) {
        if (t.is("SELECT")) {
          return true;
        }
        if (Set.of("FROM", "WHERE", "GROUP", "HAVING", "ORDER", "ON", "SET", "VALUES", "WHEN")
            .contains(t.upper())) {
          return false;
        }
      }
    }
    return false;
  }

  /**
   * {@code payload.status IN ('A', 'B')}: the strings are VARCHAR values compared with SUPER by
   * dynamic typing, not JSON texts PostgreSQL would parse into a common type.
   */
  private void literalsInList(int end) {
    int open = s.at(end).is("IN") ? end + 1 : end + 2;
    if (!s.at(open - 1).is("IN") || !s.at(open).isSymbol("(")) {
      return;
    }
    int close = s.closing(open);
    for (int k = open + 1; k < close; k++) {
      if (s.at(k).kind() == Token.Kind.STRING
          && (s.at(k - 1).isSymbol("(") || s.at(k - 1).isSymbol(","))
          && (s.at(k + 1).isSymbol(",") || s.at(k + 1).isSymbol(")"))) {
        edit.replace(k, s.at(k).text() + "::varchar");
      }
    }
  }

  /** The FROM item iterating a SUPER array's elements or an object's values, as a lateral call. */
  private String lateral(FromItem item) {
    String path = value(item.pathStart(), item.pathEnd());
    if (path == null) {
      path = s.text(item.pathStart(), item.pathEnd());
    }
    Token aliasToken =
        item.alias() != null ? item.alias() : Paths.lastName(s, item.pathStart(), item.pathEnd());
    String alias = IdentifierRule.quote(names.fold(aliasToken));
    String function = item.kind() == FromItem.Kind.UNNEST ? "super_elements" : "super_values";
    if (item.indexAlias() == null) {
      return "LATERAL redsink_emulator."
          + function
          + "("
          + path
          + ") AS "
          + alias
          + "("
          + alias
          + ")";
    }
    String index = IdentifierRule.quote(names.fold(item.indexAlias()));
    return "LATERAL redsink_emulator."
        + function
        + "_at("
        + path
        + ") AS "
        + alias
        + "("
        + alias
        + ", "
        + index
        + ")";
  }

  private static String literal(String text) {
    return "'" + text.replace("'", "''") + "'";
  }
}
