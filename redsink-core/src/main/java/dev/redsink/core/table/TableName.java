package dev.redsink.core.table;

import java.util.Objects;
import java.util.Optional;

/**
 * A resolved table name, used verbatim as a quoted identifier, optionally in a schema (empty means
 * the connection's search_path decides).
 */
public record TableName(Optional<String> schema, String name) {

  /** Redshift truncates identifiers longer than this many UTF-8 bytes. */
  public static final int MAX_IDENTIFIER_BYTES = 127;

  public TableName {
    Objects.requireNonNull(schema, "schema");
    Objects.requireNonNull(name, "name");
  }

  /** A table in the search_path. */
  public static TableName of(String name) {
    return new TableName(Optional.empty(), name);
  }

  /** A table in a schema. */
  public static TableName of(String schema, String name) {
    return new TableName(Optional.of(schema), name);
  }

  /** The name as Redshift stores it: ASCII letters folded to lower case, even inside quotes. */
  public String folded() {
    return fold(name);
  }

  /** The schema as Redshift stores it, if any. */
  public Optional<String> foldedSchema() {
    return schema.map(TableName::fold);
  }

  /** Folds ASCII letters only, as Redshift does (non-ASCII letters keep their case). */
  public static String fold(String identifier) {
    int n = identifier.length();
    int i = 0;
    while (i < n && !isUpperAscii(identifier.charAt(i))) {
      i++;
    }
    if (i == n) {
      return identifier; // already folded: the common case, on every field of every record
    }
    char[] chars = identifier.toCharArray();
    for (; i < n; i++) {
      if (isUpperAscii(chars[i])) {
        chars[i] = (char) (chars[i] + ('a' - 'A'));
      }
    }
    return new String(chars);
  }

  private static boolean isUpperAscii(char c) {
    return c >= 'A' && c <= 'Z';
  }

  /** The UTF-8 length of a text (identifiers: Redshift allows 127 bytes), without encoding it. */
  public static int utf8Length(String text) {
    int n = text.length();
    int bytes = 0;
    for (int i = 0; i < n; i++) {
      char c = text.charAt(i);
      if (c < 0x80) {
        bytes++;
      } else if (c < 0x800) {
        bytes += 2;
      } else if (!Character.isSurrogate(c)) {
        bytes += 3;
      } else if (Character.isHighSurrogate(c)
          && i + 1 < n
          && Character.isLowSurrogate(text.charAt(i + 1))) {
        bytes += 4;
        i++;
      } else {
        bytes++; // a lone surrogate: encoded as '?', as String.getBytes does
      }
    }
    return bytes;
  }

  /** For messages: schema.name, unquoted. */
  @Override
  public String toString() {
    return schema.map(s -> s + ".").orElse("") + name;
  }
}
