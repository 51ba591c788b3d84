package dev.redsink.core.error;

/**
 * The connection dropped after COMMIT was sent, so whether the load committed must be read back
 * from the ledger.
 */
public class CommitOutcomeUnknownException extends RedsinkException {
  public CommitOutcomeUnknownException(String message) {
    super(ErrorCategory.COMMIT_OUTCOME_UNKNOWN, message);
  }

  public CommitOutcomeUnknownException(String message, Throwable cause) {
    super(ErrorCategory.COMMIT_OUTCOME_UNKNOWN, message, cause);
  }
}
