package dev.redsink.core.config;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Reads raw values (TOML's strings, numbers, booleans and arrays, or Kafka Connect's strings) as
 * the documented key types, one reader per {@link KeyType}.
 */
final class RawValues {
  private RawValues() {}

  static final RawReader<String> TEXT = RawValues::text;
  static final RawReader<Integer> INT = RawValues::integer;
  static final RawReader<Boolean> BOOL = RawValues::bool;
  static final RawReader<Long> SIZE = RawValues::size;
  static final RawReader<List<String>> LIST = RawValues::list;

  /** A duration; an unparsable one falls back to {@code fallback} with a warning. */
  static RawReader<Duration> duration(Duration fallback) {
    return (key, raw, problems) -> duration(key, raw, problems, fallback);
  }

  private static String text(ConfigKey<?> key, Object raw, Problems problems) {
    if (raw instanceof String || raw instanceof Number) {
      return raw.toString();
    }
    problems.problem(key.name(), "expected a string, got " + kind(raw));
    return null;
  }

  /** A TOML array of strings, or a comma-separated string; entries trimmed. */
  private static List<String> list(ConfigKey<?> key, Object raw, Problems problems) {
    if (raw instanceof String text) {
      return java.util.Arrays.stream(text.split(",", -1)).map(String::trim).toList();
    }
    if (raw instanceof List<?> items
        && items.stream().allMatch(i -> i instanceof String || i instanceof Number)) {
      return items.stream().map(i -> i.toString().trim()).toList();
    }
    problems.problem(
        key.name(),
        "expected a list of strings such as [\"a\", \"b\"] or a comma-separated string, got "
            + kind(raw));
    return null;
  }

  private static Integer integer(ConfigKey<?> key, Object raw, Problems problems) {
    try {
      long value =
          raw instanceof Number n && !(raw instanceof Double || raw instanceof Float)
              ? n.longValue()
              : Long.parseLong(raw.toString().trim());
      if (value == (int) value) {
        return (int) value;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    problems.problem(key.name(), "expected an integer, got " + shown(key, raw));
    return null;
  }

  private static Boolean bool(ConfigKey<?> key, Object raw, Problems problems) {
    if (raw instanceof Boolean b) {
      return b;
    }
    String text = raw.toString().trim().toLowerCase(Locale.ROOT);
    if (text.equals("true") || text.equals("false")) {
      return Boolean.parseBoolean(text);
    }
    problems.problem(key.name(), "expected true or false, got " + shown(key, raw));
    return null;
  }

  private static Duration duration(
      ConfigKey<?> key, Object raw, Problems problems, Duration fallback) {
    Optional<Duration> parsed =
        raw instanceof Duration d
            ? Optional.of(d)
            : wholeNumber(raw).map(Duration::ofMillis).or(() -> Durations.parse(raw.toString()));
    if (parsed.isPresent() && !parsed.get().isNegative()) {
      return parsed.get();
    }
    problems.warning(
        key.name(),
        "cannot parse "
            + shown(key, raw)
            + " as a duration, falling back to "
            + Durations.format(fallback)
            + "; write it like 100ms, 1s or 2m");
    return fallback;
  }

  private static Long size(ConfigKey<?> key, Object raw, Problems problems) {
    Optional<Long> parsed = wholeNumber(raw).or(() -> ByteSizes.parse(raw.toString()));
    if (parsed.isPresent() && parsed.get() >= 0) {
      return parsed.get();
    }
    problems.problem(
        key.name(), "cannot parse " + shown(key, raw) + " as a size; write it like 512KB or 64MB");
    return null;
  }

  /** A TOML integer (a bare number of milliseconds or bytes). */
  private static Optional<Long> wholeNumber(Object raw) {
    if (raw instanceof Integer i) {
      return Optional.of(i.longValue());
    }
    return raw instanceof Long l ? Optional.of(l) : Optional.empty();
  }

  private static String shown(ConfigKey<?> key, Object raw) {
    return key.sensitivity() == Sensitivity.PLAIN ? "'" + raw + "'" : "a value (hidden)";
  }

  private static String kind(Object raw) {
    return raw instanceof Map
        ? "a table"
        : raw instanceof List ? "a list" : raw.getClass().getSimpleName();
  }
}
