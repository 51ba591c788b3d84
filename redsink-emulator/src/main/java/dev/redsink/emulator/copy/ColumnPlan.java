package dev.redsink.emulator.copy;

import dev.redsink.emulator.copy.TargetType.Family;
import java.util.Set;

/**
 * How one file column becomes one target column: the DuckDB expression to select and how its value
 * is checked and written; built only for compatible type pairs
 * (https://docs.aws.amazon.com/redshift/latest/dg/copy-usage_notes-copy-from-columnar.html).
 */
record ColumnPlan(
    ColumnSpec target, TargetType type, FileColumn file, String expression, Output output) {

  /** How a selected value is written to the CSV stream. */
  enum Output {
    /** UTF-8 bytes already valid (from a Parquet string): byte-length checked, quoted. */
    TEXT,
    /** Raw bytes from an unannotated BYTE_ARRAY into VARCHAR/CHAR: UTF-8 checked, quoted. */
    UNCHECKED_TEXT,
    /** Binary into VARBYTE: length checked, written as bytea hex. */
    HEX,
    /** A number, boolean, date or time rendered by DuckDB: unquoted. */
    PLAIN,
    /** JSON text for SUPER: quoted. */
    JSON,
    /** A SMALLINT, INTEGER or BIGINT fetched as a long ({@link RowFormat#BINARY} only). */
    INTEGRAL,
    /** A REAL fetched as a float ({@link RowFormat#BINARY} only). */
    FLOAT4,
    /** A DOUBLE PRECISION fetched as a double ({@link RowFormat#BINARY} only). */
    FLOAT8,
    /** A BOOLEAN fetched as a boolean ({@link RowFormat#BINARY} only). */
    BOOL,
    /** A DATE fetched as days since 2000-01-01, ±infinity as ±{@link Long#MAX_VALUE} (binary). */
    DAYS,
    /** A TIME fetched as microseconds since midnight ({@link RowFormat#BINARY} only). */
    CLOCK,
    /** A TIMESTAMP[TZ] fetched as Unix microseconds, ±infinity as ±{@link Long#MAX_VALUE}. */
    INSTANT
  }

  private static final String TIMESTAMP_FORMAT = "'%Y-%m-%d %H:%M:%S.%f'";
  private static final Set<String> SMALLINT_SOURCES = Set.of("TINYINT", "SMALLINT", "UTINYINT");
  private static final Set<String> INTEGER_SOURCES =
      Set.of("TINYINT", "SMALLINT", "UTINYINT", "INTEGER", "USMALLINT");
  private static final Set<String> BIGINT_SOURCES =
      Set.of("TINYINT", "SMALLINT", "UTINYINT", "INTEGER", "USMALLINT", "BIGINT", "UINTEGER");
  private static final Set<String> TIMESTAMP_SOURCES =
      Set.of("TIMESTAMP", "TIMESTAMP WITH TIME ZONE", "TIMESTAMP_MS", "TIMESTAMP_S");

  /**
   * The plan for {@code format}: for {@link RowFormat#BINARY}, numbers, booleans, dates and times
   * DuckDB hands over as they are stored (no text to render and parse again) where the value is the
   * same; otherwise as {@link #of(FileColumn, ColumnSpec, CopyCommand, String)}.
   */
  static ColumnPlan of(
      FileColumn file, ColumnSpec target, CopyCommand copy, String fileUrl, RowFormat format) {
    ColumnPlan plan = of(file, target, copy, fileUrl);
    return format == RowFormat.BINARY && plan.output() == Output.PLAIN ? plan.typed() : plan;
  }

  /**
   * A plain value fetched typed, where that stores the same value as its text: a REAL file column
   * into DOUBLE PRECISION and DECIMAL stay text (the text's digits are what the column stores).
   */
  private ColumnPlan typed() {
    String col = file.quotedName();
    String src = file.duckType();
    return switch (type.family()) {
      case SMALLINT, INTEGER, BIGINT -> with(col + "::BIGINT", Output.INTEGRAL);
      case REAL -> with(col, Output.FLOAT4);
      case DOUBLE -> src.equals("DOUBLE") ? with(col, Output.FLOAT8) : this;
      case BOOLEAN -> with(col, Output.BOOL);
      case DATE ->
          with(
              infinite(col, "DATE", "date_diff('day', DATE '2000-01-01', " + col + ")"),
              Output.DAYS);
      case TIME -> with("epoch_us(" + col + ")", Output.CLOCK);
      case TIMESTAMP, TIMESTAMPTZ -> {
        String ts = col + "::TIMESTAMP";
        yield with(infinite(ts, "TIMESTAMP", "epoch_us(" + ts + ")"), Output.INSTANT);
      }
      default -> this;
    };
  }

  /**
   * {@code finite} for a finite value; for ±infinity (which DuckDB's date arithmetic turns into
   * NULL) ±{@link Long#MAX_VALUE}, DuckDB's own infinite timestamps, which no finite date or
   * timestamp yields: an infinity is told apart out of band, never by a finite value that happens
   * to equal PostgreSQL's infinity.
   */
  private static String infinite(String value, String type, String finite) {
    return "CASE WHEN isinf("
        + value
        + ") THEN (CASE WHEN "
        + value
        + " > "
        + type
        + " '2000-01-01' THEN "
        + Long.MAX_VALUE
        + " ELSE -"
        + Long.MAX_VALUE
        + " END) ELSE "
        + finite
        + " END";
  }

  private ColumnPlan with(String typedExpression, Output typedOutput) {
    return new ColumnPlan(target, type, file, typedExpression, typedOutput);
  }

  static ColumnPlan of(FileColumn file, ColumnSpec target, CopyCommand copy, String fileUrl) {
    TargetType type = TargetType.parse(target.type());
    String col = file.quotedName();
    String src = file.duckType();
    switch (type.family()) {
      case VARCHAR:
      case CHAR:
        if (src.equals("VARCHAR")) {
          return new ColumnPlan(target, type, file, "encode(" + col + ")", Output.TEXT);
        }
        if (src.equals("BLOB")) {
          return new ColumnPlan(target, type, file, col, Output.UNCHECKED_TEXT);
        }
        break;
      case VARBYTE:
        if (src.equals("BLOB")) {
          return new ColumnPlan(target, type, file, col, Output.HEX);
        }
        break;
      case SUPER:
        if (file.isNested() && !copy.has(CopyFlag.SERIALIZETOJSON)) {
          break;
        }
        if (!src.equals("BLOB") && !src.equals("TIMESTAMP_NS")) {
          return new ColumnPlan(target, type, file, "to_json(" + col + ")::VARCHAR", Output.JSON);
        }
        break;
      case SMALLINT:
        if (SMALLINT_SOURCES.contains(src)) {
          return plain(target, type, file, col);
        }
        break;
      case INTEGER:
        if (INTEGER_SOURCES.contains(src)) {
          return plain(target, type, file, col);
        }
        break;
      case BIGINT:
        if (BIGINT_SOURCES.contains(src)) {
          return plain(target, type, file, col);
        }
        break;
      case REAL:
        if (src.equals("FLOAT")) {
          return plain(target, type, file, col);
        }
        break;
      case DOUBLE:
        if (src.equals("FLOAT") || src.equals("DOUBLE")) {
          return plain(target, type, file, col);
        }
        break;
      case BOOLEAN:
        if (src.equals("BOOLEAN")) {
          return plain(target, type, file, col);
        }
        break;
      case DATE:
        if (src.equals("DATE")) {
          return plain(target, type, file, col);
        }
        break;
      case TIME:
        if (src.equals("TIME")) {
          return plain(target, type, file, col);
        }
        break;
      case NUMERIC:
        String expected = "DECIMAL(" + type.precision() + "," + type.scale() + ")";
        if (src.equals(expected)) {
          return new ColumnPlan(target, type, file, col + "::VARCHAR", Output.PLAIN);
        }
        if (src.startsWith("DECIMAL(")) {
          throw invalidTypeLength(file, target, type, fileUrl);
        }
        break;
      case TIMESTAMP:
      case TIMESTAMPTZ:
        if (TIMESTAMP_SOURCES.contains(src)) {
          // The session time zone is UTC, so ::TIMESTAMP turns an instant into its UTC wall time.
          String text = "strftime(" + col + "::TIMESTAMP, " + TIMESTAMP_FORMAT + ")";
          String expr = type.family() == Family.TIMESTAMPTZ ? text + " || '+00'" : text;
          return new ColumnPlan(target, type, file, expr, Output.PLAIN);
        }
        break;
      default:
        break;
    }
    throw incompatible(file, target, type, fileUrl);
  }

  private static ColumnPlan plain(ColumnSpec target, TargetType type, FileColumn file, String col) {
    return new ColumnPlan(target, type, file, col + "::VARCHAR", Output.PLAIN);
  }

  static CopyException incompatible(
      FileColumn file, ColumnSpec target, TargetType type, String fileUrl) {
    return schemaError(
        target,
        type,
        fileUrl,
        "File '"
            + fileUrl
            + "' has an incompatible Parquet schema for column '"
            + target.name()
            + "'. Column type: "
            + type.redshiftName()
            + ", Parquet schema:\n"
            + file.parquetSchema());
  }

  private static CopyException invalidTypeLength(
      FileColumn file, ColumnSpec target, TargetType type, String fileUrl) {
    return schemaError(
        target,
        type,
        fileUrl,
        "File '"
            + fileUrl
            + "' has an incompatible Parquet schema for column '"
            + target.name()
            + "' column '"
            + target.name()
            + "' has an invalid type length. Column type: "
            + type.redshiftName()
            + ", Parquet schema:\n"
            + file.parquetSchema());
  }

  private static CopyException schemaError(
      ColumnSpec target, TargetType type, String fileUrl, String reason) {
    return CopyException.loadFailed(
        new LoadError(
            LoadError.INCOMPATIBLE_SCHEMA, fileUrl, target.name(), type.redshiftName(), "", reason),
        0);
  }
}
