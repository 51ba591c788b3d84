package dev.redsink.bench;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;

/** The record values the benchmarks use: 100-byte JSON, 1 KiB JSON and 16 KiB binary. */
public enum PayloadShape {
  JSON_100(100),
  JSON_1K(1024),
  BINARY_16K(16 * 1024);

  private static final String[] WORDS = {
    "order",
    "click",
    "view",
    "cart",
    "user",
    "session",
    "mobile",
    "web",
    "eu-west",
    "us-east",
    "checkout",
    "search",
    "banner",
    "promo",
    "retry",
    "accepted",
    "shipped",
    "pending"
  };

  private final int bytes;

  PayloadShape(int bytes) {
    this.bytes = bytes;
  }

  /** The size of every value of this shape, in bytes. */
  public int bytes() {
    return bytes;
  }

  /**
   * The value of record {@code n}: JSON shapes are event-like objects padded with words to exactly
   * {@link #bytes()}; the binary shape draws bytes from a skewed 64-symbol alphabet, so zstd finds
   * some redundancy as it does in real binary payloads.
   */
  public byte[] value(long n, SplittableRandom random) {
    return this == BINARY_16K ? binary(random) : json(n, random);
  }

  private byte[] binary(SplittableRandom random) {
    byte[] out = new byte[bytes];
    for (int i = 0; i < out.length; i++) {
      int r = random.nextInt(64);
      out[i] = (byte) (r < 32 ? r : r * r);
    }
    return out;
  }

  private byte[] json(long n, SplittableRandom random) {
    StringBuilder sb = new StringBuilder(bytes + 32);
    sb.append("{\"seq\":")
        .append(n)
        .append(",\"user\":")
        .append(random.nextInt(1_000_000))
        .append(",\"event\":\"")
        .append(word(random))
        .append("\",\"amount\":")
        .append(random.nextInt(100_000) / 100.0)
        .append(",\"text\":\"");
    while (sb.length() < bytes - 2) {
      sb.append(word(random)).append(' ');
    }
    sb.setLength(bytes - 2);
    sb.append("\"}");
    return sb.toString().getBytes(StandardCharsets.US_ASCII);
  }

  private static String word(SplittableRandom random) {
    return WORDS[random.nextInt(WORDS.length)];
  }
}
