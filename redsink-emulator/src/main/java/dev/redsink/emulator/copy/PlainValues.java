package dev.redsink.emulator.copy;

import java.io.ByteArrayOutputStream;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;

/**
 * PostgreSQL's binary receive form of the values the binary COPY cannot take from DuckDB as they
 * are stored: a DOUBLE PRECISION from a REAL and a NUMERIC from the text DuckDB renders (the CSV
 * form hands PostgreSQL the same text), accepting exactly the shapes DuckDB produces and PostgreSQL
 * reads; and dates and timestamps fetched typed, refused where their text would be, naming the text
 * PostgreSQL would have been given. Other ranges are left to PostgreSQL's receive functions.
 */
final class PlainValues {
  /** Days from 1970-01-01 to PostgreSQL's epoch, 2000-01-01. */
  private static final long POSTGRES_EPOCH_DAY = 10_957;

  private static final long MICROS_PER_DAY = 86_400_000_000L;

  /** PostgreSQL's first date (Julian day 0, 4714-11-24 BC) in days since 2000-01-01. */
  private static final long FIRST_DATE = -2_451_545L;

  /** PostgreSQL's first date past its range (5874898-01-01) in days since 2000-01-01. */
  private static final long END_DATE = 2_147_483_494L - 2_451_545L;

  /** Unix microseconds of 0001-01-01 00:00:00. */
  private static final long FIRST_AD_MICROS = -62_135_596_800_000_000L;

  private PlainValues() {}

  static double doublePrecision(String text) {
    switch (text) {
      case "nan":
        return Double.NaN;
      case "inf":
        return Double.POSITIVE_INFINITY;
      case "-inf":
        return Double.NEGATIVE_INFINITY;
      default:
        try {
          return Double.parseDouble(number(text, "double precision"));
        } catch (NumberFormatException e) {
          throw invalid(text, "double precision");
        }
    }
  }

  /**
   * PostgreSQL's date (days since 2000-01-01, {@code Integer.MAX_VALUE} and {@code MIN_VALUE} for
   * ±infinity) of days fetched typed, where ±{@link Long#MAX_VALUE} stand for ±infinity; a finite
   * date outside PostgreSQL's range (4714-11-24 BC to 5874897-12-31, IS_VALID_DATE), which includes
   * the two day numbers it keeps for the infinities, is refused as its text is.
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
   * PostgreSQL's timestamp (microseconds since 2000-01-01) of Unix microseconds fetched typed,
   * where ±{@link Long#MAX_VALUE} stand for ±infinity; refused where its text form is: a year
   * before 1 (DuckDB writes a negative or zero year, which neither text input reads), and an
   * infinite TIMESTAMPTZ.
   */
  static long instant(long unixMicros, TargetType type) {
    boolean tz = type.family() == TargetType.Family.TIMESTAMPTZ;
    String name = tz ? "timestamp with time zone" : "timestamp";
    if (unixMicros == Long.MAX_VALUE || unixMicros == -Long.MAX_VALUE) {
      String infinity = unixMicros == Long.MAX_VALUE ? "infinity" : "-infinity";
      if (tz) {
        throw invalid(infinity + "+00", name);
      }
      return unixMicros == Long.MAX_VALUE ? Long.MAX_VALUE : Long.MIN_VALUE; // DT_NOEND, NOBEGIN
    }
    if (unixMicros < FIRST_AD_MICROS) {
      throw invalid(timestampText(unixMicros) + (tz ? "+00" : ""), name);
    }
    return unixMicros - POSTGRES_EPOCH_DAY * MICROS_PER_DAY;
  }

  /** A date as DuckDB's {@code ::VARCHAR} writes it: {@code YYYY-MM-DD}, BC as {@code (BC)}. */
  private static String dateText(long unixDays) {
    LocalDate date = LocalDate.ofEpochDay(unixDays);
    int year = date.getYear();
    return year > 0
        ? String.format("%04d-%02d-%02d", year, date.getMonthValue(), date.getDayOfMonth())
        : String.format(
            "%04d-%02d-%02d (BC)", 1 - year, date.getMonthValue(), date.getDayOfMonth());
  }

