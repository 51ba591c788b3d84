package dev.redsink.core.retry;

import dev.redsink.core.error.ErrorCategory;
import dev.redsink.core.error.RedsinkException;

/**
 * A failure whose retries a {@link RetryPolicy} has already spent. It keeps its category (a
 * transient one still tells the runtime that later may work), but an enclosing policy does not
 * retry it again, so nested retries (an S3 upload inside a load) never multiply.
 */
public final class RetriesSpent extends RedsinkException {
  private static final long serialVersionUID = 1L;

  RetriesSpent(ErrorCategory category, String message, Throwable cause) {
    super(category, message, cause);
  }

  /** The same spent failure in other words (the cause keeps the original). */
  public RetriesSpent reworded(String message) {
    return new RetriesSpent(category(), message, this);
  }
}
