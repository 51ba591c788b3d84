package dev.redsink.core.typed;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class DoubleDigitsTest {

  /** The rule, in exact decimal arithmetic: what the quick check must agree with. */
  private static boolean byDefinition(double d, BigDecimal written) {
    if (Double.isInfinite(d) || (d == 0) != (written.signum() == 0)) {
      return false;
    }
    if (d == 0) {
      return true;
    }
    BigDecimal significant = written.stripTrailingZeros();
    return new BigDecimal(d)
                .round(new MathContext(significant.precision(), RoundingMode.HALF_EVEN))
                .compareTo(significant)
            == 0
        || new BigDecimal(Double.toString(d)).compareTo(written) == 0;
  }

  private static boolean keeps(String written) {
    return DoubleDigits.keeps(Double.parseDouble(written), written);
  }

  @Test
  void numbersADoubleHoldsAsWrittenAreKept() {
    for (String written :
        List.of(
            "0.1",
            "0.30000000000000004",
            "1.10",
            "3.141592653589793",
            "-3.141592653589793",
            "0.10000000000000001",
            "12345678.123456789",
            "1.7976931348623157E308",
            "4.9E-324",
            "0",
            "-0.0",
            "1.0E23",
            "0.000000000000000000001")) {
      assertThat(keeps(written)).as(written).isTrue();
    }
  }

  @Test
  void numbersWhoseDoubleWouldLoadAnotherValueAreNot() {
    for (String written :
        List.of(
            "3.14159265358979323846",
            "0.10000000000000004",
            "123456789012345.68",
            "9007199254740993.5",
            "1e400",
            "-1e400",
            "1e-400",
            "2.5123456E-320",
            "0." + "0".repeat(30) + "12345678901234567")) {
      assertThat(keeps(written)).as(written).isFalse();
    }
  }

  @Test
  void everyDoublesOwnTextIsKept() {
    SplittableRandom random = new SplittableRandom(3);
    for (int i = 0; i < 100_000; i++) {
      double d = Double.longBitsToDouble(random.nextLong());
      if (!Double.isNaN(d) && !Double.isInfinite(d)) {
        String text = Double.toString(d);
        assertThat(keeps(text)).as(text).isTrue();
        String all =
            new BigDecimal(d).round(new MathContext(17, RoundingMode.HALF_EVEN)).toString();
        assertThat(keeps(all)).as("all seventeen digits, as C's %.17g writes: " + all).isTrue();
      }
    }
  }

  /**
   * Decimals of 16 to 18 significant digits around many magnitudes, the quick check's domain: it
   * decides as the exact arithmetic does.
   */
  @Test
  void theQuickCheckAgreesWithExactArithmetic() {
    long seed = Long.getLong("digits.seed", 17);
    SplittableRandom random = new SplittableRandom(seed);
    int kept = 0;
    int changed = 0;
    for (int i = 0; i < 200_000; i++) {
      int n = 16 + random.nextInt(3);
      long digits = random.nextLong((long) Math.pow(10, n - 1), (long) Math.pow(10, n));
      int decimals = random.nextInt(23);
      BigDecimal written = BigDecimal.valueOf(digits, decimals);
      double d = written.doubleValue();
      if (random.nextInt(4) == 0) {
        // a double's own 17 digits, which rounding back must find
        written = new BigDecimal(d).round(new MathContext(17, RoundingMode.HALF_EVEN));
        d = written.doubleValue();
      }
      boolean expected = byDefinition(d, written);
      assertThat(DoubleDigits.keeps(d, written))
          .as("seed %d: %s", seed, written)
          .isEqualTo(expected);
      if (written.signum() > 0 && written.scale() >= 0 && written.precision() <= 18) {
        assertThat(DoubleDigits.keeps(d, written.unscaledValue().longValueExact(), written.scale()))
            .as("seed %d: %s as digits", seed, written)
            .isEqualTo(expected);
      }
      if (expected) {
        kept++;
      } else {
        changed++;
      }
    }
    assertThat(kept).as("kept").isGreaterThan(40_000);
    assertThat(changed).as("changed").isGreaterThan(40_000);
  }
}
