package dev.redsink.core.sql;

import dev.redsink.core.table.ColumnType;
import dev.redsink.core.table.TableName;
import dev.redsink.core.table.TypeFamily;
import dev.redsink.core.typed.FieldKind;
import dev.redsink.core.typed.FieldType;
import dev.redsink.core.typed.FieldValue;
import dev.redsink.core.typed.TypedRow;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * The one mapping of field types to Redshift column types, and the rule for whether a value fits an
 * existing column, fits after widening its VARCHAR, or cannot be stored there.
 *
 * <p>int8/16 → SMALLINT, int32 → INTEGER, int64 → BIGINT, float32 → REAL, float64 → DOUBLE
 * PRECISION, boolean → BOOLEAN, string → VARCHAR(256) (VARCHAR(65535) for longer values), bytes →
 * VARBYTE, Decimal → DECIMAL(p,s) (VARCHAR beyond precision 38), Debezium's VariableScaleDecimal →
 * DECIMAL(38,18), Date → DATE, Time → TIME, Timestamp → TIMESTAMP, Debezium's ZonedTimestamp →
 * TIMESTAMPTZ, struct/array/map and Debezium's Json → SUPER (see {@code typed.SemanticTypes} for
 * the named types).
 *
 * <p>A value lands only where its column holds it exactly: a decimal with more places or integer
 * digits than its DECIMAL, or an integer a DOUBLE PRECISION would round, does not fit ({@link
 * Fit#INEXACT}); a wider DECIMAL may make room, and otherwise the record is refused, never rounded.
 *
 * @see <a href="https://docs.aws.amazon.com/redshift/latest/dg/c_Supported_data_types.html">Data
 *     types</a>
 */
public final class TypeMapping {
  /** VARCHAR's length for a new string column whose values are all short. */
  public static final int STRING_DEFAULT_BYTES = 256;

  /**
   * The column a new Debezium VariableScaleDecimal field (a NUMERIC without a declared scale) gets:
   * 20 integer digits and 18 places. A value with more of either fits no wider DECIMAL; a column
   * the user creates (say DECIMAL(38,25)) takes every value it holds exactly.
   */
  public static final ColumnType VARIABLE_DECIMAL = ColumnType.decimal(38, 18);

  private TypeMapping() {}

  /** How a value relates to an existing column. */
  public enum Fit {
    /** Writable as is. */
    FITS,
    /** A string longer than the VARCHAR: fits once the column is VARCHAR(65535). */
    WIDEN,
    /** Longer than any column of its family holds. */
    TOO_LONG,
    /**
     * Of a type the column takes, but a value it cannot hold exactly: a decimal with more places or
     * integer digits than the DECIMAL keeps, an integer a DOUBLE PRECISION would round. A wider
     * DECIMAL may hold it ({@link #widened(ColumnType, FieldType, Object)}); loading it as it is
     * would round it or fail.
     */
    INEXACT,
    /** Another type that no widening Redshift allows can make room for. */
    INCOMPATIBLE
  }

  /** The column a new field gets, given the most bytes one of its values has in this load. */
  public static ColumnType column(FieldType type, int maxBytes) {
    return switch (type.kind()) {
      case INT8, INT16 -> ColumnType.SMALLINT;
      case INT32 -> ColumnType.INTEGER;
      case INT64 -> ColumnType.BIGINT;
      case FLOAT32 -> ColumnType.REAL;
      case FLOAT64 -> ColumnType.DOUBLE_PRECISION;
      case BOOLEAN -> ColumnType.BOOLEAN;
      case STRING -> string(maxBytes);
      case BYTES -> ColumnType.VARBYTE_MAX;
      case VARIABLE_DECIMAL -> VARIABLE_DECIMAL;
      case DECIMAL ->
          type.precision() > ColumnType.DECIMAL_MAX_PRECISION
              ? string(maxBytes)
              : ColumnType.decimal(
                  type.precision() == 0 ? ColumnType.DECIMAL_MAX_PRECISION : type.precision(),
                  type.scale());
      case DATE -> ColumnType.DATE;
      case TIME -> ColumnType.TIME;
      case TIMESTAMP -> ColumnType.TIMESTAMP;
      case TIMESTAMPTZ -> ColumnType.TIMESTAMPTZ;
      case STRUCT, ARRAY, MAP, JSON -> ColumnType.SUPER;
    };
  }

  private static ColumnType string(int maxBytes) {
    return maxBytes <= STRING_DEFAULT_BYTES
        ? ColumnType.varchar(STRING_DEFAULT_BYTES)
        : ColumnType.varchar(RedshiftLimits.VARCHAR_MAX_BYTES);
  }

  /** The bytes a value takes in its column: UTF-8 for text, raw for bytes, 0 for fixed widths. */
  public static int bytes(FieldValue field) {
    return bytes(field.type(), field.value());
  }

  /** {@link #bytes(FieldValue)} of a field's type and value, without the field. */
  public static int bytes(FieldType type, Object value) {
    if (value instanceof String s) {
      return TableName.utf8Length(s);
    }
    if (value instanceof byte[] b) {
      return b.length;
    }
    if (value instanceof BigDecimal d && isWideDecimal(type)) {
      return d.toPlainString().length();
    }
    return 0;
  }

  /**
   * {@link #bytes(FieldType, Object)} of the field at {@code j} of a row: without making the value
   * when the row holds it in place, where only text has bytes, its length.
   */
  public static int bytes(TypedRow row, int j) {
    if (row.inPlace()) {
      FieldType type = row.type(j);
      return type != null && type.kind() == FieldKind.STRING ? row.textLength(j) : 0;
    }
    return bytes(row.type(j), row.value(j));
  }

  /**
   * {@link #fit(ColumnType, int, FieldType, Object)} of the field at {@code j} of a row, without
   * making the value when the row holds it in place: a number's or a boolean's fit is its type's,
   * and ASCII text's size is its length.
   */
  public static Fit fit(ColumnType column, int capacity, TypedRow row, int j) {
    FieldType type = row.type(j);
    if (row.inPlace() && type != null && column.family() != TypeFamily.SUPER) {
      if (type.kind() != FieldKind.STRING) {
        // An INT64, FLOAT64 or BOOLEAN: its type says whether the column takes it, and only an
        // INT64 in a DOUBLE PRECISION column has a value to look at.
        if (!compatible(column.family(), column, type)) {
          return Fit.INCOMPATIBLE;
        }
        return type.kind() == FieldKind.INT64
                && column.family() == TypeFamily.DOUBLE
                && !isExactDouble(row.bits(j))
            ? Fit.INEXACT
            : Fit.FITS;
      }
      if (column.family() == TypeFamily.TEXT && row.textLength(j) <= capacity) {
        return Fit.FITS; // ASCII: its length is its size in UTF-8
      }
    }
    return fit(column, capacity, type, row.value(j));
  }

  /** Whether a value fits a column of {@code column}'s type holding {@code capacity} bytes. */
  public static Fit fit(ColumnType column, int capacity, FieldValue field) {
    return fit(column, capacity, field.type(), field.value());
  }

  /**
   * {@link #fit(ColumnType, int, FieldValue)} of a field's type and value, without the field: what
   * checks of every row use.
   */
  public static Fit fit(ColumnType column, int capacity, FieldType type, Object value) {
    if (value == null) {
      return Fit.FITS;
    }
    FieldKind kind = type.kind();
    TypeFamily family = column.family();
    if (family == TypeFamily.SUPER) {
      return FieldValue.json(type, value).getBytes(StandardCharsets.UTF_8).length
              <= RedshiftLimits.VARCHAR_MAX_BYTES
          ? Fit.FITS
          : Fit.TOO_LONG;
    }
    boolean text =
        kind == FieldKind.STRING
            || isWideDecimal(type)
            || (kind == FieldKind.JSON && family == TypeFamily.TEXT);
    if (text || kind == FieldKind.BYTES) {
      if (family != (text ? TypeFamily.TEXT : TypeFamily.BINARY)) {
        return Fit.INCOMPATIBLE;
      }
      if (value instanceof String s && s.length() * 3L <= capacity) {
        return Fit.FITS; // no char takes more than 3 bytes of UTF-8 (a surrogate pair 4 for 2)
      }
      int bytes = bytes(type, value);
      if (bytes <= capacity) {
        return Fit.FITS;
      }
      return text && bytes <= RedshiftLimits.VARCHAR_MAX_BYTES ? Fit.WIDEN : Fit.TOO_LONG;
    }
    if (!compatible(family, column, type)) {
      return Fit.INCOMPATIBLE;
    }
    return holds(column, type, value) ? Fit.FITS : Fit.INEXACT;
  }

  /** Whether a column of {@code family} takes values of {@code type}, whatever the value. */
  private static boolean compatible(TypeFamily family, ColumnType column, FieldType type) {
    return switch (type.kind()) {
      case INT8, INT16 -> isInteger(family) || family == TypeFamily.SMALLINT;
      case INT32 -> isInteger(family);
      case INT64 -> family == TypeFamily.BIGINT || family == TypeFamily.DOUBLE;
      case FLOAT32 -> family == TypeFamily.REAL || family == TypeFamily.DOUBLE;
      case FLOAT64 -> family == TypeFamily.DOUBLE;
      case BOOLEAN -> family == TypeFamily.BOOLEAN;
      case DECIMAL -> family == TypeFamily.DECIMAL && column.scale() >= type.scale();
      // Each value has its own scale: a DECIMAL column takes those it holds exactly.
      case VARIABLE_DECIMAL -> family == TypeFamily.DECIMAL;
      // The integer and text columns are those earlier versions created for Debezium's types.
      case DATE -> family == TypeFamily.DATE || isInteger(family);
      case TIME -> family == TypeFamily.TIME || family == TypeFamily.BIGINT;
      case TIMESTAMP -> family == TypeFamily.TIMESTAMP || family == TypeFamily.BIGINT;
      case TIMESTAMPTZ ->
          family == TypeFamily.TIMESTAMPTZ
              || family == TypeFamily.BIGINT
              || (family == TypeFamily.TEXT && column.maxBytes() >= 32);
      default -> false;
    };
  }

  /**
   * Whether a column that takes values of {@code type} holds this one exactly: a decimal's places
   * and integer digits within its DECIMAL's, an integer within what a DOUBLE PRECISION holds.
   */
  private static boolean holds(ColumnType column, FieldType type, Object value) {
    if (type.kind().isDecimal() && column.family() == TypeFamily.DECIMAL) {
      BigDecimal d = (BigDecimal) value;
      return places(d) <= column.scale() && integerDigits(d) <= column.length() - column.scale();
    }
    if (type.kind() == FieldKind.INT64 && column.family() == TypeFamily.DOUBLE) {
      return isExactDouble(((Number) value).longValue());
    }
    return true;
  }

  /** The digits a decimal has after the point, trailing zeros aside: 1.500 has one. */
  public static int places(BigDecimal d) {
    return d.signum() == 0 ? 0 : Math.max(d.stripTrailingZeros().scale(), 0);
  }

  /** The digits a decimal has before the point: 0.5 has none, 1E+3 four. */
  public static int integerDigits(BigDecimal d) {
    if (d.signum() == 0) {
      return 0;
    }
    BigDecimal stripped = d.stripTrailingZeros();
    return Math.max(stripped.precision() - stripped.scale(), 0);
  }

  /**
   * Whether a double holds the integer exactly: every one up to 2^53, and beyond only some (2^60,
   * not 2^60 + 1). (double) Long.MAX_VALUE is 2^63, which a cast back clamps to Long.MAX_VALUE.
   */
  private static boolean isExactDouble(long n) {
    double d = n;
    return d != 0x1p63 && (long) d == n;
  }

  /**
   * {@link #widened(ColumnType, FieldType, Object)} for any value of {@code type}: what its type
   * alone needs.
   */
  public static Optional<ColumnType> widened(ColumnType column, FieldType type) {
    return widened(column, type, null);
  }

  /**
   * The wider type a numeric column becomes so that it holds {@code value} (of {@code type}) as
   * well as all it holds: SMALLINT → INTEGER → BIGINT, SMALLINT or INTEGER or REAL → DOUBLE
   * PRECISION, DECIMAL → a DECIMAL with the larger integer digits and places of both (at most 38
   * digits), those of the type and of the value (a VariableScaleDecimal's are its value's alone).
   * Empty when the column already holds it or no such type exists (text into a number, BIGINT into
   * DOUBLE PRECISION, which would round, a decimal needing more than 38 digits).
   *
   * @param value null for any value of the type
   */
  public static Optional<ColumnType> widened(ColumnType column, FieldType type, Object value) {
    if (!type.kind().isNumeric()) {
      return Optional.empty();
    }
    if (type.kind().isDecimal() && column.family() == TypeFamily.DECIMAL) {
      return widenedDecimal(column, type, value);
    }
    ColumnType natural = column(type, 0);
    TypeFamily to = natural.family();
    switch (column.family()) {
      case SMALLINT:
        if (to == TypeFamily.INTEGER || to == TypeFamily.BIGINT || to == TypeFamily.DOUBLE) {
          return Optional.of(natural);
        }
        break;
      case INTEGER:
        if (to == TypeFamily.BIGINT || to == TypeFamily.DOUBLE) {
          return Optional.of(natural);
        }
        break;
      case REAL:
        if (to == TypeFamily.DOUBLE) {
          return Optional.of(natural);
        }
        break;
      default:
        break;
    }
    return Optional.empty();
  }

  /**
   * A DECIMAL column widened for a decimal: the larger integer digits and places of the column, of
   * a declared type (a VariableScaleDecimal declares none) and of the value.
   */
  private static Optional<ColumnType> widenedDecimal(
      ColumnType column, FieldType type, Object value) {
    int scale = column.scale();
    int digits = column.length() - column.scale();
    if (type.kind() == FieldKind.DECIMAL) {
      ColumnType natural = column(type, 0);
      if (natural.family() != TypeFamily.DECIMAL) {
        return Optional.empty(); // beyond DECIMAL(38): text
      }
      scale = Math.max(scale, natural.scale());
      digits = Math.max(digits, natural.length() - natural.scale());
    }
    if (value instanceof BigDecimal d) {
      scale = Math.max(scale, places(d));
      digits = Math.max(digits, integerDigits(d));
    }
    if (digits + scale <= ColumnType.DECIMAL_MAX_PRECISION
        && (digits + scale != column.length() || scale != column.scale())) {
      return Optional.of(ColumnType.decimal(digits + scale, scale));
    }
    return Optional.empty();
  }

  /** A Decimal beyond DECIMAL(38), stored as its plain text in a VARCHAR. */
  public static boolean isWideDecimal(FieldType type) {
    return type.kind() == FieldKind.DECIMAL && type.precision() > ColumnType.DECIMAL_MAX_PRECISION;
  }

  private static boolean isInteger(TypeFamily family) {
    return family == TypeFamily.INTEGER
        || family == TypeFamily.BIGINT
        || family == TypeFamily.DOUBLE;
  }
}
