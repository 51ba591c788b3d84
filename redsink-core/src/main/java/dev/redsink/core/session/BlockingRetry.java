package dev.redsink.core.session;

import dev.redsink.core.error.RedsinkException;
import dev.redsink.core.retry.Sleeper;
import java.time.Duration;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A session step retried in place for runtimes that may block (`redsink run`, `redsink load`): a
 * transient failure waits the retry policy's delay and runs the step again, until it succeeds,
 * fails otherwise, or the runtime stops.
 */
public final class BlockingRetry {
  private static final Logger LOG = LoggerFactory.getLogger(BlockingRetry.class);

  private final Sleeper sleeper;
  private final Supplier<Duration> delay;

  /** Retries waiting {@code delay} on {@code sleeper}. */
  public BlockingRetry(Sleeper sleeper, Supplier<Duration> delay) {
    this.sleeper = sleeper;
    this.delay = delay;
  }

  /**
   * Runs {@code step} until it succeeds.
   *
   * @return false when {@code stopped} says so after a transient failure
   * @throws RedsinkException a failure that is not transient
   */
  public boolean run(Runnable step, BooleanSupplier stopped) {
    while (true) {
      try {
        step.run();
        return true;
      } catch (RedsinkException e) {
        if (!e.isTransient()) {
          throw e;
        }
        if (stopped.getAsBoolean()) {
          return false;
        }
        Duration wait = delay.get();
        LOG.warn("Cannot load a batch yet, retrying in {} ms: {}", wait.toMillis(), e.getMessage());
        sleeper.sleep(wait);
      }
    }
  }
}
