package dev.redsink.core.verify;

import java.math.BigInteger;

/**
 * What the cluster and the log each say about a range of offsets: rows, distinct offsets, the sum
 * of the offsets and of their squares, and the sum of the payloads' digests ({@link PayloadDigest};
 * 0 where values are not compared). Equal figures mean the same offsets each present once: a
 * missing offset and an extra one cannot both hide unless two pairs share both sums, which two
 * distinct pairs never do.
 */
public record OffsetFigures(
    long rows, long distinct, BigInteger sum, BigInteger squares, BigInteger digests) {

  /** No rows. */
  public static final OffsetFigures NONE =
      new OffsetFigures(0, 0, BigInteger.ZERO, BigInteger.ZERO, BigInteger.ZERO);

  public OffsetFigures {
    sum = sum == null ? BigInteger.ZERO : sum;
    squares = squares == null ? BigInteger.ZERO : squares;
    digests = digests == null ? BigInteger.ZERO : digests;
  }

  /** These figures with one more offset, present once, its payload's digest {@code digest}. */
  OffsetFigures plus(long offset, long digest) {
    BigInteger o = BigInteger.valueOf(offset);
    return new OffsetFigures(
        rows + 1,
        distinct + 1,
        sum.add(o),
        squares.add(o.multiply(o)),
        digests.add(BigInteger.valueOf(digest)));
  }
}
