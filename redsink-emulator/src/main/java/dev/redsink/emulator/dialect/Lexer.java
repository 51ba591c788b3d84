package dev.redsink.emulator.dialect;

import dev.redsink.emulator.dialect.Token.Kind;
import java.util.ArrayList;
import java.util.List;

/**
 * Splits SQL text into tokens: words, quoted identifiers, string literals (including E'' and dollar
 * quoting), numbers, parameters, operators, punctuation, white space and comments.
 */
public final class Lexer {

  private final String sql;
  private int pos;

  private Lexer(String sql) {
    this.sql = sql;
  }

  /** Tokenizes the whole text; never fails (an unterminated literal runs to the end). */
  public static List<Token> tokenize(String sql) {
    return new Lexer(sql).run();
  }

  private List<Token> run() {
    List<Token> tokens = new ArrayList<>();
    while (pos < sql.length()) {
      tokens.add(next());
    }
    return tokens;
  }

  private Token next() {
    int start = pos;
    char c = sql.charAt(pos);
    if (Character.isWhitespace(c)) {
      while (pos < sql.length() && Character.isWhitespace(sql.charAt(pos))) {
        pos++;
      }
      return token(Kind.WHITESPACE, start);
    }
    if (c == '-' && peek(1) == '-') {
      while (pos < sql.length() && sql.charAt(pos) != '\n') {
        pos++;
      }
      return token(Kind.COMMENT, start);
    }
    if (c == '/' && peek(1) == '*') {
      blockComment();
      return token(Kind.COMMENT, start);
    }
    if (c == '\'') {
      quoted('\'');
      return token(Kind.STRING, start);
    }
    if ((c == 'E' || c == 'e') && peek(1) == '\'') {
      pos++;
      escapedString();
      return token(Kind.STRING, start);
    }
    if (c == '"') {
      quoted('"');
      return token(Kind.QUOTED_IDENT, start);
    }
    if (c == '$' && Character.isDigit(peek(1))) {
      pos++;
      while (pos < sql.length() && Character.isDigit(sql.charAt(pos))) {
        pos++;
      }
      return token(Kind.PARAM, start);
    }
    if (c == '$') {
      String tag = dollarTag();
      if (tag != null) {
        int end = sql.indexOf(tag, pos + tag.length());
        pos = end < 0 ? sql.length() : end + tag.length();
        return token(Kind.STRING, start);
      }
    }
    if (Character.isDigit(c) || (c == '.' && Character.isDigit(peek(1)))) {
      number();
      return token(Kind.NUMBER, start);
    }
    if (isWordStart(c)) {
      while (pos < sql.length() && isWordPart(sql.charAt(pos))) {
        pos++;
      }
      return token(Kind.WORD, start);
    }
    if ("(),;[].".indexOf(c) >= 0) {
      pos++;
      return token(Kind.PUNCT, start);
    }
    if (c == ':' && peek(1) == ':') {
      pos += 2;
      return token(Kind.OPERATOR, start);
    }
    while (pos < sql.length() && "+-*/<>=~!@#%^&|`?:".indexOf(sql.charAt(pos)) >= 0) {
      if (pos > start && sql.charAt(pos) == '-' && peek(1) == '-') {
        break;
      }
      pos++;
    }
    if (pos == start) {
      pos++;
    }
    return token(Kind.OPERATOR, start);
  }

  private Token token(Kind kind, int start) {
    return new Token(kind, sql.substring(start, pos));
  }

  private char peek(int ahead) {
    int i = pos + ahead;
    return i < sql.length() ? sql.charAt(i) : '\0';
  }

  private void blockComment() {
    int depth = 0;
    while (pos < sql.length()) {
      if (sql.startsWith("/*", pos)) {
        depth++;
        pos += 2;
      } else if (sql.startsWith("*/", pos)) {
        depth--;
        pos += 2;
        if (depth == 0) {
          return;
        }
      } else {
        pos++;
      }
    }
  }

  private void quoted(char quote) {
    pos++;
    while (pos < sql.length()) {
      char c = sql.charAt(pos++);
      if (c == quote) {
        if (pos < sql.length() && sql.charAt(pos) == quote) {
          pos++;
        } else {
          return;
        }
      }
    }
  }

  private void escapedString() {
    pos++;
    while (pos < sql.length()) {
      char c = sql.charAt(pos++);
      if (c == '\\') {
        pos++;
      } else if (c == '\'') {
        if (pos < sql.length() && sql.charAt(pos) == '\'') {
          pos++;
        } else {
          return;
        }
      }
    }
  }

  private String dollarTag() {
    int i = pos + 1;
    while (i < sql.length() && isWordPart(sql.charAt(i)) && sql.charAt(i) != '$') {
      i++;
    }
    if (i < sql.length() && sql.charAt(i) == '$') {
      return sql.substring(pos, i + 1);
    }
    return null;
  }

  private void number() {
    while (pos < sql.length()) {
      char c = sql.charAt(pos);
      if (Character.isDigit(c) || c == '.') {
        pos++;
      } else if ((c == 'e' || c == 'E')
          && (Character.isDigit(peek(1))
              || ((peek(1) == '+' || peek(1) == '-') && Character.isDigit(peek(2))))) {
        pos += 2;
      } else {
        return;
      }
    }
  }

  private static boolean isWordStart(char c) {
    return Character.isLetter(c) || c == '_' || c > 127;
  }

  private static boolean isWordPart(char c) {
    return Character.isLetterOrDigit(c) || c == '_' || c == '$' || c > 127;
  }
}
