package dev.redsink.core.typed;

import java.util.List;

/**
 * The key a change's row had before a primary-key change: Debezium sends the new key's row with the
 * old key in its {@code __debezium.oldkey} header, and with the placeholder for the values the
 * source did not send (unchanged TOASTed values), which the row of the old key holds.
 *
 * @param json the old key's values as JSON text, as {@link Change#key()} holds a key
 * @param text the old key's values as a target column's text holds them, for finding the old row in
 *     the table; null when a value is neither a string nor an integer
 */
record PreviousKey(List<String> json, List<String> text) {
  /** Debezium's header on the new key's change event of a primary-key change. */
  static final String HEADER = "__debezium.oldkey";
}
