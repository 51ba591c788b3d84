package dev.redsink.core.error;

/** A temporary failure; the same work may succeed when retried. */
public class TransientException extends RedsinkException {
  public TransientException(String message) {
    super(ErrorCategory.TRANSIENT, message);
  }

  public TransientException(String message, Throwable cause) {
    super(ErrorCategory.TRANSIENT, message, cause);
  }
}
