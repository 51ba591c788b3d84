package dev.redsink.emulator.dialect;

import java.util.ArrayList;
import java.util.List;

/**
 * One SQL statement as tokens, with navigation over its significant (non-blank) tokens. Rules read
 * it by significant index and rewrite it through {@link #edit()}.
 */
public final class Statement {

  private final List<Token> tokens;
  private final List<Integer> significant = new ArrayList<>();

  public Statement(List<Token> tokens) {
    this.tokens = List.copyOf(tokens);
    for (int i = 0; i < this.tokens.size(); i++) {
      if (!this.tokens.get(i).isBlank()) {
        significant.add(i);
      }
    }
  }

  public static Statement parse(String sql) {
    return new Statement(Lexer.tokenize(sql));
  }

  /**
   * Splits a query string into statements at top-level semicolons; blank statements are dropped.
   */
  public static List<Statement> split(String sql) {
    List<Statement> out = new ArrayList<>();
    List<Token> current = new ArrayList<>();
    for (Token t : Lexer.tokenize(sql)) {
      if (t.isSymbol(";")) {
        add(out, current);
        current = new ArrayList<>();
      } else {
        current.add(t);
      }
    }
    add(out, current);
    return out;
  }

  private static void add(List<Statement> out, List<Token> tokens) {
    Statement s = new Statement(tokens);
    if (s.size() > 0) {
      out.add(s);
    }
  }

  /** Number of significant tokens. */
  public int size() {
    return significant.size();
  }

  /** The i-th significant token, or an empty word past the end. */
  public Token at(int i) {
    return i >= 0 && i < significant.size() ? tokens.get(significant.get(i)) : Token.word("");
  }

  public List<Token> tokens() {
    return tokens;
  }

  /** Index in {@link #tokens()} of the i-th significant token. */
  public int tokenIndex(int i) {
    return i < significant.size() ? significant.get(i) : tokens.size();
  }

  /** True when the significant tokens starting at {@code from} are these keywords. */
  public boolean matches(int from, String... keywords) {
    for (int k = 0; k < keywords.length; k++) {
      if (!at(from + k).is(keywords[k])) {
        return false;
      }
    }
    return true;
  }

  public boolean startsWith(String... keywords) {
    return matches(0, keywords);
  }

  /** First significant index at or after {@code from} whose token is the keyword at depth 0. */
  public int find(int from, String keyword) {
    int depth = 0;
    for (int i = from; i < size(); i++) {
      Token t = at(i);
      if (t.isSymbol("(")) {
        depth++;
      } else if (t.isSymbol(")")) {
        depth--;
      } else if (depth == 0 && t.is(keyword)) {
        return i;
      }
    }
    return -1;
  }

  /** Index of the parenthesis closing the one at significant index {@code open}. */
  public int closing(int open) {
    int depth = 0;
    for (int i = open; i < size(); i++) {
      if (at(i).isSymbol("(")) {
        depth++;
      } else if (at(i).isSymbol(")")) {
        depth--;
        if (depth == 0) {
          return i;
        }
      }
    }
    return size();
  }

  /** Original text of significant tokens [from, to), including the blanks between them. */
  public String text(int from, int to) {
    if (from >= to || from >= size()) {
      return "";
    }
    StringBuilder sb = new StringBuilder();
    int end = to >= size() ? tokens.size() : tokenIndex(to - 1) + 1;
    for (int i = tokenIndex(from); i < end; i++) {
      sb.append(tokens.get(i).text());
    }
    return sb.toString();
  }

  public String text() {
    StringBuilder sb = new StringBuilder();
    for (Token t : tokens) {
      sb.append(t.text());
    }
    return sb.toString().strip();
  }

  /** Starts a rewrite of this statement. */
  public StatementEdit edit() {
    return new StatementEdit(this);
  }

  @Override
  public String toString() {
    return text();
  }
}
