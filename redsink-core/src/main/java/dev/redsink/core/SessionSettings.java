package dev.redsink.core;

import dev.redsink.core.config.ConfigKeys;
import dev.redsink.core.config.ConfigParser;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
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

  /**
   * The flush limits of raw configuration values (flush_max_records, flush_max_bytes,
   * flush_interval, under either spelling; the defaults where absent), loading on the caller's
   * thread until {@link #onThread}.
   *
   * @throws dev.redsink.core.error.InvalidConfigException naming the key when a value is invalid
   */
  public static SessionSettings of(Map<String, ?> raw) {
    return new SessionSettings(
        ConfigParser.value(raw, ConfigKeys.FLUSH_MAX_RECORDS),
        ConfigParser.value(raw, ConfigKeys.FLUSH_MAX_BYTES),
        ConfigParser.value(raw, ConfigKeys.FLUSH_INTERVAL),
        Clock.systemUTC(),
        Optional.empty());
  }

  /** These limits, loading on a thread of this name beside consumption. */
  public SessionSettings onThread(String name) {
    return new SessionSettings(maxRecords, maxBytes, interval, clock, Optional.of(name));
  }

  /** These limits, loading on the caller's thread between its calls and reading this clock. */
  public SessionSettings inline(Clock clock) {
    return new SessionSettings(maxRecords, maxBytes, interval, clock, Optional.empty());
  }

  /** These limits and thread, reading this clock. */
  public SessionSettings withClock(Clock clock) {
    return new SessionSettings(maxRecords, maxBytes, interval, clock, loadThread);
  }
}
