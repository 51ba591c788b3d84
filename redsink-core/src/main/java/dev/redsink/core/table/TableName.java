package dev.redsink.core.table;

import java.nio.charset.StandardCharsets;
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
    StringBuilder out = new StringBuilder(identifier.length());
    for (int i = 0; i < identifier.length(); i++) {
      char c = identifier.charAt(i);
      out.append(c >= 'A' && c <= 'Z' ? (char) (c + ('a' - 'A')) : c);
    }
    return out.toString();
  }

  /** The UTF-8 length of an identifier, which Redshift limits to 127 bytes. */
  public static int utf8Length(String identifier) {
    return identifier.getBytes(StandardCharsets.UTF_8).length;
  }

  /** For messages: schema.name, unquoted. */
  @Override
  public String toString() {
    return schema.map(s -> s + ".").orElse("") + name;
  }
}
