package dev.redsink.core.typed;

import java.time.Instant;

/** Instants as the microseconds since the epoch that typed values and Parquet hold them in. */
public final class Micros {
  private static final long PER_SECOND = 1_000_000L;

  private Micros() {}

  /**
   * The microseconds of an instant; digits below a microsecond are cut, so callers holding a user's
   * value refuse an instant that has any ({@link IsoTimestamps}).
   *
   * @throws ArithmeticException beyond a long's range
   */
  public static long of(Instant instant) {
    return Math.addExact(
        Math.multiplyExact(instant.getEpochSecond(), PER_SECOND), instant.getNano() / 1000);
  }

  /** The instant of microseconds since the epoch. */
  public static Instant instant(long micros) {
    return Instant.ofEpochSecond(
        Math.floorDiv(micros, PER_SECOND), Math.floorMod(micros, PER_SECOND) * 1000L);
  }
}
