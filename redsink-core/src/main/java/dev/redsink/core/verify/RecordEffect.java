package dev.redsink.core.verify;

import java.util.List;

/**
 * What one record of a log does to its table, read as a load reads it (the engine's own change
 * reader: the same keys, ops and refusals).
 *
 * @param effect what the record does
 * @param key its key's values, joined, for upsert and cdc changes (null otherwise)
 * @param keyColumns the key's column names (empty when the record has no key)
 * @param refusal why a load refuses the record (null unless {@link Effect#REFUSED})
 * @param digest its payload's digest ({@link PayloadDigest}) where values are compared, else null
 */
public record RecordEffect(
    Effect effect, String key, List<String> keyColumns, String refusal, Long digest) {

  /** What a record does to a table. */
  public enum Effect {
    /** Adds a row of its own, carrying its offset: an appended record, a version in history. */
    ROW,
    /** Becomes its key's row, carrying its offset (upsert and cdc; a soft delete too). */
    KEY_ROW,
    /**
     * Flags its key's row deleted (cdc with soft deletes), which keeps the offset it has: the
     * previous change's, or this one's when both came in one load (or there was no row).
     */
    KEY_SOFT_DELETE,
    /** Removes its key's row. */
    KEY_DELETE,
    /** Empties the table (a cdc truncate). */
    TRUNCATE,
    /** Nothing: the ledger only moves past it (a skipped tombstone, a heartbeat). */
    NONE,
    /** A load refuses it as a bad record (a runtime's dead letter queue holds it). */
    REFUSED
  }

  private static final String KEY_SEPARATOR = "\u0000";

  /** A row of its own. */
  public static final RecordEffect ROW_OF_ITS_OWN =
      new RecordEffect(Effect.ROW, null, List.of(), null, null);

  /** Nothing. */
  public static final RecordEffect NOTHING =
      new RecordEffect(Effect.NONE, null, List.of(), null, null);

  public RecordEffect {
    keyColumns = List.copyOf(keyColumns);
  }

  /** Not what a record does: what it is, a record a load refuses, and why. */
  public static RecordEffect refused(String reason) {
    return new RecordEffect(Effect.REFUSED, null, List.of(), reason, null);
  }

  /** A cdc truncate. */
  public static RecordEffect truncate() {
    return new RecordEffect(Effect.TRUNCATE, null, List.of(), null, null);
  }

  /** An upsert or cdc change of this key (its values as JSON text, for equality). */
  public static RecordEffect keyed(Effect effect, List<String> columns, List<String> key) {
    return new RecordEffect(effect, String.join(KEY_SEPARATOR, key), columns, null, null);
  }

  /** A row of its own whose payload has this digest. */
  public static RecordEffect rowWithDigest(long digest) {
    return new RecordEffect(Effect.ROW, null, List.of(), null, digest);
  }

  /** A key's values as a report prints them: {@code id=5}, {@code a="x", b=2}. */
  public static String printed(List<String> columns, String key) {
    List<String> values = List.of(key.split(KEY_SEPARATOR, -1));
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < values.size(); i++) {
      if (i > 0) {
        text.append(", ");
      }
      String v = values.get(i);
      boolean quoted = v.length() >= 2 && v.startsWith("\"") && v.endsWith("\"");
      text.append(i < columns.size() ? columns.get(i) : "key")
          .append('=')
          .append(quoted ? v.substring(1, v.length() - 1) : v);
    }
    return text.toString();
  }
}
