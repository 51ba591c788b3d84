package dev.redsink.emulator.dialect;

import java.util.ArrayList;
import java.util.List;

/**
 * A string literal inserted into a SUPER column is a SUPER string, not JSON to parse: {@code INSERT
 * INTO t VALUES ('abc')} stores "abc", and {@code '{"a":1}'} stores that text as a string
 * (JSON_PARSE is what parses). PostgreSQL would read the literal as JSON, so each such literal
 * becomes a VARCHAR value, which the SUPER casts turn into a string. Needs the table's columns from
 * the catalog.
 *
 * @see <a href="https://docs.aws.amazon.com/redshift/latest/dg/ingest-super.html">Loading
 *     semistructured data</a>
 */
final class SuperLiteralRule {

  private SuperLiteralRule() {}

  static Statement apply(Statement s, TableColumns catalog) {
    int values = s.find(0, "VALUES");
    if (!s.startsWith("INSERT", "INTO") || values < 0 || !hasString(s, values)) {
      return s;
    }
    int i = 2;
    String schema = null;
    String table = s.at(i).identifierName();
    if (s.at(i + 1).isSymbol(".") && s.at(i + 2).isIdentifier()) {
      schema = table;
      table = s.at(i + 2).identifierName();
      i += 2;
    }
    List<TableColumns.Column> columns = catalog.of(schema, table);
    if (columns.isEmpty()) {
      return s;
    }
    List<Boolean> targets = targets(s, i + 1, values, columns);
    StatementEdit edit = s.edit();
    for (int row = values + 1; s.at(row).isSymbol("("); ) {
      int close = s.closing(row);
      int item = 0;
      int start = row + 1;
      int depth = 0;
      for (int k = start; k <= close; k++) {
        Token t = s.at(k);
        if (k < close && t.isSymbol("(")) {
          depth++;
        } else if (k < close && t.isSymbol(")")) {
          depth--;
        } else if (k == close || (depth == 0 && t.isSymbol(","))) {
          if (k == start + 1
              && s.at(start).kind() == Token.Kind.STRING
              && item < targets.size()
              && targets.get(item)) {
            edit.replace(start, s.at(start).text() + "::varchar");
          }
          item++;
          start = k + 1;
        }
      }
      row = s.at(close + 1).isSymbol(",") ? close + 2 : s.size();
    }
    return edit.isEmpty() ? s : edit.apply();
  }

  /** For each value position, whether its column is SUPER. */
  private static List<Boolean> targets(
      Statement s, int afterName, int values, List<TableColumns.Column> columns) {
    List<Boolean> out = new ArrayList<>();
    if (s.at(afterName).isSymbol("(") && afterName < values) {
      for (int k = afterName + 1; k < s.closing(afterName); k++) {
        if (s.at(k).isIdentifier()) {
          String name = s.at(k).identifierName();
          out.add(
              columns.stream()
                  .anyMatch(c -> c.name().equals(name) && c.kind() == TableColumns.Kind.SUPER));
        }
      }
    } else {
      columns.forEach(c -> out.add(c.kind() == TableColumns.Kind.SUPER));
    }
    return out;
  }

  private static boolean hasString(Statement s, int from) {
    for (int k = from; k < s.size(); k++) {
      if (s.at(k).kind() == Token.Kind.STRING) {
        return true;
      }
    }
    return false;
  }
}
