package dev.redsink.emulator.dialect;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Reads a Redshift type name in a statement and maps it to the PostgreSQL type (often an emulator
 * domain) that behaves like it.
 */
final class TypeMapping {

  /** A type read at some position: its PostgreSQL spelling, where it ended, and its domain. */
  record MappedType(String postgresSql, int end, Domain domain) {}

  private TypeMapping() {}

  /**
   * Maps the type starting at significant index {@code i}.
   *
   * @param column "table.column" for column definitions, or null for a cast
   */
  static MappedType map(Statement s, int i, String column) throws DialectException {
    String w = s.at(i).upper();
    int j = i + 1;
    String name = w;
    if (w.equals("CHARACTER") || w.equals("CHAR") || w.equals("NATIONAL")) {
      if (w.equals("NATIONAL")) {
        j++;
      }
      if (s.at(j).is("VARYING")) {
        name = "VARCHAR";
        j++;
      } else {
        name = "CHAR";
      }
    } else if (w.equals("BINARY") && s.at(j).is("VARYING")) {
      name = "VARBYTE";
      j++;
    } else if (w.equals("DOUBLE") && s.at(j).is("PRECISION")) {
      name = "FLOAT8";
      j++;
    } else if (w.equals("TIMESTAMP") || w.equals("TIME")) {
      if (s.matches(j, "WITHOUT", "TIME", "ZONE")) {
        j += 3;
      } else if (s.matches(j, "WITH", "TIME", "ZONE")) {
        name = w + "TZ";
        j += 3;
      }
    }
    List<String> args = new ArrayList<>();
    if (s.at(j).isSymbol("(")) {
      int close = s.closing(j);
      for (int k = j + 1; k < close; k++) {
        if (!s.at(k).isSymbol(",")) {
          args.add(s.at(k).text().toUpperCase(Locale.ROOT));
        }
      }
      j = close + 1;
    }
    String written = s.text(i, j);
    if (s.at(j).isSymbol("[")) {
      throw unsupported(column, written.toLowerCase(Locale.ROOT) + "[]");
    }
    return switch (name) {
      case "SMALLINT", "INT2" -> plain("smallint", j);
      case "INTEGER", "INT", "INT4" -> plain("integer", j);
      case "BIGINT", "INT8" -> plain("bigint", j);
      case "REAL", "FLOAT4" -> plain("real", j);
      case "FLOAT8" -> plain("double precision", j);
      case "FLOAT" -> plain(floatType(args), j);
      case "BOOLEAN", "BOOL" -> plain("boolean", j);
      case "DATE" -> plain("date", j);
      case "TIMESTAMP" -> plain("timestamp", j);
      case "TIMESTAMPTZ" -> plain("timestamptz", j);
      case "TIME" -> plain("time", j);
      case "TIMETZ" -> plain("timetz", j);
      case "DECIMAL", "NUMERIC" -> decimal(args, j);
      case "VARCHAR", "NVARCHAR", "TEXT" -> varchar(args, j, column, name.equals("TEXT"));
      case "CHAR", "NCHAR", "BPCHAR" -> character(args, j, column, name.equals("BPCHAR"));
      case "VARBYTE", "VARBINARY" -> varbyte(args, j, column);
      case "SUPER" -> plain("super", j);
      default -> other(column, written, j);
    };
  }

  /** PostgreSQL types Redshift does not have; any other name in a cast is left to PostgreSQL. */
  private static final java.util.Set<String> NOT_IN_REDSHIFT =
      java.util.Set.of(
          "JSONB",
          "JSON",
          "BYTEA",
          "UUID",
          "XML",
          "SERIAL",
          "BIGSERIAL",
          "SMALLSERIAL",
          "SERIAL4",
          "SERIAL8",
          "MONEY",
          "INET",
          "CIDR",
          "MACADDR",
          "TSVECTOR",
          "TSQUERY",
          "POINT");

  private static MappedType other(String column, String written, int end) throws DialectException {
    String name = written.toUpperCase(Locale.ROOT).replaceAll("\\(.*", "").strip();
    if (column != null || NOT_IN_REDSHIFT.contains(name)) {
      throw unsupported(column, written.toLowerCase(Locale.ROOT));
    }
    return plain(written, end);
  }

