package dev.redsink.emulator.copy;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Locale;

/**
 * PostgreSQL's binary date and timestamp numbers of the dates and timestamps the binary COPY
 * fetches from DuckDB as numbers ({@link ColumnPlan}): infinities arrive out of band, as ±{@link
 * Long#MAX_VALUE}, so no finite value can become one; a value is refused where its text (what the
 * CSV form hands PostgreSQL) would be, with PostgreSQL's message naming that text.
 */
final class PostgresDates {
  /** Days from 1970-01-01 to PostgreSQL's epoch, 2000-01-01. */
  private static final long POSTGRES_EPOCH_DAY = 10_957;

  private static final long MICROS_PER_DAY = 86_400_000_000L;

  /** PostgreSQL's first date (Julian day 0, 4714-11-24 BC) in days since 2000-01-01. */
  static final long FIRST_DATE = -2_451_545L;

  /** PostgreSQL's first date past its range (5874898-01-01) in days since 2000-01-01. */
  static final long END_DATE = 2_147_483_494L - 2_451_545L;

  /** Unix microseconds of 0001-01-01 00:00:00. */
  private static final long FIRST_AD_MICROS = -62_135_596_800_000_000L;

  private PostgresDates() {}

  /**
   * PostgreSQL's date (days since 2000-01-01, {@code Integer.MAX_VALUE} and {@code MIN_VALUE} for
   * ±infinity) of days since 2000-01-01; a finite date outside PostgreSQL's range (4714-11-24 BC to
   * 5874897-12-31, IS_VALID_DATE), which includes the two day numbers it keeps for the infinities,
   * is refused as its text is.
   */
  static long days(long sinceEpoch) {
    if (sinceEpoch == Long.MAX_VALUE) {
      return Integer.MAX_VALUE; // DATEVAL_NOEND
    }
    if (sinceEpoch == -Long.MAX_VALUE) {
      return Integer.MIN_VALUE; // DATEVAL_NOBEGIN
    }
    if (sinceEpoch < FIRST_DATE || sinceEpoch >= END_DATE) {
      throw CopyException.refused(
          "date out of range: \"" + dateText(sinceEpoch + POSTGRES_EPOCH_DAY) + "\"");
    }
    return sinceEpoch;
  }

  /**
   * PostgreSQL's timestamp (microseconds since 2000-01-01) of Unix microseconds; refused where its
   * text form is: a year before 1 (DuckDB writes a negative or zero year, which neither text input
   * reads), and an infinite TIMESTAMPTZ.
   */
  static long instant(long unixMicros, TargetType type) {
    boolean tz = type.family() == TargetType.Family.TIMESTAMPTZ;
    String name = tz ? "timestamp with time zone" : "timestamp";
    if (unixMicros == Long.MAX_VALUE || unixMicros == -Long.MAX_VALUE) {
      String infinity = unixMicros == Long.MAX_VALUE ? "infinity" : "-infinity";
      if (tz) {
        throw refused("invalid input syntax for type " + name, infinity + "+00");
      }
      return unixMicros == Long.MAX_VALUE ? Long.MAX_VALUE : Long.MIN_VALUE; // DT_NOEND, NOBEGIN
    }
    if (unixMicros < FIRST_AD_MICROS) {
      LocalDateTime t = dateTime(unixMicros);
      String text = timestampText(t) + (tz ? "+00" : "");
      // PostgreSQL's parser finds year 0 out of range; a negative year does not parse.
      throw t.getYear() == 0
          ? refused("date/time field value out of range", text)
          : refused("invalid input syntax for type " + name, text);
    }
    return unixMicros - POSTGRES_EPOCH_DAY * MICROS_PER_DAY;
  }

  /** A date as DuckDB's {@code ::VARCHAR} writes it: {@code YYYY-MM-DD}, BC as {@code (BC)}. */
  private static String dateText(long unixDays) {
    LocalDate date = LocalDate.ofEpochDay(unixDays);
    int year = date.getYear();
    return String.format(
        Locale.ROOT,
        year > 0 ? "%04d-%02d-%02d" : "%04d-%02d-%02d (BC)",
        year > 0 ? year : 1 - year,
        date.getMonthValue(),
        date.getDayOfMonth());
  }

  private static LocalDateTime dateTime(long unixMicros) {
    return LocalDateTime.ofEpochSecond(
        Math.floorDiv(unixMicros, 1_000_000L),
        (int) Math.floorMod(unixMicros, 1_000_000L) * 1000,
        ZoneOffset.UTC);
  }

  /**
   * A timestamp as the plan's {@code strftime} writes it: {@code %Y} is the proleptic year, zero
   * padded to four digits when it is not negative ({@code 0000}, {@code -44}).
   */
  private static String timestampText(LocalDateTime t) {
    int year = t.getYear();
    return String.format(
        Locale.ROOT,
        year < 0 ? "%d-%02d-%02d %02d:%02d:%02d.%06d" : "%04d-%02d-%02d %02d:%02d:%02d.%06d",
        year,
        t.getMonthValue(),
        t.getDayOfMonth(),
        t.getHour(),
        t.getMinute(),
        t.getSecond(),
        t.getNano() / 1000);
  }

  private static CopyException refused(String message, String text) {
    return CopyException.refused(message + ": \"" + text + "\"");
  }
}
