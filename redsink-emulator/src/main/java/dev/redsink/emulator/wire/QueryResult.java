package dev.redsink.emulator.wire;

import java.util.List;

/**
 * What a simple query returned: the last command tag, the rows' first column values as text, and
 * the error if one was raised.
 */
public record QueryResult(String lastTag, List<String> firstColumn, ErrorFields error) {

  public boolean failed() {
    return error != null;
  }

  /** The row count at the end of the last command tag ("INSERT 0 5" → 5), or 0. */
  public long lastCount() {
    if (lastTag == null) {
      return 0;
    }
    int space = lastTag.lastIndexOf(' ');
    try {
      return space < 0 ? 0 : Long.parseLong(lastTag.substring(space + 1));
    } catch (NumberFormatException e) {
      return 0;
    }
  }
}
