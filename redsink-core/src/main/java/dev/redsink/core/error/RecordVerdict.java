package dev.redsink.core.error;

import java.util.Optional;

/**
 * What a record's checks found: refused (a bad record), or passed — for good, or for now (a write
 * may still refuse it once it knows the table's columns).
 *
 * @param settled true when no write can refuse the record
 */
public record RecordVerdict(Optional<BadRecordException> refusal, boolean settled) {

  /** Passed; a write can still refuse it. */
  public static final RecordVerdict PASSED_FOR_NOW = new RecordVerdict(Optional.empty(), false);

  /** Passed for good. */
  public static final RecordVerdict SETTLED = new RecordVerdict(Optional.empty(), true);

  /** Refused for this reason. */
  public static RecordVerdict refused(BadRecordException reason) {
    return new RecordVerdict(Optional.of(reason), false);
  }
}
