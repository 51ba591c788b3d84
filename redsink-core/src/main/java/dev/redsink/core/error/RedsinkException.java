package dev.redsink.core.error;

/**
 * The root of every failure the engine reports, carrying the category that tells a caller what to
 * do.
 */
public class RedsinkException extends RuntimeException {
  private final ErrorCategory category;

  public RedsinkException(ErrorCategory category, String message) {
    super(message);
    this.category = category;
  }

  public RedsinkException(ErrorCategory category, String message, Throwable cause) {
    super(message, cause);
    this.category = category;
  }

  /** The category of this failure. */
  public ErrorCategory category() {
    return category;
  }

  /** Whether retrying the same work may succeed. */
  public boolean isTransient() {
    return category == ErrorCategory.TRANSIENT;
  }
}
