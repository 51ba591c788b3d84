package dev.redsink.core.retry;

import dev.redsink.core.error.RedsinkException;
import java.time.Duration;
import java.util.Objects;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one retry policy. Inside the engine it runs an action up to {@code maxAttempts} times while
 * it fails transiently, waiting {@code baseDelay × attempt} between attempts (linear backoff),
 * logging WARN per retry and ERROR once on giving up; a failure it gave up on ({@link
 * RetriesSpent}) is not retried by an enclosing policy. Around the engine, a runtime loads a batch
 * that failed transiently again after {@link #batchDelay} (the same linear backoff, capped at
 * {@code maxDelay}) for as long as {@link #timeout} allows.
 */
public final class RetryPolicy {
  private static final Logger LOG = LoggerFactory.getLogger(RetryPolicy.class);

  private final int maxAttempts;
  private final Duration baseDelay;
  private final Sleeper sleeper;
  private final Duration maxDelay;
  private final Duration timeout;

  /** The longest wait between attempts to load a batch, unless configured otherwise. */
  public static final Duration DEFAULT_MAX_DELAY = Duration.ofSeconds(30);

  public RetryPolicy(int maxAttempts, Duration baseDelay, Sleeper sleeper) {
    this(maxAttempts, baseDelay, DEFAULT_MAX_DELAY, Duration.ZERO, sleeper);
  }

  /**
   * @param maxDelay the cap of the wait between attempts to load a batch
   * @param timeout how long a batch may keep failing transiently; zero: for as long as it takes
   */
  public RetryPolicy(
      int maxAttempts, Duration baseDelay, Duration maxDelay, Duration timeout, Sleeper sleeper) {
    if (maxAttempts < 1) {
      throw new IllegalArgumentException("maxAttempts must be at least 1, got " + maxAttempts);
    }
    if (baseDelay.isNegative()) {
      throw new IllegalArgumentException("baseDelay must not be negative, got " + baseDelay);
    }
    this.maxAttempts = maxAttempts;
    this.baseDelay = baseDelay;
    if (maxDelay.isNegative() || timeout.isNegative()) {
      throw new IllegalArgumentException("maxDelay and timeout must not be negative");
    }
    this.sleeper = Objects.requireNonNull(sleeper, "sleeper");
    this.maxDelay = maxDelay;
    this.timeout = timeout;
  }

  /** The wait before loading a batch again after its {@code failures}-th failure in a row. */
  public Duration batchDelay(int failures) {
    Duration delay = delayAfter(Math.max(1, failures));
    return delay.compareTo(maxDelay) > 0 ? maxDelay : delay;
  }

  /** How long a batch may keep failing transiently before the runtime fails; zero: forever. */
  public Duration timeout() {
    return timeout;
  }

  public int maxAttempts() {
    return maxAttempts;
  }

  /** The wait after the given failed attempt (1-based). */
  public Duration delayAfter(int attempt) {
    return baseDelay.multipliedBy(attempt);
  }

  /**
   * Runs {@code action}, retrying transient {@link RedsinkException}s. Non-transient failures are
   * rethrown at once; after the last attempt the failure is rethrown with the same category and a
   * message naming the action and the number of attempts.
   *
   * @param action what is being done, as in "Cannot &lt;action&gt;", e.g. "run COPY into orders"
   */
  public <T> T run(String action, Supplier<T> attempt) {
    return run(action, attempt, true);
  }

  private <T> T run(String action, Supplier<T> attempt, boolean logGiveUp) {
    for (int n = 1; ; n++) {
      try {
        return attempt.get();
      } catch (RedsinkException e) {
        if (!e.isTransient() || e instanceof RetriesSpent) {
          throw e;
        }
        if (n >= maxAttempts) {
          String message =
              "Cannot " + action + ": failed after " + n + " attempts: " + e.getMessage();
          if (logGiveUp) {
            LOG.error(message);
          }
          throw new RetriesSpent(e.category(), message, e);
        }
        Duration delay = delayAfter(n);
        LOG.warn(
            "Cannot {} (attempt {} of {}), retrying in {} ms: {}",
            action,
            n,
            maxAttempts,
            delay.toMillis(),
            e.getMessage());
        sleeper.sleep(delay);
      }
    }
  }

  /** {@link #run(String, Supplier)} for actions without a result. */
  public void runVoid(String action, Runnable attempt) {
    run(action, withoutResult(attempt), true);
  }

  /**
   * {@link #runVoid} for clean-up, whose failures are warnings: giving up logs nothing here, the
   * caller logs its one warning.
   */
  public void runCleanup(String action, Runnable attempt) {
    run(action, withoutResult(attempt), false);
  }

  private static Supplier<Void> withoutResult(Runnable attempt) {
    return () -> {
      attempt.run();
      return null;
    };
  }
}
