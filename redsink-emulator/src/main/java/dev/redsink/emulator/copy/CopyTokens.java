package dev.redsink.emulator.copy;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Splits a COPY statement into words, quoted identifiers, string literals, numbers and symbols. */
final class CopyTokens {
  /** What a token is. */
  enum Type {
    WORD,
    QUOTED_IDENTIFIER,
    STRING,
    NUMBER,
    SYMBOL,
    END
  }

  /** One token: its type, its value (unquoted for strings/identifiers) and its source span. */
  record Token(Type type, String value, int start, int end) {
    boolean isWord(String word) {
      return type == Type.WORD && value.equalsIgnoreCase(word);
    }

    boolean isSymbol(String symbol) {
      return type == Type.SYMBOL && value.equals(symbol);
    }

    String upper() {
      return value.toUpperCase(Locale.ROOT);
    }
  }

  private CopyTokens() {}

  static List<Token> of(String sql) {
    List<Token> tokens = new ArrayList<>();
    int i = 0;
    int n = sql.length();
    while (i < n) {
      char c = sql.charAt(i);
      if (Character.isWhitespace(c)) {
        i++;
      } else if (c == '-' && i + 1 < n && sql.charAt(i + 1) == '-') {
        while (i < n && sql.charAt(i) != '\n') {
          i++;
        }
      } else if (c == '/' && i + 1 < n && sql.charAt(i + 1) == '*') {
        int close = sql.indexOf("*/", i + 2);
        i = close < 0 ? n : close + 2;
      } else if (c == '\'' || c == '"') {
        i = quoted(sql, i, c, tokens);
      } else if (Character.isLetter(c) || c == '_' || c == '#') {
        int start = i;
        while (i < n
            && (Character.isLetterOrDigit(sql.charAt(i)) || "_$#".indexOf(sql.charAt(i)) >= 0)) {
          i++;
        }
        tokens.add(new Token(Type.WORD, sql.substring(start, i), start, i));
      } else if (Character.isDigit(c)) {
        int start = i;
        while (i < n && (Character.isDigit(sql.charAt(i)) || sql.charAt(i) == '.')) {
          i++;
        }
        tokens.add(new Token(Type.NUMBER, sql.substring(start, i), start, i));
      } else {
        tokens.add(new Token(Type.SYMBOL, String.valueOf(c), i, i + 1));
        i++;
      }
    }
    tokens.add(new Token(Type.END, "", n, n));
    return tokens;
  }

  private static int quoted(String sql, int start, char quote, List<Token> tokens) {
    StringBuilder value = new StringBuilder();
    int i = start + 1;
    while (true) {
      if (i >= sql.length()) {
        throw CopyException.syntax(
            "unterminated quoted "
                + (quote == '\'' ? "string" : "identifier")
                + " at or near \""
                + sql.substring(start, Math.min(sql.length(), start + 20))
                + "\"");
      }
      char c = sql.charAt(i);
      if (c == quote) {
        if (i + 1 < sql.length() && sql.charAt(i + 1) == quote) {
          value.append(quote);
          i += 2;
          continue;
        }
        break;
      }
      value.append(c);
      i++;
    }
    Type type = quote == '\'' ? Type.STRING : Type.QUOTED_IDENTIFIER;
    tokens.add(new Token(type, value.toString(), start, i + 1));
    return i + 1;
  }
}
