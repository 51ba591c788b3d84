package dev.redsink.emulator.copy;

/**
 * One failed load, with what the proxy writes into {@code stl_load_errors} and {@code
 * sys_load_error_detail}: Redshift's error code, file, column, column type, raw value (at most 1024
 * characters) and the reason (the detail block's {@code context:} line).
 */
public record LoadError(
    int code,
    String fileName,
    String columnName,
    String columnType,
    String rawFieldValue,
    String reason) {
  /** Redshift: "Spectrum Scan Error" code for an incompatible schema or column count mismatch. */
  public static final int INCOMPATIBLE_SCHEMA = 15007;

  /** Redshift: code for a value longer than its VARCHAR/CHAR/VARBYTE column. */
  public static final int VALUE_TOO_LONG = 15001;

  /** Redshift load error code 1220: invalid or unsupported UTF-8 code point. */
  public static final int INVALID_UTF8 = 1220;

  static final int RAW_VALUE_LIMIT = 1024;

  public LoadError {
    rawFieldValue =
        rawFieldValue.length() > RAW_VALUE_LIMIT
            ? rawFieldValue.substring(0, RAW_VALUE_LIMIT)
            : rawFieldValue;
  }
}
