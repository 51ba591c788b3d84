package dev.redsink.emulator.dialect;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The FROM lists of a statement (and the targets of UPDATE, INSERT INTO, MERGE and USING): which
 * names are range variables, and which items iterate over SUPER arrays or objects. SUPER navigation
 * needs this to tell {@code t.payload} (column payload of t) from {@code payload.city} (attribute
 * city of column payload), and {@code FROM t, t.payload.items AS i} (unnesting) from a
 * schema-qualified table.
 */
final class FromClauses {

  /** Words that end a FROM item or list rather than name its alias. */
  private static final Set<String> NOT_ALIASES =
      Set.of(
          "WHERE",
          "JOIN",
          "INNER",
          "LEFT",
          "RIGHT",
          "FULL",
          "CROSS",
          "NATURAL",
          "OUTER",
          "ON",
          "USING",
          "GROUP",
          "HAVING",
          "ORDER",
          "LIMIT",
          "OFFSET",
          "UNION",
          "INTERSECT",
          "EXCEPT",
          "WINDOW",
          "SET",
          "RETURNING",
          "WHEN",
          "AT",
          "FETCH",
          "FOR",
          "TABLESAMPLE",
          "QUALIFY",
          "VALUES",
          "SELECT",
          "DEFAULT",
          "UNPIVOT",
          "PIVOT",
          "INTO",
          "WITH");

  private static final Set<String> JOIN_WORDS =
      Set.of("JOIN", "INNER", "LEFT", "RIGHT", "FULL", "CROSS", "NATURAL", "OUTER");

  /** Functions whose arguments use FROM as a keyword: EXTRACT(x FROM y) is no FROM list. */
  private static final Set<String> FROM_FUNCTIONS =
      Set.of("EXTRACT", "SUBSTRING", "TRIM", "OVERLAY", "POSITION");

  private final Statement s;
  private final SqlNames names;
  private final List<FromItem> items = new ArrayList<>();
  private final Set<String> tables = new HashSet<>();
  private final Set<String> qualified = new HashSet<>();
  private final Set<String> supers = new HashSet<>();

  private FromClauses(Statement s, SqlNames names) {
    this.s = s;
    this.names = names;
  }

  static FromClauses scan(Statement s, SqlNames names) {
    FromClauses from = new FromClauses(s, names);
    from.pass();
    // Again, now knowing every name: a subquery may unnest a range variable of its parent.
    from.items.clear();
    from.pass();
    return from;
  }

  List<FromItem> items() {
    return items;
  }

  /** True when {@code name} (folded) is a table, subquery or function range variable. */
  boolean isTable(String name) {
    return tables.contains(name);
  }

  /** True when {@code schema.table} (folded) is a relation of a FROM list. */
  boolean isQualifiedTable(String schema, String table) {
    return qualified.contains(schema + "." + table);
  }

  /** True when {@code name} (folded) is the alias of an unnested or unpivoted SUPER value. */
  boolean isSuper(String name) {
    return supers.contains(name);
  }

  private void pass() {
    for (int i = 0; i < s.size(); i++) {
      Token t = s.at(i);
      // The scan goes on inside the list: a subquery in it has FROM lists of its own.
      if (t.is("FROM") && isFromList(i)) {
        list(i + 1);
      } else if (t.is("USING") && !s.at(i + 1).isSymbol("(")) {
        list(i + 1);
      } else if ((t.is("UPDATE") && i == 0) || (t.is("INTO") && i > 0)) {
        i = item(i + 1, false) - 1;
      }
    }
  }

  private boolean isFromList(int i) {
    if (s.at(i - 1).is("DISTINCT")) {
      return false; // IS [NOT] DISTINCT FROM
    }
    int depth = 0;
    for (int k = i - 1; k >= 0; k--) {
      if (s.at(k).isSymbol(")")) {
        depth++;
      } else if (s.at(k).isSymbol("(")) {
        if (depth == 0) {
          return !FROM_FUNCTIONS.contains(s.at(k - 1).upper());
        }
        depth--;
      }
    }
    return true;
  }

