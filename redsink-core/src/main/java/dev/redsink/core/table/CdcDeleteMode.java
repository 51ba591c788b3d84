package dev.redsink.core.table;

import java.util.Locale;

/** What a CDC delete event does to its row: remove it, or flag it deleted and keep its values. */
public enum CdcDeleteMode {
  HARD,
  SOFT;

  /** The configuration spelling, {@code hard} or {@code soft}. */
  public String keyword() {
    return name().toLowerCase(Locale.ROOT);
  }
}
