package dev.redsink.emulator.dialect;

import java.util.ArrayList;
import java.util.List;

/**
 * The relations a DROP or ALTER of a table or view changes, named for the backend in a comment on
 * the statement: its event trigger unbinds the late-binding views over them first (views.sql), so
 * PostgreSQL finds no view bound to them, as Redshift finds none.
 */
final class ChangedRelations {

  /** Marks the comment the backend's event trigger reads; keep in step with views.sql. */
  static final String COMMENT_PREFIX = "/*redsink:changes ";

  private ChangedRelations() {}

  /** The comment for this statement, or "" when it changes no relation. */
  static String comment(Statement s) {
    boolean drop = s.startsWith("DROP", "TABLE") || s.startsWith("DROP", "VIEW");
    boolean alter = s.startsWith("ALTER", "TABLE") || s.startsWith("ALTER", "VIEW");
    if (!drop && !alter) {
      return "";
    }
    List<String> names = new ArrayList<>();
    int i = s.matches(2, "IF", "EXISTS") ? 4 : 2;
    while (s.at(i).isIdentifier()) {
      int end = CreateTableRule.nameEnd(s, i);
      names.add(name(s, i, end));
      // DROP TABLE a, b drops both; ALTER TABLE names one.
      if (alter || !s.at(end).isSymbol(",")) {
        break;
      }
      i = end + 1;
    }
    return names.isEmpty() ? "" : " " + COMMENT_PREFIX + CommentJson.strings(names) + " */";
  }

  /** A qualified name as PostgreSQL parses it, without the blanks around its dots. */
  private static String name(Statement s, int from, int to) {
    StringBuilder out = new StringBuilder();
    for (int i = from; i < to; i++) {
      out.append(s.at(i).text());
    }
    return out.toString();
  }
}
