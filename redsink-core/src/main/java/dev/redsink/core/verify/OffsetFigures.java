package dev.redsink.core.verify;

import java.math.BigInteger;

/**
 * What the cluster and the log each say about a range of offsets: rows, distinct offsets, and the
 * sum of the offsets and of their squares. Equal figures mean the same offsets each present once: a
 * missing offset and an extra one cannot both hide unless two pairs share both sums, which two
 * distinct pairs never do.
 */
public record OffsetFigures(long rows, long distinct, BigInteger sum, BigInteger squares) {

  /** No rows. */
  public static final OffsetFigures NONE =
      new OffsetFigures(0, 0, BigInteger.ZERO, BigInteger.ZERO);

  public OffsetFigures {
    sum = sum == null ? BigInteger.ZERO : sum;
    squares = squares == null ? BigInteger.ZERO : squares;
  }

  /** These figures with one more offset, present once. */
  OffsetFigures plus(long offset) {
    BigInteger o = BigInteger.valueOf(offset);
    return new OffsetFigures(rows + 1, distinct + 1, sum.add(o), squares.add(o.multiply(o)));
  }
}