  private static MappedType plain(String sql, int end) {
    return new MappedType(sql, end, null);
  }

  private static String floatType(List<String> args) {
    return !args.isEmpty() && Integer.parseInt(args.get(0)) <= 24 ? "real" : "double precision";
  }

  private static MappedType decimal(List<String> args, int end) throws DialectException {
    int precision =
        args.isEmpty() ? RedshiftLimits.DECIMAL_DEFAULT_PRECISION : number(args.get(0), "NUMERIC");
    int scale = args.size() > 1 ? number(args.get(1), "NUMERIC") : 0;
    if (precision < 1 || precision > RedshiftLimits.DECIMAL_MAX_PRECISION) {
      throw new DialectException(
          RedshiftError.of(
              RedshiftError.INVALID_PARAMETER_VALUE,
              "NUMERIC precision " + precision + " must be between 1 and 38"));
    }
    if (scale < 0 || scale > precision || scale > RedshiftLimits.DECIMAL_MAX_SCALE) {
      throw new DialectException(
          RedshiftError.of(
              RedshiftError.INVALID_PARAMETER_VALUE,
              "NUMERIC scale " + scale + " must be between 0 and precision " + precision));
    }
    return plain("numeric(" + precision + "," + scale + ")", end);
  }

  private static MappedType varchar(List<String> args, int end, String column, boolean text)
      throws DialectException {
    if (text && !args.isEmpty()) {
      throw new DialectException(RedshiftError.syntaxErrorAt("("));
    }
    int n = length(args, RedshiftLimits.VARCHAR_DEFAULT, RedshiftLimits.VARCHAR_MAX);
    if (n > RedshiftLimits.VARCHAR_MAX) {
      throw tooLong(RedshiftLimits.VARCHAR_MAX);
    }
    if (column == null) {
      return plain(args.isEmpty() ? (text ? "text" : "varchar") : "varchar(" + n + ")", end);
    }
    return domain(Domain.varchar(n), end);
  }

  private static MappedType character(List<String> args, int end, String column, boolean bpchar)
      throws DialectException {
    int n = length(args, bpchar ? 256 : 1, RedshiftLimits.CHAR_MAX);
    if (n > RedshiftLimits.CHAR_MAX) {
      throw tooLong(RedshiftLimits.CHAR_MAX);
    }
    return column == null ? plain("char(" + n + ")", end) : domain(Domain.character(n), end);
  }

  private static MappedType varbyte(List<String> args, int end, String column)
      throws DialectException {
    int n = length(args, RedshiftLimits.VARBYTE_DEFAULT, RedshiftLimits.VARBYTE_MAX);
    if (n > RedshiftLimits.VARBYTE_MAX) {
      throw tooLong(RedshiftLimits.VARBYTE_MAX);
    }
    return column == null ? plain("bytea", end) : domain(Domain.varbyte(n), end);
  }

  private static MappedType domain(Domain d, int end) {
    return new MappedType("pg_catalog." + d.name(), end, d);
  }

  private static int length(List<String> args, int dflt, int max) throws DialectException {
    if (args.isEmpty()) {
      return dflt;
    }
    if (args.get(0).equals("MAX")) {
      return max;
    }
    int n = number(args.get(0), "length");
    if (n < 1) {
      throw new DialectException(
          RedshiftError.of(
              RedshiftError.INVALID_PARAMETER_VALUE, "length for type must be at least 1"));
    }
    return n;
  }

  private static int number(String text, String what) throws DialectException {
    try {
      return Integer.parseInt(text);
    } catch (NumberFormatException e) {
      throw new DialectException(RedshiftError.syntaxErrorAt(text));
    }
  }

  private static DialectException tooLong(int max) {
    return new DialectException(
        RedshiftError.of(
            RedshiftError.INVALID_PARAMETER_VALUE,
            "Column length exceeds maximum allowed (maximum column length is " + max + ")"));
  }

  private static DialectException unsupported(String column, String type) {
    if (column == null) {
      return new DialectException(
          RedshiftError.of(RedshiftError.UNDEFINED_OBJECT, "type \"" + type + "\" does not exist"));
    }
    return new DialectException(
        RedshiftError.of(
            RedshiftError.FEATURE_NOT_SUPPORTED,
            "Column \"" + column + "\" has unsupported type \"" + type + "\"."));
  }
}
