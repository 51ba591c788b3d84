package dev.redsink.core.typed;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;

/**
 * ISO-8601 time stamps with an offset (Debezium's ZonedTimestamp, a TIMESTAMPTZ field) as
 * microseconds since the epoch. The form Debezium writes, {@code 2024-01-15T08:30:00.123456Z} or
 * with a {@code ±hh:mm} offset, is read directly; any other form goes to java.time's parser, which
 * costs several times as much per value.
 */
final class IsoTimestamps {
  private static final long NOT_READ = Long.MIN_VALUE;
  private static final int MAX_OFFSET_HOURS = 18;

  private IsoTimestamps() {}

  /**
   * A time stamp with digits below a microsecond that are not zero, which Redshift's time types do
   * not keep: refused rather than cut.
   */
  static final class BelowMicrosecondsException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    BelowMicrosecondsException() {
      super("digits below a microsecond", null, false, false);
    }
  }

  /**
   * The microseconds since the epoch of {@code text}.
   *
   * @throws DateTimeParseException when it is not an ISO-8601 date-time with an offset
   * @throws ArithmeticException beyond a long's range of microseconds
   * @throws BelowMicrosecondsException when it has digits below a microsecond other than zeros
   */
  static long micros(String text) {
    long read = common(text);
    if (read != NOT_READ) {
      return read;
    }
    Instant instant = OffsetDateTime.parse(text).toInstant();
    if (instant.getNano() % 1000 != 0) {
      throw new BelowMicrosecondsException();
    }
    return Micros.of(instant);
  }

  /** {@code yyyy-MM-ddTHH:mm:ss[.f…]} then {@code Z} or {@code ±hh:mm}; NOT_READ otherwise. */
  private static long common(String t) {
    int n = t.length();
    if (n < 20
        || t.charAt(4) != '-'
        || t.charAt(7) != '-'
        || t.charAt(10) != 'T'
        || t.charAt(13) != ':'
        || t.charAt(16) != ':') {
      return NOT_READ;
    }
    int year = digits(t, 0, 4);
    int month = digits(t, 5, 2);
    int day = digits(t, 8, 2);
    int hour = digits(t, 11, 2);
    int minute = digits(t, 14, 2);
    int second = digits(t, 17, 2);
    if (year < 0 || month < 0 || day < 0 || hour < 0 || minute < 0 || second < 0) {
      return NOT_READ;
    }
    if (hour > 23 || minute > 59 || second > 59) {
      return NOT_READ;
    }
    int i = 19;
    long nanos = 0;
    if (i < n && t.charAt(i) == '.') {
      int start = ++i;
      while (i < n && isDigit(t.charAt(i))) {
        i++;
      }
      int count = i - start;
      if (count == 0 || count > 9) {
        return NOT_READ;
      }
      nanos = digits(t, start, count);
      for (int k = count; k < 9; k++) {
        nanos *= 10;
      }
    }
    int offsetSeconds;
    if (i == n - 1 && t.charAt(i) == 'Z') {
      offsetSeconds = 0;
    } else if (i == n - 6 && (t.charAt(i) == '+' || t.charAt(i) == '-') && t.charAt(i + 3) == ':') {
      int hours = digits(t, i + 1, 2);
      int minutes = digits(t, i + 4, 2);
      if (hours < 0 || minutes < 0 || minutes > 59 || hours > MAX_OFFSET_HOURS) {
        return NOT_READ;
      }
      offsetSeconds = (t.charAt(i) == '-' ? -1 : 1) * (hours * 3600 + minutes * 60);
    } else {
      return NOT_READ;
    }
    long epochDay;
    try {
      epochDay = LocalDate.of(year, month, day).toEpochDay();
    } catch (DateTimeException e) {
      return NOT_READ; // java.time's parser names what is wrong
    }
    if (nanos % 1000 != 0) {
      throw new BelowMicrosecondsException();
    }
    long seconds = epochDay * 86_400 + hour * 3_600L + minute * 60L + second - offsetSeconds;
    return seconds * 1_000_000L + nanos / 1_000;
  }

  /** The decimal number of {@code count} digits at {@code from}, or -1 when one is not a digit. */
  private static int digits(String t, int from, int count) {
    int value = 0;
    for (int i = from; i < from + count; i++) {
      char c = t.charAt(i);
      if (!isDigit(c)) {
        return -1;
      }
      value = value * 10 + (c - '0');
    }
    return value;
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }
}
