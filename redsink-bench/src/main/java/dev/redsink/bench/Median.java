package dev.redsink.bench;

import java.util.Arrays;
import java.util.List;

/** The median of measured values, the statistic the targets use. */
final class Median {
  private Median() {}

  static double of(List<Double> values) {
    double[] sorted = values.stream().mapToDouble(Double::doubleValue).toArray();
    Arrays.sort(sorted);
    int n = sorted.length;
    if (n == 0) {
      return Double.NaN;
    }
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }
}
