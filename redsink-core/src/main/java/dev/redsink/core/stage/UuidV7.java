package dev.redsink.core.stage;

import java.security.SecureRandom;
import java.time.Clock;
import java.util.Random;
import java.util.UUID;

/**
 * Generates version 7 UUIDs (RFC 9562): 48 bits of Unix milliseconds first, so object keys sort by
 * time, then random bits.
 */
public final class UuidV7 {
  private final Clock clock;
  private final Random random;

  public UuidV7(Clock clock, Random random) {
    this.clock = clock;
    this.random = random;
  }

  /** With the system clock and a secure random source. */
  public static UuidV7 system() {
    return new UuidV7(Clock.systemUTC(), new SecureRandom());
  }

  public UUID next() {
    long millis = clock.millis() & 0xFFFF_FFFF_FFFFL;
    long high = (millis << 16) | 0x7000L | (random.nextInt() & 0x0FFF);
    long low = (random.nextLong() & 0x3FFF_FFFF_FFFF_FFFFL) | 0x8000_0000_0000_0000L;
    return new UUID(high, low);
  }
}
