package dev.redsink.core.table;

/**
 * How the record value is stored: raw bytes in a VARBYTE column, or UTF-8 text in a VARCHAR(MAX).
 */
public enum PayloadFormat {
  VARBYTE,
  TEXT;

  /** The configuration spelling, {@code varbyte} or {@code text}. */
  public String keyword() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }
}
