package dev.redsink.core.table;

/**
 * How the record value is stored: raw bytes in a VARBYTE column, UTF-8 text in a VARCHAR(MAX), or
 * JSON in a SUPER column.
 */
public enum PayloadFormat {
  VARBYTE,
  TEXT,
  /** JSON parsed into a SUPER column (staged as text, JSON_PARSE'd by the insert). */
  SUPER;

  /** The configuration spelling, {@code varbyte} or {@code text}. */
  public String keyword() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }
}
