package dev.redsink.core.sql;

/**
 * Redshift's size limits that Redsink checks before sending anything, each with its documentation.
 */
public final class RedshiftLimits {
  private RedshiftLimits() {}

  /**
   * VARCHAR(MAX) holds 65535 bytes; lengths count bytes, not characters.
   *
   * @see <a href="https://docs.aws.amazon.com/redshift/latest/dg/r_Character_types.html">Character
   *     types</a>
   */
  public static final int VARCHAR_MAX_BYTES = 65_535;

  /**
   * VARBYTE(n) takes n up to 16,777,216 bytes.
   *
   * @see <a href="https://docs.aws.amazon.com/redshift/latest/dg/r_VARBYTE_type.html">VARBYTE
   *     type</a>
   */
  public static final int VARBYTE_MAX_BYTES = 16_777_216;

  /**
   * Identifiers are 1–127 bytes of UTF-8; longer names are truncated silently.
   *
   * @see <a href="https://docs.aws.amazon.com/redshift/latest/dg/r_names.html">Names and
   *     identifiers</a>
   */
  public static final int IDENTIFIER_MAX_BYTES = 127;

  /**
   * One SUPER object holds at most 16 MB.
   *
   * @see <a href="https://docs.aws.amazon.com/redshift/latest/dg/limitations-super.html">SUPER
   *     limitations</a>
   */
  public static final int SUPER_MAX_BYTES = 16 * 1024 * 1024;

  /**
   * One SQL statement is at most 16 MB.
   *
   * @see <a href="https://docs.aws.amazon.com/redshift/latest/dg/r_INSERT_30.html">INSERT</a>
   */
  public static final int STATEMENT_MAX_BYTES = 16 * 1024 * 1024;
}
