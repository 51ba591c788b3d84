package dev.redsink.core.error;

/**
 * What a caller should do about a failure: fix the configuration, retry, divert a record, or
 * reconcile.
 */
public enum ErrorCategory {
  /** The configuration is wrong; nothing will work until a person changes it. */
  INVALID_CONFIG,
  /**
   * A temporary condition (I/O, lock conflict, restart); the same work may succeed when retried.
   */
  TRANSIENT,
  /** One record cannot be stored as configured; the rest of the batch could be. */
  BAD_RECORD,
  /** Credentials or grants are missing; retrying will not help. */
  AUTHORIZATION,
  /**
   * The connection dropped after COMMIT was sent; only the ledger can tell whether it committed.
   */
  COMMIT_OUTCOME_UNKNOWN,
  /** Anything else that retrying will not fix. */
  FATAL
}
