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
 * VARBYTE, Decimal → DECIMAL(p,s) (VARCHAR beyond precision 38), Date → DATE, Time → TIME,
 * Timestamp → TIMESTAMP, Debezium's ZonedTimestamp → TIMESTAMPTZ, struct/array/map and Debezium's
 * Json → SUPER (see {@code typed.SemanticTypes} for the named types).
 *
 * @see <a href="https://docs.aws.amazon.com/redshift/latest/dg/c_Supported_data_types.html">Data
 *     types</a>
 */
public final class TypeMapping {
  /** VARCHAR's length for a new string column whose values are all short. */
  public static final int STRING_DEFAULT_BYTES = 256;

  private TypeMapping() {}

  /** How a value relates to an existing column. */
  public enum Fit {
    /** Writable as is. */
    FITS,
    /** A string longer than the VARCHAR: fits once the column is VARCHAR(65535). */
    WIDEN,
    /** Longer than any column of its family holds. */
    TOO_LONG,
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
        // An INT64, FLOAT64 or BOOLEAN: its type alone says whether the column takes it.
        return compatible(column.family(), column, type, null) ? Fit.FITS : Fit.INCOMPATIBLE;
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
    return compatible(family, column, type, value) ? Fit.FITS : Fit.INCOMPATIBLE;
  }

  private static boolean compatible(
      TypeFamily family, ColumnType column, FieldType type, Object value) {
    return switch (type.kind()) {
      case INT8, INT16 -> isInteger(family) || family == TypeFamily.SMALLINT;
      case INT32 -> isInteger(family);
      case INT64 -> family == TypeFamily.BIGINT || family == TypeFamily.DOUBLE;
      case FLOAT32 -> family == TypeFamily.REAL || family == TypeFamily.DOUBLE;
      case FLOAT64 -> family == TypeFamily.DOUBLE;
      case BOOLEAN -> family == TypeFamily.BOOLEAN;
      case DECIMAL -> {
        BigDecimal d = (BigDecimal) value;
        yield family == TypeFamily.DECIMAL
            && column.scale() >= type.scale()
            && d.precision() - d.scale() <= column.length() - column.scale();
      }
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
   * The wider type a numeric column becomes so that it holds values of {@code type} as well as all
   * it holds: SMALLINT → INTEGER → BIGINT, SMALLINT or INTEGER or REAL → DOUBLE PRECISION, DECIMAL
   * → a DECIMAL with the larger integer digits and scale of both (at most 38 digits). Empty when
   * the column already takes the type or no such type exists (text into a number, BIGINT into
   * DOUBLE PRECISION, which would round).
   */
  public static Optional<ColumnType> widened(ColumnType column, FieldType type) {
    if (!type.kind().isNumeric()) {
      return Optional.empty();
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
      case DECIMAL:
        if (to == TypeFamily.DECIMAL) {
          int scale = Math.max(column.scale(), natural.scale());
          int digits =
              Math.max(column.length() - column.scale(), natural.length() - natural.scale());
          if (digits + scale <= ColumnType.DECIMAL_MAX_PRECISION
              && (digits + scale != column.length() || scale != column.scale())) {
            return Optional.of(ColumnType.decimal(digits + scale, scale));
          }
        }
        break;
      default:
        break;
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
