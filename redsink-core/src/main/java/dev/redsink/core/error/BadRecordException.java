package dev.redsink.core.error;

/**
 * One record cannot be stored as configured; names it as topic:partition:offset, never its
 * contents.
 */
public class BadRecordException extends RedsinkException {
  private final String recordId;

  public BadRecordException(String recordId, String message) {
    super(ErrorCategory.BAD_RECORD, message);
    this.recordId = recordId;
  }

  /** The offending record as topic:partition:offset. */
  public String recordId() {
    return recordId;
  }
}
