package dev.redsink.core.table;

import java.util.Locale;

/**
 * How a typed table applies records: append every one, upsert by key, apply CDC events, or keep
 * every version of every key (history).
 */
public enum WriteMode {
  /** Every record becomes a new row. */
  APPEND,
  /** The last record per primary key replaces the key's row; a tombstone may delete it. */
  UPSERT,
  /** Debezium change events: the after image is upserted, a delete removes or flags the row. */
  CDC,
  /**
   * Every change of a key (a Debezium change event or a keyed record) inserts a new version and
   * closes the key's previous one: {@code _record_is_active}, {@code _record_create_time}, {@code
   * _record_delete_time}, as Redshift's zero-ETL history mode names them.
   */
  HISTORY;

  /** The configuration spelling, {@code append}, {@code upsert}, {@code cdc} or {@code history}. */
  public String keyword() {
    return name().toLowerCase(Locale.ROOT);
  }
}
