package dev.redsink.cli.ledger;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The next offsets a ledger reset sets, checked against the topic's logs as the brokers report
 * them: every partition named must exist, and every offset must lie within its partition's log
 * (from its earliest record to its end), since a runtime refuses to resume from an offset outside
 * the log rather than skip records.
 */
public final class ResetOffsets {

  /** Where a partition's log starts (its earliest record) and ends (the next record's offset). */
  public record LogRange(long start, long end) {}

  private ResetOffsets() {}

  /**
   * The partitions to reset: every partition of the topic, or those asked for, each of which must
   * be one of the topic's.
   *
   * @param existing the topic's partitions as the brokers know them; empty when it does not exist
   * @throws IllegalArgumentException naming the topic's partitions otherwise
   */
  public static List<Integer> partitions(
      String topic, List<Integer> existing, List<Integer> requested) {
    if (existing.isEmpty()) {
      throw new IllegalArgumentException(
          "Cannot reset topic '"
              + topic
              + "': the brokers do not know it; check the topic's name (a topic being recreated"
              + " must exist again before its ledger is reset)");
    }
    if (requested.isEmpty()) {
      return existing;
    }
    List<Integer> missing = requested.stream().filter(p -> !existing.contains(p)).toList();
    if (!missing.isEmpty()) {
      throw new IllegalArgumentException(
          "Cannot reset topic '"
              + topic
              + "' "
              + (missing.size() == 1 ? "partition " : "partitions ")
              + missing.stream().map(String::valueOf).collect(Collectors.joining(", "))
              + ": the topic has "
              + describe(existing)
              + "; give --partition with one of them, or no --partition for all");
    }
    return requested.stream().distinct().sorted().toList();
  }

  /** Each partition's earliest offset still in its log. */
  public static Map<Integer, Long> earliest(Map<Integer, LogRange> logs) {
    Map<Integer, Long> next = new TreeMap<>();
    logs.forEach((p, range) -> next.put(p, range.start()));
    return next;
  }

  /**
   * {@code offset} for every partition, when it lies within each partition's log.
   *
   * @throws IllegalArgumentException naming every partition whose log does not hold it
   */
  public static Map<Integer, Long> at(String topic, long offset, Map<Integer, LogRange> logs) {
    Map<Integer, Long> next = new TreeMap<>();
    List<String> problems = new ArrayList<>();
    boolean below = false;
    for (Map.Entry<Integer, LogRange> e : new TreeMap<>(logs).entrySet()) {
      LogRange range = e.getValue();
      if (offset < range.start()) {
        below = true;
        problems.add(
            "partition "
                + e.getKey()
                + "'s log starts at offset "
                + range.start()
                + " (the records before it were deleted from Kafka)");
      } else if (offset > range.end()) {
        problems.add(
            "partition "
                + e.getKey()
                + "'s log ends at offset "
                + range.end()
                + " (the offset its next record gets)");
      } else {
        next.put(e.getKey(), offset);
      }
    }
    if (!problems.isEmpty()) {
      throw new IllegalArgumentException(
          "Cannot reset topic '"
              + topic
              + "' to offset "
              + offset
              + ": "
              + String.join("; ", problems)
              + ". A runtime stops on a ledger offset outside its log; give an offset within it"
              + (below
                  ? ", or --to-earliest to resume at the first record the log still holds"
                  : "")
              + (problems.size() < logs.size() ? ", or --partition for the others" : ""));
    }
    return next;
  }

  /** "partitions 0 to 2", "only partition 0", or the list when there are gaps. */
  private static String describe(List<Integer> partitions) {
    List<Integer> sorted = partitions.stream().sorted().toList();
    if (sorted.size() == 1) {
      return "only partition " + sorted.get(0);
    }
    int first = sorted.get(0);
    int last = sorted.get(sorted.size() - 1);
    if (last - first + 1 == sorted.size()) {
      return "partitions " + first + " to " + last;
    }
    return "partitions " + sorted.stream().map(String::valueOf).collect(Collectors.joining(", "));
  }
}
