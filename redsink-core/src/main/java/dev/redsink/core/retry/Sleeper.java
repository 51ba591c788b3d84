package dev.redsink.core.retry;

import java.time.Duration;

/** Waits between attempts; injected so tests never sleep. */
@FunctionalInterface
public interface Sleeper {
  /** The real one: {@link Thread#sleep(long)}, restoring the interrupt flag if interrupted. */
  Sleeper SYSTEM =
      duration -> {
        try {
          Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new IllegalStateException("Cannot wait before retrying: interrupted", e);
        }
      };

  void sleep(Duration duration);
}
