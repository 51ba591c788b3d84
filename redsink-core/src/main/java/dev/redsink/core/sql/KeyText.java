package dev.redsink.core.sql;

import dev.redsink.core.table.Column;
import dev.redsink.core.table.TypeFamily;
import java.util.List;

/**
 * How a key column is matched with a key staged as text (a primary-key change's old or new key, as
 * Debezium's headers carry it): the staged text is converted to the column's type, never every
 * row's key to text, so Redshift reads the key column as stored (its zone maps, and no cast of each
 * row of a large table). Integer keys take the text only when it is an integer, so a staged text no
 * cast could take matches nothing instead of failing the load; keys of other types are compared as
 * text.
 */
final class KeyText {
  /** An optional minus and digits. */
  private static final String INTEGER_TEXT = "'^-?[0-9]+$'";

  /** The largest BIGINT, as text of 19 digits. */
  private static final String BIGINT_MAX = "'9223372036854775807'";

  /** The digits of the smallest BIGINT, -9223372036854775808. */
  private static final String BIGINT_MIN_DIGITS = "'9223372036854775808'";

  private static final String TEXT = "VARCHAR(65535)";

  private KeyText() {}

  /**
   * {@code row}'s key columns are the keys {@code text} names ({@code qualifier.text}), in order.
   */
  static String matches(String row, List<Column> keys, String qualifier, List<String> text) {
    StringBuilder match = new StringBuilder();
    for (int i = 0; i < keys.size(); i++) {
      if (i > 0) {
        match.append(" AND ");
      }
      match.append(
          equals(
              row + "." + Identifiers.quote(keys.get(i).name()),
              keys.get(i),
              qualifier + "." + Identifiers.quote(text.get(i))));
    }
    return match.toString();
  }

  /** The key column {@code column} (of {@code key}'s type) equals the staged text {@code text}. */
  static String equals(String column, Column key, String text) {
    TypeFamily family = key.type().family();
    return switch (family) {
      case TEXT -> column + " = " + text;
      case SMALLINT, INTEGER, BIGINT -> column + " = " + asBigint(text);
      default -> asText(column) + " = " + text;
    };
  }

  /**
   * The staged text as a BIGINT when it is an integer BIGINT holds, else NULL (which matches
   * nothing): up to 18 characters always fit; 19 when the first is a minus or the 19 digits are no
   * more than the largest BIGINT; 20 when a minus precedes 19 digits no more than the smallest
   * BIGINT's (digit strings of one length compare as their numbers).
   */
  static String asBigint(String text) {
    String length = "LENGTH(" + text + ")";
    String negative = "LEFT(" + text + ", 1) = '-'";
    return "CASE WHEN "
        + text
        + " ~ "
        + INTEGER_TEXT
        + " AND ("
        + length
        + " < 19 OR ("
        + length
        + " = 19 AND ("
        + negative
        + " OR "
        + text
        + " <= "
        + BIGINT_MAX
        + ")) OR ("
        + length
        + " = 20 AND "
        + negative
        + " AND RIGHT("
        + text
        + ", 19) <= "
        + BIGINT_MIN_DIGITS
        + ")) THEN CAST("
        + text
        + " AS BIGINT) END";
  }

  /** A key value as the text a staged key holds. */
  static String asText(String value) {
    return "CAST(" + value + " AS " + TEXT + ")";
  }

  /** The names of the key columns. */
  static List<String> names(List<Column> keys) {
    return keys.stream().map(Column::name).toList();
  }
}
