package dev.redsink.core.typed;

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
}
