package dev.redsink.emulator.copy;

import java.util.List;
import java.util.Locale;

/**
 * The PostgreSQL COPY format the emulator streams Parquet rows in. Binary is about five times
 * cheaper for PostgreSQL to read than CSV (no text parsing, VARBYTE as raw bytes instead of hex);
 * CSV remains for what binary cannot carry with the same result.
 */
public enum RowFormat {
  /**
   * {@code COPY … FROM STDIN WITH (FORMAT csv, ENCODING 'UTF8')}: NULL is an unquoted empty field,
   * text is always quoted, VARBYTE is bytea hex ({@code \x..}), SUPER is JSON text, timestamps are
   * UTC with 6 fractional digits.
   */
  CSV("(FORMAT csv, ENCODING 'UTF8')"),
  /**
   * {@code COPY … FROM STDIN WITH (FORMAT binary)}: every value in its type's binary receive form,
   * fetched typed from DuckDB where that is the same value (numbers, booleans, dates, times) and
   * otherwise converted from the text the CSV form carries, so PostgreSQL stores the same values.
   */
  BINARY("(FORMAT binary)");

  private final String copyOptions;

  RowFormat(String copyOptions) {
    this.copyOptions = copyOptions;
  }

  /** The WITH clause for PostgreSQL's {@code COPY <table> (<cols>) FROM STDIN}. */
  public String copyOptions() {
    return copyOptions;
  }

  /**
   * BINARY unless a column or the session needs CSV: binary text fields are read in the session's
   * client encoding (CSV names UTF8 itself), so any client encoding other than UTF8 or SQL_ASCII
   * keeps CSV; so does TIME WITH TIME ZONE, whose text takes the session's zone, and any type the
   * loader does not know (the load then fails as it always did).
   */
  public static RowFormat choose(List<ColumnSpec> columns, String clientEncoding) {
    String encoding = clientEncoding == null ? "" : clientEncoding.toUpperCase(Locale.ROOT);
    if (!encoding.equals("UTF8") && !encoding.equals("SQL_ASCII")) {
      return CSV;
    }
    for (ColumnSpec column : columns) {
      String type = column.type().toLowerCase(Locale.ROOT);
      boolean time = type.startsWith("time") && !type.startsWith("timestamp");
      if (time && (type.contains("with time zone") || type.startsWith("timetz"))) {
        return CSV;
      }
      try {
        TargetType.parse(column.type());
      } catch (CopyException unknown) {
        return CSV;
      }
    }
    return BINARY;
  }

  RowOut open(java.io.OutputStream out, int columns) {
    return this == CSV ? new CsvOut(out) : new BinaryOut(out, columns);
  }
}
