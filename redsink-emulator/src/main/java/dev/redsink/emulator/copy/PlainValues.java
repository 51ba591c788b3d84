package dev.redsink.emulator.copy;

import java.io.ByteArrayOutputStream;

/**
 * PostgreSQL's binary receive form of the values the binary COPY cannot take from DuckDB as they
 * are stored: a DOUBLE PRECISION from a REAL and a NUMERIC, from the text DuckDB renders (the CSV
 * form hands PostgreSQL the same text), accepting exactly the shapes DuckDB produces and PostgreSQL
 * reads. Dates and timestamps are {@link PostgresDates}.
 */
final class PlainValues {
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
