package dev.redsink.core.typed;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

/**
 * The other key of a primary-key change, from Debezium's headers: the new key's create carries the
 * old key in {@code __debezium.oldkey} (with the placeholder for the values the source did not
 * send, unchanged TOASTed values, which the old key's row holds), and the old key's delete carries
 * the new key in {@code __debezium.newkey}.
 *
 * @param json the key's values as JSON text, as {@link Change#key()} holds a key
 * @param text the key's values as a target column's text holds them, for finding the key's row in
 *     the table; null when a value is neither a string nor an integer
 */
record ChangedKey(List<String> json, List<String> text) {
  /** Debezium's header on the new key's change event of a primary-key change: the old key. */
  static final String OLD_KEY_HEADER = "__debezium.oldkey";

  /** Debezium's header on the old key's delete event of a primary-key change: the new key. */
  static final String NEW_KEY_HEADER = "__debezium.newkey";

  /**
   * The key made of these key fields, in key order; null when one is missing or null. Its text is
   * null unless every value is a string or an integer.
   */
  static ChangedKey of(List<FieldValue> fields) {
    List<String> json = new ArrayList<>(fields.size());
    List<String> text = new ArrayList<>(fields.size());
    for (FieldValue f : fields) {
      if (f == null || f.value() == null) {
        return null;
      }
      json.add(f.json());
      Object v = f.value();
      boolean plain =
          v instanceof String
              || v instanceof Long
              || v instanceof Integer
              || v instanceof Short
              || v instanceof Byte
              || v instanceof BigInteger;
      if (text != null && plain) {
        text.add(v.toString());
      } else {
        text = null;
      }
    }
    return new ChangedKey(json, text);
  }
}
