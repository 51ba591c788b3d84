package dev.redsink.emulator.dialect;

import java.util.List;

/**
 * JSON values for the comments the front end appends to forwarded statements for the backend's
 * event triggers to read: their text never closes the comment it sits in.
 */
final class CommentJson {

  private CommentJson() {}

  /** A JSON array of strings. */
  static String strings(List<String> values) {
    StringBuilder out = new StringBuilder("[");
    for (int i = 0; i < values.size(); i++) {
      out.append(i > 0 ? "," : "").append(string(values.get(i)));
    }
    return out.append(']').toString();
  }

  /** A JSON string. */
  static String string(String value) {
    StringBuilder out = new StringBuilder("\"");
    for (char c : value.toCharArray()) {
      if (c == '"' || c == '\\' || c == '/' || c == '*' || c < 0x20) {
        out.append(String.format("\\u%04x", (int) c));
      } else {
        out.append(c);
      }
    }
    return out.append('"').toString();
  }
}
