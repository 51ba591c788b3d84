package dev.redsink.core.load;

import dev.redsink.core.error.ErrorCategory;
import dev.redsink.core.error.RedsinkException;

/**
 * COPY of a load's staged files was refused: the role, the bucket, or a value Redshift could not
 * load. {@link TableLoader} reports it, once retries are spent, as the reference design's "Redshift
 * COPY failed after N attempts".
 */
final class CopyFailure extends RedsinkException {
  private static final long serialVersionUID = 1L;

  CopyFailure(ErrorCategory category, String message, Throwable cause) {
    super(category, message, cause);
  }

  /** The COPY failure behind a load's failure, or null when it failed elsewhere. */
  static CopyFailure in(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (t instanceof CopyFailure copy) {
        return copy;
      }
    }
    return null;
  }
}
