package dev.redsink.kafka.connect;

import java.util.Locale;

/** What the task does with a record whose value is null (a tombstone). */
enum NullValueBehavior {
  /** Counted and logged; nothing is loaded. */
  IGNORE,
  /** The task fails, naming the record. */
  FAIL;

  String keyword() {
    return name().toLowerCase(Locale.ROOT);
  }

  static NullValueBehavior of(String keyword) {
    return valueOf(keyword.trim().toUpperCase(Locale.ROOT));
  }
}
