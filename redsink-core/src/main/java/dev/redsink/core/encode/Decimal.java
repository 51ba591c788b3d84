package dev.redsink.core.encode;

/** Writes a long as ASCII decimal digits into a byte array, without a String. */
final class Decimal {
  private Decimal() {}

  /** Writes {@code value} at {@code at} and returns the index after the last digit. */
  static int write(long value, byte[] into, int at) {
    if (value == Long.MIN_VALUE) {
      byte[] min = Long.toString(value).getBytes(java.nio.charset.StandardCharsets.US_ASCII);
      System.arraycopy(min, 0, into, at, min.length);
      return at + min.length;
    }
    int pos = at;
    long v = value;
    if (v < 0) {
      into[pos++] = '-';
      v = -v;
    }
    int digits = 1;
    for (long t = v; t >= 10; t /= 10) {
      digits++;
    }
    int end = pos + digits;
    for (int i = end - 1; i >= pos; i--) {
      into[i] = (byte) ('0' + (v % 10));
      v /= 10;
    }
    return end;
  }
}
