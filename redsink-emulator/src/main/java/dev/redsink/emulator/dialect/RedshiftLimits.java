package dev.redsink.emulator.dialect;

/**
 * Redshift's documented size limits
 * (https://docs.aws.amazon.com/redshift/latest/dg/r_Character_types.html,
 * https://docs.aws.amazon.com/redshift/latest/dg/r_VARBYTE_type.html).
 */
final class RedshiftLimits {

  /** VARCHAR maximum, in bytes (r_Character_types). */
  static final int VARCHAR_MAX = 65535;

  /** Length of VARCHAR, TEXT and NVARCHAR without a length (r_Character_types). */
  static final int VARCHAR_DEFAULT = 256;

  /** CHAR maximum, in bytes (r_Character_types). */
  static final int CHAR_MAX = 4096;

  /** VARBYTE maximum, in bytes (r_VARBYTE_type). */
  static final int VARBYTE_MAX = 16_777_216;

  /** Length of VARBYTE without a length (r_VARBYTE_type). */
  static final int VARBYTE_DEFAULT = 64_000;

  /** DECIMAL maximum precision and scale, and the default precision (r_Numeric_types201). */
  static final int DECIMAL_MAX_PRECISION = 38;

  static final int DECIMAL_MAX_SCALE = 37;
  static final int DECIMAL_DEFAULT_PRECISION = 18;

  /** Identifier maximum, in bytes (r_names). */
  static final int IDENTIFIER_MAX_BYTES = 127;

  /** PostgreSQL's identifier maximum (NAMEDATALEN - 1), in bytes. */
  static final int POSTGRES_IDENTIFIER_MAX_BYTES = 63;

  private RedshiftLimits() {}
}
