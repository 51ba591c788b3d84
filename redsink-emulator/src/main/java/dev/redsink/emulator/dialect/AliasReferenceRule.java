package dev.redsink.emulator.dialect;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Redshift's lateral column alias references
 * (https://docs.aws.amazon.com/redshift/latest/dg/r_SELECT_list.html): a select-list item may name
 * an alias of an earlier item, and a WHERE clause an alias of the select list ({@code SELECT
 * n.nspname AS table_schem … WHERE table_schem LIKE 'public'}, as the Amazon Redshift JDBC driver's
 * getTables and getColumns send). PostgreSQL has neither. In every SELECT of a statement, such a
 * bare name, when no table in the FROM list has a column of that name, becomes the aliased
 * expression. A SELECT whose FROM list has a subquery or a relation the catalog does not know is
 * left alone.
 */
final class AliasReferenceRule {

  private static final Set<String> WHERE_ENDS =
      Set.of("GROUP", "HAVING", "ORDER", "LIMIT", "OFFSET", "UNION", "EXCEPT", "INTERSECT");

  private final Statement s;
  private final SqlNames names;
  private final TableColumns catalog;
  private final int[] depth;
  private List<FromItem> fromItems;

  private AliasReferenceRule(Statement s, SqlNames names, TableColumns catalog) {
    this.s = s;
    this.names = names;
    this.catalog = catalog;
    this.depth = new int[s.size() + 1];
    int d = 0;
    for (int i = 0; i < s.size(); i++) {
      if (s.at(i).isSymbol(")")) {
        d--;
      }
      depth[i] = d;
      if (s.at(i).isSymbol("(")) {
        d++;
      }
    }
  }

  static Statement apply(Statement s, SessionFlags flags, TableColumns catalog) {
    if (!hasSelect(s)) {
      return s;
    }
    AliasReferenceRule rule = new AliasReferenceRule(s, new SqlNames(flags), catalog);
    StatementEdit edit = s.edit();
    for (int i = 0; i < s.size(); i++) {
      if (s.at(i).is("SELECT")) {
        rule.select(i, edit);
      }
    }
    return edit.isEmpty() ? s : edit.apply();
  }

  private static boolean hasSelect(Statement s) {
    for (int i = 0; i < s.size(); i++) {
      if (s.at(i).is("SELECT")) {
        return true;
      }
    }
    return false;
  }

  /** The SELECT at {@code select}: its alias references, replaced in {@code edit}. */
  private void select(int select, StatementEdit edit) {
    int level = depth[select];
    int end = levelEnd(select);
    int from = find(select + 1, end, level, Set.of("FROM"));
    if (from < 0) {
      return;
    }
    int listStart =
        s.at(select + 1).is("DISTINCT") || s.at(select + 1).is("ALL") ? select + 2 : select + 1;
    if (s.at(listStart).is("ON")) {
      return; // DISTINCT ON (…)
    }
    List<int[]> items = items(listStart, from, level);
    Map<String, String> aliases = new HashMap<>();
    Map<Integer, String> replacements = new HashMap<>();
    for (int[] item : items) {
      for (int k : references(item[0], item[1], aliases.keySet())) {
        replacements.put(k, names.fold(s.at(k)));
      }
      if (item[1] - item[0] >= 3
          && s.at(item[1] - 2).is("AS")
          && s.at(item[1] - 1).isIdentifier()) {
        aliases.putIfAbsent(names.fold(s.at(item[1] - 1)), s.text(item[0], item[1] - 2).trim());
      }
    }
    int where = find(from + 1, end, level, Set.of("WHERE"));
    int fromEnd = where >= 0 ? where : find(from + 1, end, level, WHERE_ENDS);
    if (where >= 0) {
      int whereEnd = find(where + 1, end, level, WHERE_ENDS);
      for (int k : references(where + 1, whereEnd < 0 ? end : whereEnd, aliases.keySet())) {
        replacements.put(k, names.fold(s.at(k)));
      }
    }
    if (replacements.isEmpty()) {
      return;
    }
    Set<String> columns = columnsInFrom(from, fromEnd < 0 ? end : fromEnd, level);
    if (columns == null) {
      return;
    }
    replacements.forEach(
        (k, name) -> {
          if (!columns.contains(name)) {
            edit.replace(k, "(" + aliases.get(name) + ")");
          }
        });
  }

  /** Where the query level of the token at {@code i} ends: its closing parenthesis, or the end. */
  private int levelEnd(int i) {
    for (int k = i + 1; k < s.size(); k++) {
      if (depth[k] < depth[i]) {
        return k;
      }
    }
    return s.size();
  }

  private int find(int from, int to, int level, Set<String> keywords) {
    for (int k = from; k < to; k++) {
      if (depth[k] == level && keywords.contains(s.at(k).upper())) {
        return k;
      }
    }
    return -1;
  }

  /** The select list's items between {@code from} and {@code to}, as [start, end) ranges. */
  private List<int[]> items(int from, int to, int level) {
    List<int[]> out = new ArrayList<>();
    int start = from;
    for (int k = from; k <= to; k++) {
      if (k == to || (depth[k] == level && s.at(k).isSymbol(","))) {
        out.add(new int[] {start, k});
        start = k + 1;
      }
    }
    return out;
  }

  /** Bare names in [from, to) outside subqueries that are aliases: not t.x, not f(…). */
  private List<Integer> references(int from, int to, Set<String> aliases) {
    List<Integer> out = new ArrayList<>();
    if (aliases.isEmpty()) {
      return out;
    }
    int subqueryDepth = Integer.MAX_VALUE;
    for (int k = from; k < to; k++) {
      Token t = s.at(k);
      if (depth[k] >= subqueryDepth) {
        continue;
      }
      subqueryDepth = Integer.MAX_VALUE;
      if (t.isSymbol("(") && (s.at(k + 1).is("SELECT") || s.at(k + 1).is("WITH"))) {
        subqueryDepth = depth[k] + 1;
      } else if (t.isIdentifier()
          && aliases.contains(names.fold(t))
          && !s.at(k - 1).isSymbol(".")
          && !s.at(k - 1).is("AS")
          && !s.at(k + 1).isSymbol(".")
          && !s.at(k + 1).isSymbol("(")) {
        out.add(k);
      }
    }
    return out;
  }

  /** Every column of the relations in this FROM list, or null when one is a subquery or unknown. */
  private Set<String> columnsInFrom(int from, int to, int level) {
    if (fromItems == null) {
      fromItems = FromClauses.scan(s, names).items();
    }
    Set<String> columns = new HashSet<>();
    for (FromItem item : fromItems) {
      if (item.start() <= from || item.start() >= to || depth[item.start()] != level) {
        continue;
      }
      if (item.kind() != FromItem.Kind.RELATION) {
        return null;
      }
      int nameEnd = item.start();
      while (nameEnd + 2 < item.end() && s.at(nameEnd + 1).isSymbol(".")) {
        nameEnd += 2;
      }
      String table = names.fold(s.at(nameEnd));
      String schema = nameEnd > item.start() ? names.fold(s.at(nameEnd - 2)) : null;
      List<TableColumns.Column> known = catalog.of(schema, table);
      if (known.isEmpty()) {
        return null;
      }
      known.forEach(c -> columns.add(c.name()));
    }
    return columns;
  }
}
