package dev.redsink.core.session;

import dev.redsink.core.error.ErrorCategory;
import dev.redsink.core.error.FatalException;
import dev.redsink.core.error.RedsinkException;
import dev.redsink.core.error.TransientException;
import java.time.Clock;
import java.time.Duration;

/**
 * The transient failures in a row of the batch a session loads: a transient failure, or one whose
 * commit outcome is unknown, is retried with the same batch (the engine skips whatever the ledger
 * now covers) until the retry timeout, if any, has passed since the batch first failed.
 */
public final class BatchFailures {
  private final Clock clock;
  private int inARow;
  private long failingSince;

  public BatchFailures(Clock clock) {
    this.clock = clock;
  }

  /** How many loads failed transiently since the last one that committed. */
  public int inARow() {
    return inARow;
  }

  public void loaded() {
    inARow = 0;
  }

  /**
   * Counts a failed load of {@code records} records and says what the runtime sees: a transient
   * failure to retry, the failure itself when retrying cannot fix it, or a fatal one once the batch
   * has kept failing for {@code timeout} (zero: never).
   */
  public RuntimeException failed(RuntimeException failure, int records, Duration timeout) {
    if (!(failure instanceof RedsinkException e)
        || (!e.isTransient() && e.category() != ErrorCategory.COMMIT_OUTCOME_UNKNOWN)) {
      return failure;
    }
    long now = clock.millis();
    if (inARow++ == 0) {
      failingSince = now;
    }
    if (!timeout.isZero() && now - failingSince >= timeout.toMillis()) {
      return new FatalException(
          "Cannot load a batch of "
              + records
              + " records: it kept failing for "
              + Duration.ofMillis(now - failingSince)
              + " (retry_timeout is "
              + timeout
              + "): "
              + e.getMessage(),
          e);
    }
    return e.isTransient() ? e : new TransientException(e.getMessage(), e);
  }
}
