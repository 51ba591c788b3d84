package dev.redsink.core.verify;

import java.util.ArrayList;
import java.util.List;

/**
 * Offsets {@code first} to {@code last}, both included, and how many rows (or copies) of them a
 * finding counts.
 */
public record OffsetRange(long first, long last, long count) {

  /** {@code 17} or {@code 17–42}. */
  @Override
  public String toString() {
    return first == last ? Long.toString(first) : first + "–" + last;
  }

  /** Ascending offsets, each with its count, joined into ranges of consecutive offsets. */
  public static List<OffsetRange> of(List<long[]> offsetsAndCounts) {
    List<OffsetRange> ranges = new ArrayList<>();
    long first = -1;
    long last = -1;
    long count = 0;
    for (long[] oc : offsetsAndCounts) {
      if (count > 0 && oc[0] == last + 1) {
        last = oc[0];
        count += oc[1];
        continue;
      }
      if (count > 0) {
        ranges.add(new OffsetRange(first, last, count));
      }
      first = oc[0];
      last = oc[0];
      count = oc[1];
    }
    if (count > 0) {
      ranges.add(new OffsetRange(first, last, count));
    }
    return ranges;
  }

  /** The total count over ranges. */
  public static long total(List<OffsetRange> ranges) {
    return ranges.stream().mapToLong(OffsetRange::count).sum();
  }
}
