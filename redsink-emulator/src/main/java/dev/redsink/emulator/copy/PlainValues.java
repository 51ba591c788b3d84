package dev.redsink.emulator.copy;

import java.io.ByteArrayOutputStream;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;

/**
 * Turns the text DuckDB renders for numbers, booleans, dates and times (what the CSV form hands to
 * PostgreSQL's text input) into PostgreSQL's binary receive form, accepting exactly the text shapes
 * DuckDB produces and PostgreSQL reads, so both forms store the same value; dates and timestamps
 * fetched typed are refused where their text would be, naming the text PostgreSQL would have been
 * given. Other ranges are left to PostgreSQL's receive functions, which check them.
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

  static long smallint(String text) {
    long v = bigint(text);
    if (v < Short.MIN_VALUE || v > Short.MAX_VALUE) {
      throw outOfRange(text, "smallint");
    }
    return v;
  }

  static long integer(String text) {
    long v = bigint(text);
    if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
      throw outOfRange(text, "integer");
    }
    return v;
  }

  static long bigint(String text) {
    try {
      return Long.parseLong(text);
    } catch (NumberFormatException e) {
      throw invalid(text, "bigint");
    }
  }

  /** DuckDB writes {@code nan}, {@code inf} and {@code -inf}, which float4in accepts. */
  static float real(String text) {
    switch (text) {
      case "nan":
        return Float.NaN;
      case "inf":
        return Float.POSITIVE_INFINITY;
      case "-inf":
        return Float.NEGATIVE_INFINITY;
      default:
        try {
          return Float.parseFloat(number(text, "real"));
        } catch (NumberFormatException e) {
          throw invalid(text, "real");
        }
    }
  }

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

  static boolean bool(String text) {
    if (text.equals("true")) {
      return true;
    }
    if (text.equals("false")) {
      return false;
    }
    throw invalid(text, "boolean");
  }

  /**
   * Days since 2000-01-01 from {@code [Y]YYYY-MM-DD[ (BC)]} (DuckDB writes BC years as {@code
   * 0045-03-15 (BC)}, which PostgreSQL reads as 45 BC, proleptic Gregorian) or ±infinity.
   */
  static long date(String text) {
    switch (text) {
      case "infinity":
        return Integer.MAX_VALUE; // DATEVAL_NOEND
      case "-infinity":
        return Integer.MIN_VALUE; // DATEVAL_NOBEGIN
      default:
        boolean bc = text.endsWith(" (BC)");
        String ymd = bc ? text.substring(0, text.length() - 5) : text;
        return days(ymd, bc, text, "date");
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

  /** Microseconds since midnight from {@code HH:MM:SS[.ffffff]} (24:00:00 included). */
  static long time(String text) {
    long micros = clock(text, 0, text, "time");
    if (micros > MICROS_PER_DAY) {
      throw outOfRange(text, "time");
    }
    return micros;
  }

  /** Microseconds since 2000-01-01 00:00 from {@code YYYY-MM-DD HH:MM:SS.ffffff} or ±infinity. */
  static long timestamp(String text) {
    return timestamp(text, text, "timestamp");
  }

  /**
   * As {@link #timestamp} with the {@code +00} suffix the plan appends (the value is UTC). An
   * infinite timestamp becomes {@code infinity+00}, which PostgreSQL's text input refuses, so it is
   * refused here too.
   */
  static long timestamptz(String text) {
    String utc = text.endsWith("+00") ? text.substring(0, text.length() - 3) : "";
    if (utc.isEmpty() || utc.endsWith("infinity")) {
      throw invalid(text, "timestamp with time zone");
    }
    return timestamp(utc, text, "timestamp with time zone");
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

  private static long timestamp(String text, String original, String type) {
    switch (text) {
      case "infinity":
        return Long.MAX_VALUE; // DT_NOEND
      case "-infinity":
        return Long.MIN_VALUE; // DT_NOBEGIN
      default:
        int space = text.indexOf(' ');
        if (space < 0) {
          throw invalid(original, type);
        }
        long days = days(text.substring(0, space), false, original, type);
        long micros = clock(text, space + 1, original, type);
        if (micros >= MICROS_PER_DAY) {
          throw outOfRange(original, type);
        }
        try {
          return Math.addExact(Math.multiplyExact(days, MICROS_PER_DAY), micros);
        } catch (ArithmeticException e) {
          throw outOfRange(original, type);
        }
    }
  }

  /** Days since 2000-01-01 of {@code YYYY-MM-DD} (4 or more year digits, year ≥ 1). */
  private static long days(String ymd, boolean bc, String original, String type) {
    int dash2 = ymd.lastIndexOf('-');
    int dash1 = dash2 < 0 ? -1 : ymd.lastIndexOf('-', dash2 - 1);
    if (dash1 < 4
        || dash2 - dash1 != 3
        || ymd.length() - dash2 != 3
        || !digitsOnly(ymd.substring(0, dash1))
        || !digitsOnly(ymd.substring(dash1 + 1, dash2))
        || !digitsOnly(ymd.substring(dash2 + 1))
        || dash1 > 9) {
      throw invalid(original, type);
    }
    int year = Integer.parseInt(ymd, 0, dash1, 10);
    if (year == 0) {
      throw outOfRange(original, type); // PostgreSQL has no year 0 (1 BC precedes 1 AD)
    }
    int month = Integer.parseInt(ymd, dash1 + 1, dash2, 10);
    int day = Integer.parseInt(ymd, dash2 + 1, ymd.length(), 10);
    try {
      return LocalDate.of(bc ? 1 - year : year, month, day).toEpochDay() - POSTGRES_EPOCH_DAY;
    } catch (DateTimeException e) {
      throw outOfRange(original, type);
    }
  }

  /** Microseconds of {@code HH:MM:SS[.f…]} starting at {@code from}, up to the end of the text. */
  private static long clock(String text, int from, String original, String type) {
    int n = text.length() - from;
    if (n < 8
        || text.charAt(from + 2) != ':'
        || text.charAt(from + 5) != ':'
        || (n > 8 && (text.charAt(from + 8) != '.' || n == 9 || n > 15))) {
      throw invalid(original, type);
    }
    String hh = text.substring(from, from + 2);
    String mm = text.substring(from + 3, from + 5);
    String ss = text.substring(from + 6, from + 8);
    String fraction = n > 8 ? text.substring(from + 9) : "";
    if (!digitsOnly(hh) || !digitsOnly(mm) || !digitsOnly(ss) || !digitsOnly(fraction)) {
      throw invalid(original, type);
    }
    int hours = Integer.parseInt(hh);
    int minutes = Integer.parseInt(mm);
    int seconds = Integer.parseInt(ss);
    if (hours > 24 || minutes > 59 || seconds > 59) {
      throw outOfRange(original, type);
    }
    long micros =
        fraction.isEmpty() ? 0 : Long.parseLong(fraction + "000000".substring(fraction.length()));
    return ((hours * 60L + minutes) * 60L + seconds) * 1_000_000L + micros;
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

  private static CopyException outOfRange(String text, String type) {
    return CopyException.refused("value \"" + text + "\" is out of range for type " + type);
  }
}
