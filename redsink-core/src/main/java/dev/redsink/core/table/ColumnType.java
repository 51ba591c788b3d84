package dev.redsink.core.table;

/**
 * The Redshift column types Redsink creates, with their family and capacity in bytes. The SQL
 * spelling of each lives in {@code core.sql}.
 *
 * @see <a href="https://docs.aws.amazon.com/redshift/latest/dg/r_Character_types.html">Character
 *     types</a>
 * @see <a href="https://docs.aws.amazon.com/redshift/latest/dg/r_VARBYTE_type.html">VARBYTE</a>
 */
public enum ColumnType {
  /** VARCHAR(512): the id. */
  VARCHAR_512("VARCHAR(512)", TypeFamily.TEXT, 512),
  /** VARCHAR(20): a decimal long. */
  VARCHAR_20("VARCHAR(20)", TypeFamily.TEXT, 20),
  /** VARCHAR without a length, which Redshift creates as VARCHAR(256). */
  VARCHAR_DEFAULT("VARCHAR", TypeFamily.TEXT, 256),
  /** VARCHAR(MAX) = VARCHAR(65535). */
  VARCHAR_MAX("VARCHAR(MAX)", TypeFamily.TEXT, 65_535),
  /** VARBYTE(16777216), the largest VARBYTE. */
  VARBYTE_MAX("VARBYTE(16777216)", TypeFamily.BINARY, 16_777_216),
  /** BIGINT. */
  BIGINT("BIGINT", TypeFamily.BIGINT, 8),
  /**
   * SUPER, staged as text: the capacity checked before encoding is the staging VARCHAR(MAX)'s
   * 65,535 bytes, below SUPER's own 16 MB.
   */
  SUPER("SUPER", TypeFamily.SUPER, 65_535);

  private final String display;
  private final TypeFamily family;
  private final int maxBytes;

  ColumnType(String display, TypeFamily family, int maxBytes) {
    this.display = display;
    this.family = family;
    this.maxBytes = maxBytes;
  }

  /** The type as a person writes it in DDL, for messages. */
  public String display() {
    return display;
  }

  public TypeFamily family() {
    return family;
  }

  /** The most bytes a value of this type holds (lengths are in bytes, not characters). */
  public int maxBytes() {
    return maxBytes;
  }
}
