package dev.redsink.core.sql;

import dev.redsink.core.table.TableName;
import java.nio.charset.StandardCharsets;

/** The one place identifiers and string literals are quoted for Redshift. */
public final class Identifiers {
  private Identifiers() {}

  /**
   * Quotes an identifier verbatim, doubling any {@code "}. Redshift still folds ASCII letters to
   * lower case inside quotes.
   */
  public static String quote(String identifier) {
    if (identifier.isEmpty() || identifier.indexOf('\0') >= 0) {
      throw new IllegalArgumentException("Cannot quote identifier: it is empty or contains NUL");
    }
    if (identifier.getBytes(StandardCharsets.UTF_8).length > RedshiftLimits.IDENTIFIER_MAX_BYTES) {
      throw new IllegalArgumentException(
          "Cannot quote identifier '"
              + identifier
              + "': longer than "
              + RedshiftLimits.IDENTIFIER_MAX_BYTES
              + " bytes, Redshift would truncate it");
    }
    return '"' + identifier.replace("\"", "\"\"") + '"';
  }

  /** A table reference: {@code "schema"."name"} or {@code "name"}. */
  public static String table(TableName table) {
    return table.schema().map(s -> quote(s) + ".").orElse("") + quote(table.name());
  }

  /**
   * A string literal with {@code '} doubled. Backslashes and control characters are refused because
   * their meaning inside Redshift literals depends on settings; Redsink's literals (S3 URLs, role
   * ARNs) never need them.
   */
  public static String literal(String value) {
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (c == '\\' || c < 0x20) {
        throw new IllegalArgumentException(
            "Cannot quote literal: it contains a backslash or control character");
      }
    }
    return '\'' + value.replace("'", "''") + '\'';
  }
}
