package dev.redsink.core.typed;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * Whether a double keeps the decimal number it was read from: a schemaless JSON number lands in a
 * DOUBLE PRECISION column, and the digits it was written with are what its reader expects to find
 * there.
 *
 * <p>A decimal of at most 15 significant digits always comes back from its double (in the double's
 * normal range). One with more comes back when the double rounded to as many significant digits is
 * the decimal again — what any writer of doubles writes, the shortest digits or all 17 of them — or
 * when it is the double's text in this JVM ({@link Double#toString}, which Java's JSON libraries
 * write; Java 17's is not always the nearest). {@code 3.14159265358979323846} does not: its double
 * is {@code 3.141592653589793}, and loading it would change the value silently.
 */
final class DoubleDigits {
  /** Significant digits any decimal keeps through a double. */
  static final int ALWAYS_KEPT = 15;

  /** 10^0 … 10^22, the powers of ten a double holds exactly. */
  private static final double[] POWERS_OF_TEN = new double[23];

  static {
    double p = 1;
    for (int k = 0; k < POWERS_OF_TEN.length; k++) {
      POWERS_OF_TEN[k] = p;
      p *= 10;
    }
  }

  /** Digits of at most this many fit a long with room for the quick check's arithmetic. */
  private static final int LONG_DIGITS = 18;

  private static final long TEN_TO_THE_15 = 1_000_000_000_000_000L;
  private static final long TEN_TO_THE_18 = 1_000_000_000_000_000_000L;

  /**
   * Past this many units the product cannot round to the digits: below 10^18 it is at most 64 (half
   * its ulp) from the exact value.
   */
  private static final long FAR = 256;

  /** How far from a half the quick check's sum must be to decide: far above its rounding error. */
  private static final double MARGIN = 1e-9;

  private enum Verdict {
    KEPT,
    CHANGED,
    UNSURE
  }

  private DoubleDigits() {}

  /** Whether {@code d}, read from the JSON number {@code written}, keeps its value. */
  static boolean keeps(double d, String written) {
    if (Double.isInfinite(d) || Double.isNaN(d)) {
      return false;
    }
    int digits = 0;
    for (int i = 0; i < written.length(); i++) {
      char c = written.charAt(i);
      if (c == 'e' || c == 'E') {
        break;
      }
      if (c >= '0' && c <= '9') {
        digits++;
      }
    }
    if (digits <= ALWAYS_KEPT && Math.abs(d) >= Double.MIN_NORMAL) {
      return true;
    }
    try {
      return keeps(d, new BigDecimal(written));
    } catch (NumberFormatException e) {
      return false;
    }
  }

  /** Whether {@code d}, read from the decimal {@code written}, keeps its value. */
  static boolean keeps(double d, BigDecimal written) {
    if (Double.isInfinite(d) || Double.isNaN(d)) {
      return false;
    }
    if (written.signum() == 0 || d == 0) {
      return written.signum() == 0 && d == 0;
    }
    if ((d < 0) != (written.signum() < 0)) {
      return false;
    }
    BigDecimal stripped = written.stripTrailingZeros();
    int n = stripped.precision();
    if (n <= ALWAYS_KEPT && Math.abs(d) >= Double.MIN_NORMAL) {
      return true;
    }
    if (n <= LONG_DIGITS && stripped.scale() >= 0 && stripped.scale() < POWERS_OF_TEN.length) {
      return decide(
          Math.abs(d),
          quick(Math.abs(d), stripped.unscaledValue().abs().longValueExact(), stripped.scale()),
          stripped.abs());
    }
    return decide(Math.abs(d), Verdict.UNSURE, stripped.abs());
  }

  /**
   * Whether {@code magnitude}, read from the decimal {@code digits × 10^-decimals} ({@code digits >
   * 0}, at most 18 digits), keeps its value: what {@link FlatObject} reads without making text.
   */
  static boolean keeps(double magnitude, long digits, int decimals) {
    while (digits % 10 == 0 && decimals > 0) {
      digits /= 10;
      decimals--;
    }
    if (digits < TEN_TO_THE_15 && magnitude >= Double.MIN_NORMAL) {
      return true;
    }
    if (Double.isInfinite(magnitude) || magnitude == 0) {
      return false;
    }
    return decide(
        magnitude, quick(magnitude, digits, decimals), BigDecimal.valueOf(digits, decimals));
  }

  /**
   * The quick check's verdict, or the exact one when it is unsure; a decimal the double changes may
   * still be the double's text in this JVM.
   */
  private static boolean decide(double magnitude, Verdict quick, BigDecimal written) {
    if (quick == Verdict.KEPT) {
      return true;
    }
    if (quick == Verdict.UNSURE) {
      BigDecimal significant = written.stripTrailingZeros();
      BigDecimal rounded =
          new BigDecimal(magnitude)
              .round(new MathContext(significant.precision(), RoundingMode.HALF_EVEN));
      if (rounded.compareTo(significant) == 0) {
        return true;
      }
    }
    return new BigDecimal(Double.toString(magnitude)).compareTo(written) == 0;
  }

  /**
   * Whether {@code magnitude × 10^decimals} rounds to {@code digits} (of 16 to 18 digits, no
   * trailing zero), decided with the exact product from a fused multiply-add instead of {@link
   * BigDecimal}: the product {@code p} plus its rounding error {@code err} is the exact value, and
   * {@code p - digits} is exact in a long and a fraction. UNSURE within a hair of a half.
   */
  private static Verdict quick(double magnitude, long digits, int decimals) {
    if (digits < TEN_TO_THE_15
        || digits >= TEN_TO_THE_18
        || digits % 10 == 0
        || decimals < 0
        || decimals >= POWERS_OF_TEN.length
        || magnitude < Double.MIN_NORMAL) {
      return Verdict.UNSURE;
    }
    double scale = POWERS_OF_TEN[decimals];
    double p = magnitude * scale;
    if (!(p < 0x1p62)) {
      return Verdict.UNSURE;
    }
    double err = Math.fma(magnitude, scale, -p);
    long whole = (long) p;
    double fraction = p - whole;
    long off = whole - digits;
    if (off > FAR || off < -FAR) {
      return Verdict.CHANGED;
    }
    double distance = Math.abs((off + fraction) + err);
    if (distance < 0.5 - MARGIN) {
      return Verdict.KEPT;
    }
    return distance > 0.5 + MARGIN ? Verdict.CHANGED : Verdict.UNSURE;
  }
}