  /**
   * A timestamp as the plan's {@code strftime} writes it: {@code %Y} is the proleptic year, zero
   * padded to four digits when it is not negative ({@code 0000}, {@code -44}).
   */
  private static String timestampText(long unixMicros) {
    LocalDateTime t =
        LocalDateTime.ofEpochSecond(
            Math.floorDiv(unixMicros, 1_000_000L),
            (int) Math.floorMod(unixMicros, 1_000_000L) * 1000,
            ZoneOffset.UTC);
    int year = t.getYear();
    return (year < 0 ? Integer.toString(year) : String.format("%04d", year))
        + String.format(
            "-%02d-%02d %02d:%02d:%02d.%06d",
            t.getMonthValue(),
            t.getDayOfMonth(),
            t.getHour(),
            t.getMinute(),
            t.getSecond(),
            t.getNano() / 1000);
  }

  /**
   * numeric's binary form
   * (https://github.com/postgres/postgres/blob/REL_17_STABLE/src/backend/utils/adt/numeric.c,
   * numeric_send): ndigits, weight, sign, dscale, then base-10000 digits, from DuckDB's plain
   * decimal text {@code [-]digits[.digits]}; dscale is the number of digits after the point.
   */
  static byte[] numeric(String text) {
    boolean negative = text.startsWith("-");
    String abs = negative ? text.substring(1) : text;
    int point = abs.indexOf('.');
    String whole = point < 0 ? abs : abs.substring(0, point);
    String fraction = point < 0 ? "" : abs.substring(point + 1);
    if (whole.isEmpty()
        || !digitsOnly(whole)
        || !digitsOnly(fraction)
        || point == abs.length() - 1) {
      throw invalid(text, "numeric");
    }
    int wholeGroups = (whole.length() + 3) / 4;
    int fractionGroups = (fraction.length() + 3) / 4;
    String padded =
        "0".repeat(wholeGroups * 4 - whole.length())
            + whole
            + fraction
            + "0".repeat(fractionGroups * 4 - fraction.length());
    int[] digits = new int[wholeGroups + fractionGroups];
    for (int i = 0; i < digits.length; i++) {
      digits[i] = Integer.parseInt(padded, i * 4, i * 4 + 4, 10);
    }
    int first = 0;
    while (first < digits.length && digits[first] == 0) {
      first++;
    }
    int end = digits.length;
    while (end > first && digits[end - 1] == 0) {
      end--;
    }
    int ndigits = end - first;
    int weight = ndigits == 0 ? 0 : wholeGroups - 1 - first;
    int sign = negative && ndigits > 0 ? 0x4000 : 0x0000;
    ByteArrayOutputStream out = new ByteArrayOutputStream(8 + 2 * ndigits);
    int16(out, ndigits);
    int16(out, weight);
    int16(out, sign);
    int16(out, fraction.length());
    for (int i = first; i < end; i++) {
      int16(out, digits[i]);
    }
    return out.toByteArray();
  }

  /** Rejects what Java's parsers accept and PostgreSQL's do not ("Infinity", "1f", hex). */
  private static String number(String text, String type) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (!(c >= '0' && c <= '9') && c != '.' && c != '-' && c != '+' && c != 'e' && c != 'E') {
        throw invalid(text, type);
      }
    }
    return text;
  }

  private static boolean digitsOnly(String s) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c < '0' || c > '9') {
        return false;
      }
    }
    return true;
  }

  private static void int16(ByteArrayOutputStream out, int v) {
    out.write(v >>> 8);
    out.write(v);
  }

  private static CopyException invalid(String text, String type) {
    return CopyException.refused("invalid input syntax for type " + type + ": \"" + text + "\"");
  }
}
