package dev.redsink.emulator.dialect;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Rewrites Redshift's CREATE TABLE into PostgreSQL: maps types to domains with byte limits, turns
 * IDENTITY into PostgreSQL identity columns, drops encoding and backup attributes, and drops
 * PRIMARY KEY / UNIQUE / REFERENCES, which Redshift does not enforce. Distribution and sort keys
 * are checked and collected ({@link TableKeys}) for the catalog views.
 */
final class CreateTableRule {

  private static final Set<String> COLUMN_ATTRIBUTES =
      Set.of(
          "DEFAULT",
          "IDENTITY",
          "GENERATED",
          "ENCODE",
          "DISTKEY",
          "SORTKEY",
          "COLLATE",
          "NOT",
          "NULL",
          "UNIQUE",
          "PRIMARY",
          "REFERENCES",
          "CONSTRAINT",
          "CHECK");

  private CreateTableRule() {}

  static boolean applies(Statement s) {
    return s.startsWith("CREATE", "TABLE")
        || s.startsWith("CREATE", "TEMP", "TABLE")
        || s.startsWith("CREATE", "TEMPORARY", "TABLE")
        || s.startsWith("CREATE", "LOCAL", "TEMP", "TABLE")
        || s.startsWith("CREATE", "LOCAL", "TEMPORARY", "TABLE");
  }

  static String rewrite(Statement s, DialectContext ctx) throws DialectException {
    int i = s.find(0, "TABLE") + 1;
    StringBuilder out = new StringBuilder(s.text(0, i));
    if (s.matches(i, "IF", "NOT", "EXISTS")) {
      out.append(" IF NOT EXISTS");
      i += 3;
    }
    int nameStart = i;
    i = nameEnd(s, i);
    String table = s.at(i - 1).identifierName();
    out.append(' ').append(s.text(nameStart, i));
    TableKeys keys = new TableKeys();
    if (s.at(i).isSymbol("(")) {
      int close = s.closing(i);
      out.append(" (").append(elements(s, i + 1, close, table, ctx, keys)).append(')');
      i = close + 1;
    }
    int as = s.find(i, "AS");
    int attributesEnd = as < 0 ? s.size() : as;
    tableAttributes(s, i, attributesEnd, keys);
    keys.check();
    ctx.tableKeys(keys);
    if (as >= 0) {
      out.append(' ').append(s.text(as, s.size()));
    }
    return out.toString();
  }

  static int nameEnd(Statement s, int i) {
    i++;
    while (s.at(i).isSymbol(".") && s.at(i + 1).isIdentifier()) {
      i += 2;
    }
    return i;
  }

  private static String elements(
      Statement s, int from, int to, String table, DialectContext ctx, TableKeys keys)
      throws DialectException {
    List<String> kept = new ArrayList<>();
    int start = from;
    for (int i = from; i <= to; i++) {
      if (i == to || (s.at(i).isSymbol(",") && depth(s, from, i) == 0)) {
        String element = element(s, start, i, table, ctx, keys);
        if (!element.isEmpty()) {
          kept.add(element);
        }
        start = i + 1;
      }
    }
    return String.join(", ", kept);
  }

  /** Parenthesis depth at significant index {@code at}, counted from {@code from}. */
  static int depth(Statement s, int from, int at) {
    int depth = 0;
    for (int i = from; i < at; i++) {
      if (s.at(i).isSymbol("(")) {
        depth++;
      } else if (s.at(i).isSymbol(")")) {
        depth--;
      }
    }
    return depth;
  }

  private static String element(
      Statement s, int from, int to, String table, DialectContext ctx, TableKeys keys)
      throws DialectException {
    Token first = s.at(from);
    if (first.is("LIKE")) {
      keys.like(s.text(from + 1, nameEnd(s, from + 1)));
      return s.text(from, to);
    }
    String constraintName = null;
    if (first.is("CONSTRAINT")) {
      constraintName = s.at(from + 1).identifierName();
      from += 2;
      first = s.at(from);
    }
    if (first.is("PRIMARY") && s.at(from + 2).isSymbol("(")) {
      List<String> columns = new ArrayList<>();
      for (int k = from + 3; k < s.closing(from + 2); k++) {
        if (s.at(k).isIdentifier()) {
          columns.add(s.at(k).identifierName());
        }
      }
      keys.primaryKey(constraintName, columns);
      return "";
    }
    if (first.is("PRIMARY") || first.is("UNIQUE") || first.is("FOREIGN")) {
      return "";
    }
    if (first.is("CHECK")) {
      throw new DialectException(RedshiftError.syntaxErrorAt(first.text()));
    }
    return column(s, from, to, table, ctx, keys);
  }

