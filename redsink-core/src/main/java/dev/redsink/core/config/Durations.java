package dev.redsink.core.config;

import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses human durations as the reference runtime writes them: {@code 100ms}, {@code 1s}, {@code
 * 2m}, {@code 1h}, combinations such as {@code 1m 30s}, and a bare integer as milliseconds (the
 * Kafka Connect convention).
 */
public final class Durations {
  private static final Pattern PART = Pattern.compile("\\s*(\\d{1,12})\\s*([a-z]+)\\s*");
  private static final Map<String, Duration> UNITS =
      Map.ofEntries(
          Map.entry("ms", Duration.ofMillis(1)),
          Map.entry("msec", Duration.ofMillis(1)),
          Map.entry("s", Duration.ofSeconds(1)),
          Map.entry("sec", Duration.ofSeconds(1)),
          Map.entry("secs", Duration.ofSeconds(1)),
          Map.entry("second", Duration.ofSeconds(1)),
          Map.entry("seconds", Duration.ofSeconds(1)),
          Map.entry("m", Duration.ofMinutes(1)),
          Map.entry("min", Duration.ofMinutes(1)),
          Map.entry("mins", Duration.ofMinutes(1)),
          Map.entry("minute", Duration.ofMinutes(1)),
          Map.entry("minutes", Duration.ofMinutes(1)),
          Map.entry("h", Duration.ofHours(1)),
          Map.entry("hr", Duration.ofHours(1)),
          Map.entry("hour", Duration.ofHours(1)),
          Map.entry("hours", Duration.ofHours(1)));

  private Durations() {}

  /** The duration, or empty when the text is not one of the accepted forms. */
  public static Optional<Duration> parse(String text) {
    String trimmed = text.trim().toLowerCase(Locale.ROOT);
    if (trimmed.isEmpty()) {
      return Optional.empty();
    }
    if (trimmed.chars().allMatch(Character::isDigit)) {
      return trimmed.length() > 12
          ? Optional.empty()
          : Optional.of(Duration.ofMillis(Long.parseLong(trimmed)));
    }
    Matcher m = PART.matcher(trimmed);
    Duration total = Duration.ZERO;
    int at = 0;
    while (at < trimmed.length()) {
      if (!m.find(at) || m.start() != at) {
        return Optional.empty();
      }
      Duration unit = UNITS.get(m.group(2));
      if (unit == null) {
        return Optional.empty();
      }
      total = total.plus(unit.multipliedBy(Long.parseLong(m.group(1))));
      at = m.end();
    }
    return Optional.of(total);
  }

  /** A compact form that {@link #parse} reads back: {@code 1s}, {@code 1500ms}, {@code 2m}. */
  public static String format(Duration duration) {
    long ms = duration.toMillis();
    if (ms % 3_600_000 == 0 && ms > 0) {
      return ms / 3_600_000 + "h";
    }
    if (ms % 60_000 == 0 && ms > 0) {
      return ms / 60_000 + "m";
    }
    if (ms % 1000 == 0 && ms > 0) {
      return ms / 1000 + "s";
    }
    return ms + "ms";
  }
}