  private int list(int start) {
    int i = item(start, false);
    while (true) {
      if (JOIN_WORDS.contains(s.at(i).upper())) {
        while (JOIN_WORDS.contains(s.at(i).upper())) {
          i++;
        }
        i = item(i, false);
        if (s.at(i).is("USING") && s.at(i + 1).isSymbol("(")) {
          i = s.closing(i + 1) + 1;
        } else if (s.at(i).is("ON")) {
          i = conditionEnd(i + 1);
        }
      } else if (s.at(i).isSymbol(",")) {
        i = item(i + 1, true);
      } else {
        return i;
      }
    }
  }

  /** The end of a join condition: the next join, comma or clause at the same depth. */
  private int conditionEnd(int i) {
    int depth = 0;
    for (; i < s.size(); i++) {
      Token t = s.at(i);
      if (t.isSymbol("(")) {
        depth++;
      } else if (t.isSymbol(")")) {
        if (depth == 0) {
          return i;
        }
        depth--;
      } else if (depth == 0
          && (t.isSymbol(",")
              || JOIN_WORDS.contains(t.upper())
              || (NOT_ALIASES.contains(t.upper()) && !t.is("ON") && !t.is("AT")))) {
        return i;
      }
    }
    return i;
  }

  private int item(int start, boolean mayIterate) {
    int i = s.at(start).is("LATERAL") ? start + 1 : start;
    Token first = s.at(i);
    FromItem.Kind kind;
    int pathStart = -1;
    int pathEnd = -1;
    int nameEnd = i;
    int j;
    if (first.isSymbol("(")) {
      kind = FromItem.Kind.DERIVED;
      j = s.closing(i) + 1;
    } else if (first.is("UNPIVOT") && s.at(i + 1).isIdentifier() && mayIterate) {
      kind = FromItem.Kind.UNPIVOT;
      pathStart = i + 1;
      pathEnd = Paths.end(s, pathStart);
      j = pathEnd;
    } else if (first.isIdentifier()) {
      int end = Paths.end(s, i);
      if (s.at(end).isSymbol("(")) {
        kind = FromItem.Kind.DERIVED;
        j = s.closing(end) + 1;
      } else if (mayIterate && iteratesSuper(i, end)) {
        kind = FromItem.Kind.UNNEST;
        pathStart = i;
        pathEnd = end;
        j = end;
      } else {
        kind = FromItem.Kind.RELATION;
        nameEnd = end;
        j = end;
      }
    } else {
      return start;
    }
    Token alias = null;
    if (s.at(j).is("AS") && j + 1 < s.size() && s.at(j + 1).isIdentifier()) {
      alias = s.at(j + 1);
      j += 2;
    } else if (j < s.size()
        && (s.at(j).kind() == Token.Kind.QUOTED_IDENT
            || (s.at(j).kind() == Token.Kind.WORD && !NOT_ALIASES.contains(s.at(j).upper())))) {
      alias = s.at(j);
      j++;
    }
    Token indexAlias = null;
    if (pathStart >= 0) {
      if (s.at(j).is("AT") && j + 1 < s.size() && s.at(j + 1).isIdentifier()) {
        indexAlias = s.at(j + 1);
        j += 2;
      }
    } else if (s.at(j).isSymbol("(")) {
      j = s.closing(j) + 1; // column aliases
    }
    FromItem item = new FromItem(kind, start, j, pathStart, pathEnd, alias, indexAlias);
    items.add(item);
    remember(item, i, nameEnd);
    return j;
  }

  /** A path whose root is a range variable: t.payload.items, or the alias of an unnested value. */
  private boolean iteratesSuper(int i, int end) {
    String root = names.fold(s.at(i));
    return supers.contains(root) || (end > i + 1 && tables.contains(root));
  }

  private void remember(FromItem item, int nameStart, int nameEnd) {
    if (item.iteratesSuper()) {
      Token alias =
          item.alias() != null ? item.alias() : Paths.lastName(s, item.pathStart(), item.pathEnd());
      supers.add(names.fold(alias));
    } else if (item.alias() != null) {
      tables.add(names.fold(item.alias()));
    } else if (item.kind() == FromItem.Kind.RELATION) {
      int last = nameEnd - 1;
      tables.add(names.fold(s.at(last)));
      if (last >= nameStart + 2 && s.at(last - 1).isSymbol(".")) {
        qualified.add(names.fold(s.at(last - 2)) + "." + names.fold(s.at(last)));
      }
    }
  }
}
