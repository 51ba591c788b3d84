package dev.redsink.emulator.dialect;

import java.util.Locale;

/** One lexical token of a SQL statement, keeping its original text so statements can be rebuilt. */
public record Token(Kind kind, String text) {

  /** What a token is, as far as rewriting rules care. */
  public enum Kind {
    WORD,
    QUOTED_IDENT,
    STRING,
    NUMBER,
    PARAM,
    PUNCT,
    OPERATOR,
    WHITESPACE,
    COMMENT
  }

  /** True for an unquoted word equal (ignoring case) to {@code keyword}. */
  public boolean is(String keyword) {
    return kind == Kind.WORD && text.equalsIgnoreCase(keyword);
  }

  /** True for punctuation or an operator with exactly this text. */
  public boolean isSymbol(String symbol) {
    return (kind == Kind.PUNCT || kind == Kind.OPERATOR) && text.equals(symbol);
  }

  /** True for tokens that carry no meaning (white space and comments). */
  public boolean isBlank() {
    return kind == Kind.WHITESPACE || kind == Kind.COMMENT;
  }

  /** True for a plain or quoted identifier. */
  public boolean isIdentifier() {
    return kind == Kind.WORD || kind == Kind.QUOTED_IDENT;
  }

  /** The identifier's name as Redshift stores it: unquoted and folded to lower case. */
  public String identifierName() {
    if (kind == Kind.QUOTED_IDENT) {
      return text.substring(1, text.length() - 1).replace("\"\"", "\"");
    }
    return text.toLowerCase(Locale.ROOT);
  }

  /** The upper-case form of a word, for keyword comparisons. */
  public String upper() {
    return text.toUpperCase(Locale.ROOT);
  }

  static Token word(String text) {
    return new Token(Kind.WORD, text);
  }

  static Token space() {
    return new Token(Kind.WHITESPACE, " ");
  }
}