  /**
   * One column definition in PostgreSQL's terms; its DISTKEY and SORTKEY attributes go to {@code
   * keys}, or are refused when it is null (ALTER TABLE ADD COLUMN cannot add a key column).
   */
  static String column(
      Statement s, int from, int to, String table, DialectContext ctx, TableKeys keys)
      throws DialectException {
    Token name = s.at(from);
    TypeMapping.MappedType type = TypeMapping.map(s, from + 1, table + "." + name.identifierName());
    ctx.require(type.domain());
    if (keys != null) {
      keys.column(name.identifierName(), keyType(s, from + 1));
    }
    StringBuilder out = new StringBuilder(name.text()).append(' ').append(type.postgresSql());
    int i = type.end();
    String constraintName = null;
    while (i < to) {
      Token t = s.at(i);
      String w = t.upper();
      switch (w) {
        case "DEFAULT" -> {
          int end = i + 1;
          do {
            end = s.at(end).isSymbol("(") ? s.closing(end) + 1 : end + 1;
          } while (end < to && !isAttribute(s.at(end)));
          out.append(' ').append(s.text(i, end));
          i = end;
        }
        case "IDENTITY" -> {
          int close = s.closing(i + 1);
          out.append(" GENERATED ALWAYS AS IDENTITY").append(identityOptions(s, i + 1, close));
          i = close + 1;
        }
        case "GENERATED" -> {
          int open = s.find(i, "IDENTITY") + 1;
          if (s.at(open).isSymbol("(")) {
            int close = s.closing(open);
            out.append(" GENERATED BY DEFAULT AS IDENTITY").append(identityOptions(s, open, close));
            i = close + 1;
          } else {
            out.append(" GENERATED BY DEFAULT AS IDENTITY");
            i = open;
          }
        }
        case "ENCODE", "COLLATE" -> i += 2;
        case "DISTKEY", "SORTKEY" -> {
          if (keys == null) {
            throw new DialectException(
                RedshiftError.of(
                    RedshiftError.FEATURE_NOT_SUPPORTED,
                    "ALTER TABLE ADD COLUMN cannot add a " + w + " column"));
          }
          if (w.equals("DISTKEY")) {
            keys.distKey(name.identifierName());
          } else {
            keys.columnSortKey(name.identifierName());
          }
          i++;
        }
        case "UNIQUE" -> i++;
        case "PRIMARY" -> {
          if (keys != null) {
            keys.primaryKey(constraintName, List.of(name.identifierName()));
          }
          i += 2;
        }
        case "CONSTRAINT" -> {
          constraintName = s.at(i + 1).identifierName();
          i += 2;
        }
        case "REFERENCES" -> {
          i += 2;
          while (s.at(i).isSymbol(".")) {
            i += 2;
          }
          if (s.at(i).isSymbol("(")) {
            i = s.closing(i) + 1;
          }
        }
        case "NOT" -> {
          out.append(" NOT NULL");
          i += 2;
        }
        case "NULL" -> {
          out.append(" NULL");
          i++;
        }
        default -> throw new DialectException(RedshiftError.syntaxErrorAt(t.text()));
      }
    }
    return out.toString();
  }

  private static boolean isAttribute(Token t) {
    return t.kind() == Token.Kind.WORD && COLUMN_ATTRIBUTES.contains(t.upper());
  }

  private static String identityOptions(Statement s, int open, int close) throws DialectException {
    List<String> args = new ArrayList<>();
    for (int k = open + 1; k < close; k++) {
      if (!s.at(k).isSymbol(",")) {
        args.add(s.at(k).text());
      }
    }
    if (args.size() != 2) {
      throw new DialectException(RedshiftError.syntaxErrorAt(s.at(close).text()));
    }
    return " (START WITH " + args.get(0) + " INCREMENT BY " + args.get(1) + ")";
  }

  /** Whether a column of the type at {@code i} may be a distribution or sort key column. */
  private static boolean keyType(Statement s, int i) {
    Token t = s.at(i);
    return !(t.is("VARBYTE")
        || t.is("VARBINARY")
        || t.is("SUPER")
        || (t.is("BINARY") && s.at(i + 1).is("VARYING")));
  }

  /**
   * Reads Redshift's table attributes: BACKUP and ENCODE change nothing here, the distribution
   * style and keys go to {@code keys}; anything else is refused.
   */
  private static void tableAttributes(Statement s, int from, int to, TableKeys keys)
      throws DialectException {
    int i = from;
    while (i < to) {
      Token t = s.at(i);
      String w = t.upper();
      switch (w) {
        case "BACKUP", "ENCODE" -> i += 2;
        case "DISTSTYLE" -> {
          Token style = s.at(i + 1);
          if (!(style.is("AUTO") || style.is("EVEN") || style.is("KEY") || style.is("ALL"))) {
            throw new DialectException(RedshiftError.syntaxErrorAt(style.text()));
          }
          keys.distStyle(style.text());
          i += 2;
        }
        case "DISTKEY" -> {
          List<String> columns = keyColumns(s, i + 1);
          if (columns.size() != 1) {
            throw new DialectException(RedshiftError.syntaxErrorAt(s.at(i + 1).text()));
          }
          keys.distKey(columns.get(0));
          i = s.closing(i + 1) + 1;
        }
        case "COMPOUND", "INTERLEAVED", "SORTKEY" -> {
          int sortKey = w.equals("SORTKEY") ? i : i + 1;
          if (!s.at(sortKey).is("SORTKEY")) {
            throw new DialectException(RedshiftError.syntaxErrorAt(s.at(sortKey).text()));
          }
          if (w.equals("SORTKEY") && s.at(sortKey + 1).is("AUTO")) {
            keys.sortKey("AUTO", List.of());
            i = sortKey + 2;
          } else {
            keys.sortKey(w.equals("SORTKEY") ? "COMPOUND" : w, keyColumns(s, sortKey + 1));
            i = s.closing(sortKey + 1) + 1;
          }
        }
        default -> throw new DialectException(RedshiftError.syntaxErrorAt(t.text()));
      }
    }
  }

  /** The column names of {@code (a, b, …)} at {@code open}. */
  private static List<String> keyColumns(Statement s, int open) throws DialectException {
    if (!s.at(open).isSymbol("(")) {
      throw new DialectException(RedshiftError.syntaxErrorAt(s.at(open).text()));
    }
    int close = s.closing(open);
    List<String> columns = new ArrayList<>();
    for (int k = open + 1; k < close; k += 2) {
      if (!s.at(k).isIdentifier() || !(k + 1 == close || s.at(k + 1).isSymbol(","))) {
        throw new DialectException(RedshiftError.syntaxErrorAt(s.at(k).text()));
      }
      columns.add(s.at(k).identifierName());
    }
    return columns;
  }
}
