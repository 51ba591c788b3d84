package dev.redsink.core;

import java.time.Clock;
import java.time.Duration;
import java.util.Optional;

/**
 * A {@link SinkSession}'s flush limits (a load starts when the records, their bytes or the age of
 * the oldest trips first) and where loads run.
 *
 * @param loadThread the name of the thread loads run on beside consumption; empty: loads run on the
 *     caller's thread, between its calls
 */
public record SessionSettings(
    int maxRecords, long maxBytes, Duration interval, Clock clock, Optional<String> loadThread) {

  /** These limits, loading on the caller's thread between its calls and reading this clock. */
  public SessionSettings inline(Clock clock) {
    return new SessionSettings(maxRecords, maxBytes, interval, clock, Optional.empty());
  }

  /** These limits and thread, reading this clock. */
  public SessionSettings withClock(Clock clock) {
    return new SessionSettings(maxRecords, maxBytes, interval, clock, loadThread);
  }
}
