package dev.redsink.core.verify;

/**
 * How the audit narrows down a range whose figures disagree: into {@link #BUCKETS} sub-ranges per
 * statement, until a range is at most {@link #LISTED} offsets, whose rows are then counted offset
 * by offset; and how many offsets a finding lists at most.
 */
public final class AuditLimits {
  /** Sub-ranges per narrowing statement. */
  public static final int BUCKETS = 1024;

  /** A range of at most this many offsets is listed offset by offset. */
  public static final int LISTED = 4096;

  /**
   * Statements one partition's narrowing may send: past it, ranges whose figures still disagree are
   * reported as such instead of narrowed (a table that differs everywhere would otherwise cost a
   * statement per few thousand rows).
   */
  public static final int NARROWING_STATEMENTS = 256;

  /** Offsets listed per finding and partition at most; the rest are counted. */
  public static final int REPORTED = 10_000;

  private AuditLimits() {}
}
