package dev.redsink.emulator.dialect;

/** An error as Redshift reports it: SQLSTATE, message and an optional detail block. */
public record RedshiftError(String sqlState, String message, String detail) {

  public static final String INTERNAL_ERROR = "XX000";
  public static final String SYNTAX_ERROR = "42601";
  public static final String FEATURE_NOT_SUPPORTED = "0A000";
  public static final String UNDEFINED_OBJECT = "42704";
  public static final String ACTIVE_SQL_TRANSACTION = "25001";
  public static final String INVALID_PARAMETER_VALUE = "22023";
  public static final String UNDEFINED_COLUMN = "42703";

  public static RedshiftError of(String sqlState, String message) {
    return new RedshiftError(sqlState, message, null);
  }

  public static RedshiftError syntaxErrorAt(String token) {
    return of(SYNTAX_ERROR, "syntax error at or near \"" + token + "\"");
  }

  /**
   * An engine error (SQLSTATE XX000) with Redshift's detail block: error, code, context, query,
   * location, process.
   */
  public static RedshiftError engine(String message, int code, String context, String location) {
    String detail =
        "\n  -----------------------------------------------\n"
            + "  error:  "
            + message
            + "\n  code:      "
            + code
            + "\n  context:   "
            + context
            + "\n  query:     0"
            + "\n  location:  "
            + location
            + "\n  process:   padbmaster [pid=0]"
            + "\n  -----------------------------------------------\n";
    return new RedshiftError(INTERNAL_ERROR, message, detail);
  }

  /** "Value too long for character type" (error 8001) for a column type such as varchar(256). */
  public static RedshiftError valueTooLong(String typeName) {
    return engine(
        "Value too long for character type",
        8001,
        "Value too long for type " + typeName,
        "string.cpp:219");
  }

  /** "X cannot run inside a transaction block" (SQLSTATE 25001). */
  public static RedshiftError notInTransactionBlock(String what) {
    return of(ACTIVE_SQL_TRANSACTION, what + " cannot run inside a transaction block");
  }
}
