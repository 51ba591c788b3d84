package dev.redsink.core.table;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A Redshift column type Redsink creates or finds: its family, its declared length in bytes
 * (VARCHAR, VARBYTE; 0 for a VARCHAR without one, which Redshift creates as VARCHAR(256)) or
 * precision (DECIMAL), and its scale. The SQL spelling lives in {@code core.sql}.
 *
 * @see <a href="https://docs.aws.amazon.com/redshift/latest/dg/c_Supported_data_types.html">Data
 *     types</a>
 */
public record ColumnType(TypeFamily family, int length, int scale) {
  /** The bytes a VARCHAR without a length holds. */
  public static final int VARCHAR_DEFAULT_BYTES = 256;

  /** The largest VARCHAR, VARCHAR(MAX). */
  public static final int VARCHAR_MAX_BYTES = 65_535;

  /** The largest VARBYTE. */
  public static final int VARBYTE_MAX_BYTES = 16_777_216;

  /** The largest DECIMAL precision. */
  public static final int DECIMAL_MAX_PRECISION = 38;

  /** VARCHAR(512): the id. */
  public static final ColumnType VARCHAR_512 = varchar(512);

  /** VARCHAR(20): a decimal long. */
  public static final ColumnType VARCHAR_20 = varchar(20);

  /** VARCHAR without a length, which Redshift creates as VARCHAR(256). */
  public static final ColumnType VARCHAR_DEFAULT = new ColumnType(TypeFamily.TEXT, 0, 0);

  /** VARCHAR(MAX) = VARCHAR(65535). */
  public static final ColumnType VARCHAR_MAX = varchar(VARCHAR_MAX_BYTES);

  /** VARBYTE(16777216), the largest VARBYTE. */
  public static final ColumnType VARBYTE_MAX =
      new ColumnType(TypeFamily.BINARY, VARBYTE_MAX_BYTES, 0);

  public static final ColumnType SMALLINT = simple(TypeFamily.SMALLINT);
  public static final ColumnType INTEGER = simple(TypeFamily.INTEGER);
  public static final ColumnType BIGINT = simple(TypeFamily.BIGINT);
  public static final ColumnType REAL = simple(TypeFamily.REAL);
  public static final ColumnType DOUBLE_PRECISION = simple(TypeFamily.DOUBLE);
  public static final ColumnType BOOLEAN = simple(TypeFamily.BOOLEAN);
  public static final ColumnType DATE = simple(TypeFamily.DATE);
  public static final ColumnType TIME = simple(TypeFamily.TIME);
  public static final ColumnType TIMESTAMP = simple(TypeFamily.TIMESTAMP);
  public static final ColumnType TIMESTAMPTZ = simple(TypeFamily.TIMESTAMPTZ);

  /**
   * SUPER, staged as text: the capacity checked before encoding is the staging VARCHAR(MAX)'s
   * 65,535 bytes, below SUPER's own 16 MB.
   */
  public static final ColumnType SUPER = simple(TypeFamily.SUPER);

  /** The types with a fixed spelling, for tests and documentation. */
  public static List<ColumnType> constants() {
    return List.of(
        VARCHAR_512,
        VARCHAR_20,
        VARCHAR_DEFAULT,
        VARCHAR_MAX,
        VARBYTE_MAX,
        SMALLINT,
        INTEGER,
        BIGINT,
        REAL,
        DOUBLE_PRECISION,
        BOOLEAN,
        DATE,
        TIME,
        TIMESTAMP,
        TIMESTAMPTZ,
        SUPER,
        decimal(10, 2));
  }

  /** VARCHAR(bytes). */
  public static ColumnType varchar(int bytes) {
    return new ColumnType(TypeFamily.TEXT, bytes, 0);
  }

  /** VARBYTE(bytes). */
  public static ColumnType varbyte(int bytes) {
    return new ColumnType(TypeFamily.BINARY, bytes, 0);
  }

  /** DECIMAL(precision, scale). */
  public static ColumnType decimal(int precision, int scale) {
    return new ColumnType(TypeFamily.DECIMAL, precision, scale);
  }

  private static ColumnType simple(TypeFamily family) {
    return new ColumnType(family, 0, 0);
  }

  /**
   * The type of a catalog type string such as {@code character varying(256)}, {@code numeric(10,2)}
   * or {@code timestamp without time zone}; empty for a type Redsink does not write.
   */
  public static Optional<ColumnType> ofCatalog(String catalogType) {
    TypeFamily family = TypeFamily.of(catalogType);
    int declared = TypeFamily.declaredLength(catalogType);
    return switch (family) {
      case OTHER -> Optional.empty();
      case TEXT ->
          Optional.of(
              varchar(
                  declared == -2
                      ? VARCHAR_MAX_BYTES
                      : declared > 0 ? declared : VARCHAR_DEFAULT_BYTES));
      case BINARY -> Optional.of(varbyte(declared > 0 ? declared : VARBYTE_MAX_BYTES));
      case DECIMAL -> Optional.of(decimalOf(catalogType));
      default -> Optional.of(simple(family));
    };
  }

  private static ColumnType decimalOf(String catalogType) {
    int open = catalogType.indexOf('(');
    int close = catalogType.indexOf(')', open + 1);
    if (open < 0 || close < 0) {
      return decimal(18, 0);
    }
    String[] parts = catalogType.substring(open + 1, close).split(",");
    int precision = Integer.parseInt(parts[0].trim());
    return decimal(precision, parts.length > 1 ? Integer.parseInt(parts[1].trim()) : 0);
  }

  /** The type as a person writes it in DDL, for messages. */
  public String display() {
    return switch (family) {
      case TEXT ->
          length == 0
              ? "VARCHAR"
              : length == VARCHAR_MAX_BYTES ? "VARCHAR(MAX)" : "VARCHAR(" + length + ")";
      case BINARY -> "VARBYTE(" + length + ")";
      case DECIMAL -> "DECIMAL(" + length + "," + scale + ")";
      case DOUBLE -> "DOUBLE PRECISION";
      default -> family.name().toUpperCase(Locale.ROOT);
    };
  }

  /** The most bytes a value of this type holds (lengths are in bytes, not characters). */
  public int maxBytes() {
    return switch (family) {
      case TEXT -> length == 0 ? VARCHAR_DEFAULT_BYTES : length;
      case BINARY -> length;
      case SUPER -> VARCHAR_MAX_BYTES;
      case SMALLINT -> 2;
      case INTEGER, REAL, DATE -> 4;
      case BOOLEAN -> 1;
      default -> 8;
    };
  }

  @Override
  public String toString() {
    return display();
  }
}
