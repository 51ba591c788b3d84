package dev.redsink.core.error;

import dev.redsink.core.record.Record;
import java.util.Optional;

/**
 * What a record's checks found: refused (a bad record), or passed — for good, or for now (a write
 * may still refuse it once it knows the table's columns).
 *
 * @param settled true when no write can refuse the record
 * @param held the passed record as a buffer should hold it until its load (say its value split from
 *     a schema other records share), or null to hold it as it was judged
 */
public record RecordVerdict(Optional<BadRecordException> refusal, boolean settled, Record held) {

  /** Passed; a write can still refuse it. */
  public static final RecordVerdict PASSED_FOR_NOW = new RecordVerdict(Optional.empty(), false);

  /** Passed for good. */
  public static final RecordVerdict SETTLED = new RecordVerdict(Optional.empty(), true);

  public RecordVerdict(Optional<BadRecordException> refusal, boolean settled) {
    this(refusal, settled, null);
  }

  /** Passed, for good when {@code settled}, to be held as {@code held}. */
  public static RecordVerdict passed(boolean settled, Record held) {
    return new RecordVerdict(Optional.empty(), settled, held);
  }

  /** Refused for this reason. */
  public static RecordVerdict refused(BadRecordException reason) {
    return new RecordVerdict(Optional.of(reason), false);
  }

  /** The record to hold: {@link #held} when set, else the record judged. */
  public Record heldOr(Record judged) {
    return held == null ? judged : held;
  }
}
