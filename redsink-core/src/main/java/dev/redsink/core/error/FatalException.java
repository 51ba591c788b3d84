package dev.redsink.core.error;

/** A failure that retrying will not fix and that belongs to no more specific category. */
public class FatalException extends RedsinkException {
  public FatalException(String message) {
    super(ErrorCategory.FATAL, message);
  }

  public FatalException(String message, Throwable cause) {
    super(ErrorCategory.FATAL, message, cause);
  }
}
