package dev.redsink.core.table;

import java.util.Locale;

/** How the record value becomes columns: one payload column, or one column per top-level field. */
public enum TableLayout {
  /** The value in one payload column (payload_format decides its type). */
  PAYLOAD,
  /** One column per top-level field of a JSON object value, typed from its schema or values. */
  TYPED;

  /** The configuration spelling, {@code payload} or {@code typed}. */
  public String keyword() {
    return name().toLowerCase(Locale.ROOT);
  }
}
