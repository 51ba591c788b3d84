package dev.redsink.emulator.cost;

import java.time.Duration;
import java.util.Locale;
import java.util.Objects;

/**
 * The latencies the emulator adds: to every statement, to every commit (which also waits for the
 * commits queued before it), to every COPY, and per megabyte (10⁶ bytes) of files a COPY reads. See
 * docs/emulator.md for where the defaults of {@link #REDSHIFT} come from.
 *
 * @param statement added before each client statement runs (planning and dispatch by the leader
 *     node)
 * @param commit the time one commit holds the cluster's commit queue
 * @param copy added to each COPY (listing and opening the files, starting the scan)
 * @param perMegabyte added to a COPY per 10⁶ bytes of files it read
 */
public record CostProfile(
    Duration statement, Duration commit, Duration copy, Duration perMegabyte) {

  /** No latency at all: the emulator runs as fast as it can (the default). */
  public static final CostProfile NONE =
      new CostProfile(Duration.ZERO, Duration.ZERO, Duration.ZERO, Duration.ZERO);

  /** The default profile for a small provisioned cluster; docs/emulator.md gives the sources. */
  public static final CostProfile REDSHIFT =
      new CostProfile(
          Duration.ofMillis(1),
          Duration.ofMillis(600),
          Duration.ofMillis(1_000),
          Duration.ofMillis(5));

  public CostProfile {
    Objects.requireNonNull(statement, "statement");
    Objects.requireNonNull(commit, "commit");
    Objects.requireNonNull(copy, "copy");
    Objects.requireNonNull(perMegabyte, "perMegabyte");
    for (Duration d : new Duration[] {statement, commit, copy, perMegabyte}) {
      if (d.isNegative()) {
        throw new IllegalArgumentException("Cannot use a negative latency in a cost profile: " + d);
      }
    }
  }

  /** Whether every latency is zero. */
  public boolean isOff() {
    return statement.isZero() && commit.isZero() && copy.isZero() && perMegabyte.isZero();
  }

  /** The profile with another statement latency. */
  public CostProfile withStatement(Duration latency) {
    return new CostProfile(latency, commit, copy, perMegabyte);
  }

  /** The profile with another commit latency. */
  public CostProfile withCommit(Duration latency) {
    return new CostProfile(statement, latency, copy, perMegabyte);
  }

  /** The profile with another COPY latency. */
  public CostProfile withCopy(Duration latency) {
    return new CostProfile(statement, commit, latency, perMegabyte);
  }

  /** The profile with another latency per megabyte loaded. */
  public CostProfile withPerMegabyte(Duration latency) {
    return new CostProfile(statement, commit, copy, latency);
  }

  /**
   * Parses {@code off}, {@code redshift} or {@code statement=1ms,commit=600ms,copy=1s,mb=5ms}
   * (omitted parts are zero; units ms or s).
   *
   * @throws IllegalArgumentException naming the part that cannot be read
   */
  public static CostProfile parse(String text) {
    String t = text.trim().toLowerCase(Locale.ROOT);
    if (t.equals("off") || t.equals("none") || t.isEmpty()) {
      return NONE;
    }
    if (t.equals("redshift") || t.equals("default")) {
      return REDSHIFT;
    }
    CostProfile profile = NONE;
    for (String part : t.split(",")) {
      String[] kv = part.split("=", 2);
      if (kv.length != 2) {
        throw new IllegalArgumentException(
            "Cannot read cost profile part '" + part + "': write it like commit=600ms");
      }
      Duration d = duration(kv[1].trim());
      profile =
          switch (kv[0].trim()) {
            case "statement" -> profile.withStatement(d);
            case "commit" -> profile.withCommit(d);
            case "copy" -> profile.withCopy(d);
            case "mb", "per_mb", "megabyte" -> profile.withPerMegabyte(d);
            default ->
                throw new IllegalArgumentException(
                    "Cannot read cost profile part '"
                        + part
                        + "': the parts are statement, commit, copy and mb");
          };
    }
    return profile;
  }

  private static Duration duration(String text) {
    String number = null;
    double nanosPerUnit = 0;
    if (text.endsWith("ms")) {
      number = text.substring(0, text.length() - 2);
      nanosPerUnit = 1e6;
    } else if (text.endsWith("s")) {
      number = text.substring(0, text.length() - 1);
      nanosPerUnit = 1e9;
    }
    if (number != null) {
      try {
        return Duration.ofNanos(Math.round(Double.parseDouble(number.trim()) * nanosPerUnit));
      } catch (NumberFormatException e) {
        // reported below
      }
    }
    throw new IllegalArgumentException(
        "Cannot read '" + text + "' as a latency: write it like 5ms, 0.5ms or 1.5s");
  }

  /** The profile as {@link #parse} reads it. */
  @Override
  public String toString() {
    return "statement="
        + millis(statement)
        + ",commit="
        + millis(commit)
        + ",copy="
        + millis(copy)
        + ",mb="
        + millis(perMegabyte);
  }

  private static String millis(Duration d) {
    return java.math.BigDecimal.valueOf(d.toNanos(), 6).stripTrailingZeros().toPlainString() + "ms";
  }
}
