package dev.redsink.emulator.copy;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Redshift column type parsed from its {@code format_type} text, with its byte or digit limits.
 */
record TargetType(Family family, int length, int precision, int scale) {
  /** The type families the Parquet loader distinguishes. */
  enum Family {
    VARCHAR("VARCHAR"),
    CHAR("CHAR"),
    VARBYTE("VARBYTE"),
    SUPER("SUPER"),
    SMALLINT("SMALLINT"),
    INTEGER("INTEGER"),
    BIGINT("BIGINT"),
    REAL("REAL"),
    DOUBLE("DOUBLE PRECISION"),
    BOOLEAN("BOOLEAN"),
    NUMERIC("NUMERIC"),
    DATE("DATE"),
    TIMESTAMP("TIMESTAMP"),
    TIMESTAMPTZ("TIMESTAMPTZ"),
    TIME("TIME");

    final String redshiftName;

    Family(String redshiftName) {
      this.redshiftName = redshiftName;
    }
  }

  /** VARCHAR(MAX) in bytes. */
  static final int VARCHAR_MAX = 65535;

  /** VARBYTE maximum in bytes. */
  static final int VARBYTE_MAX = 16_777_216;

  private static final Pattern TYPE =
      Pattern.compile("([a-z0-9_ ]+?)\\s*(?:\\(([^)]*)\\))?((?:\\s+with(?:out)? time zone)?)");

  static TargetType parse(String text) {
    String t = text.trim().toLowerCase(Locale.ROOT);
    Matcher m = TYPE.matcher(t);
    if (!m.matches()) {
      throw unsupported(text);
    }
    String base = m.group(1).trim();
    String args = m.group(2);
    boolean withZone = m.group(3).contains("with time zone");
    switch (base) {
      case "character varying":
      case "varchar":
      case "nvarchar":
        return sized(Family.VARCHAR, args, VARCHAR_MAX);
      case "text":
        return sized(Family.VARCHAR, null, 256);
      case "character":
      case "char":
      case "nchar":
      case "bpchar":
        return sized(Family.CHAR, args, 1);
      case "binary varying":
      case "varbyte":
      case "varbinary":
        return sized(Family.VARBYTE, args, 64_000);
      case "bytea":
        return sized(Family.VARBYTE, null, VARBYTE_MAX);
      case "super":
      case "jsonb":
      case "json":
        return simple(Family.SUPER);
      case "smallint":
      case "int2":
        return simple(Family.SMALLINT);
      case "integer":
      case "int":
      case "int4":
        return simple(Family.INTEGER);
      case "bigint":
      case "int8":
        return simple(Family.BIGINT);
      case "real":
      case "float4":
        return simple(Family.REAL);
      case "double precision":
      case "float8":
      case "float":
        return simple(Family.DOUBLE);
      case "boolean":
      case "bool":
        return simple(Family.BOOLEAN);
      case "numeric":
      case "decimal":
        return numeric(args);
      case "date":
        return simple(Family.DATE);
      case "timestamp":
        return simple(withZone ? Family.TIMESTAMPTZ : Family.TIMESTAMP);
      case "timestamptz":
        return simple(Family.TIMESTAMPTZ);
      case "time":
        return simple(Family.TIME);
      default:
        throw unsupported(text);
    }
  }

  private static TargetType simple(Family family) {
    return new TargetType(family, 0, 0, 0);
  }

  private static TargetType sized(Family family, String args, int fallback) {
    int length = args == null || args.isBlank() ? fallback : Integer.parseInt(args.trim());
    return new TargetType(family, length, 0, 0);
  }

  private static TargetType numeric(String args) {
    if (args == null || args.isBlank()) {
      return new TargetType(Family.NUMERIC, 0, 18, 0); // Redshift's default precision
    }
    String[] parts = args.split(",");
    int precision = Integer.parseInt(parts[0].trim());
    int scale = parts.length > 1 ? Integer.parseInt(parts[1].trim()) : 0;
    return new TargetType(Family.NUMERIC, 0, precision, scale);
  }

  private static CopyException unsupported(String text) {
    return CopyException.refused("The emulator cannot load Parquet into a column of type " + text);
  }

  /** The name Redshift prints in "Column type:", e.g. {@code VARCHAR} or {@code NUMERIC(18,2)}. */
  String redshiftName() {
    switch (family) {
      case VARCHAR:
      case CHAR:
      case VARBYTE:
        return family.redshiftName + "(" + length + ")";
      case NUMERIC:
        return "NUMERIC(" + precision + "," + scale + ")";
      default:
        return family.redshiftName;
    }
  }
}
