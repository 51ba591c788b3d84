package dev.redsink.core.metrics;

import java.util.Arrays;

/**
 * A distribution of observed values in fixed buckets, as Prometheus histograms keep them: a count
 * per upper bound, the sum and the count of every observation. Thread-safe.
 */
public final class Histogram {
  /** Bounds for a load's duration, in seconds. */
  public static final double[] LOAD_SECONDS = {
    0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300
  };

  /** Bounds for a record's freshness (its timestamp to its load's commit), in seconds. */
  public static final double[] FRESHNESS_SECONDS = {
    0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800, 3600, 21600, 86400
  };

  private final double[] bounds;
  private final long[] counts;
  private double sum;
  private long count;

  public Histogram(double[] bounds) {
    this.bounds = bounds.clone();
    this.counts = new long[bounds.length + 1];
  }

  public synchronized void observe(double value) {
    add(value);
  }

  /** Observes every value under one lock (a load's records). */
  public synchronized void observeAll(double[] values) {
    observeAll(values, values.length);
  }

  /** Observes the first {@code count} values under one lock. */
  public synchronized void observeAll(double[] values, int count) {
    for (int i = 0; i < count; i++) {
      add(values[i]);
    }
  }

  private void add(double value) {
    int i = Arrays.binarySearch(bounds, value);
    counts[i >= 0 ? i : -i - 1]++;
    sum += value;
    count++;
  }

  public synchronized Snapshot snapshot() {
    long[] cumulative = new long[counts.length];
    long running = 0;
    for (int i = 0; i < counts.length; i++) {
      running += counts[i];
      cumulative[i] = running;
    }
    return new Snapshot(bounds.clone(), cumulative, sum, count);
  }

  /**
   * The histogram at one moment.
   *
   * @param bounds the upper bounds, ascending (a last bucket, +Inf, follows them)
   * @param cumulative observations at or below each bound, then all of them
   */
  public record Snapshot(double[] bounds, long[] cumulative, double sum, long count) {

    /**
     * An estimate of the {@code q} quantile, interpolated within its bucket as Prometheus'
     * histogram_quantile does; the highest bound when it falls in the last bucket, 0 when empty.
     */
    public double quantile(double q) {
      if (count == 0) {
        return 0;
      }
      double rank = q * count;
      for (int i = 0; i < bounds.length; i++) {
        if (cumulative[i] >= rank) {
          double lower = i == 0 ? 0 : bounds[i - 1];
          long below = i == 0 ? 0 : cumulative[i - 1];
          long inBucket = cumulative[i] - below;
          return inBucket == 0
              ? bounds[i]
              : lower + (bounds[i] - lower) * (rank - below) / inBucket;
        }
      }
      return bounds[bounds.length - 1];
    }
  }
}
