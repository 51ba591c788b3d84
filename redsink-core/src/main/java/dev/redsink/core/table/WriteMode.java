package dev.redsink.core.table;

import java.util.Locale;

/** How a typed table applies records: append every one, upsert by key, or apply CDC events. */
public enum WriteMode {
  /** Every record becomes a new row. */
  APPEND,
  /** The last record per primary key replaces the key's row; a tombstone may delete it. */
  UPSERT,
  /** Debezium change events: the after image is upserted, a delete removes or flags the row. */
  CDC;

  /** The configuration spelling, {@code append}, {@code upsert} or {@code cdc}. */
  public String keyword() {
    return name().toLowerCase(Locale.ROOT);
  }
}
