package dev.redsink.emulator.copy;

import java.util.Optional;

/**
 * A COPY the emulator refuses or fails, carrying what the client should see: SQLSTATE, Redshift's
 * message, the optional Redshift detail block, and for load failures the {@link LoadError}.
 */
public final class CopyException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** SQLSTATE Redshift uses for almost every COPY failure. */
  public static final String INTERNAL_ERROR = "XX000";

  /** SQLSTATE for a statement that does not parse. */
  public static final String SYNTAX_ERROR = "42601";

  private final String sqlState;
  private final String detail;
  private final transient LoadError loadError;

  private CopyException(String sqlState, String message, String detail, LoadError loadError) {
    super(message);
    this.sqlState = sqlState;
    this.detail = detail;
    this.loadError = loadError;
  }

  /** A refused or failed COPY with SQLSTATE XX000 and no detail block. */
  static CopyException refused(String message) {
    return new CopyException(INTERNAL_ERROR, message, "", null);
  }

  /** A refused COPY with SQLSTATE XX000 and a Redshift detail block. */
  static CopyException refused(String message, String detail) {
    return new CopyException(INTERNAL_ERROR, message, detail, null);
  }

  /** A COPY that does not parse: SQLSTATE 42601. */
  static CopyException syntax(String message) {
    return new CopyException(SYNTAX_ERROR, message, "", null);
  }

  /** A refused COPY with its own SQLSTATE and no detail block. */
  static CopyException of(String sqlState, String message) {
    return new CopyException(sqlState, message, "", null);
  }

  /** A load failure: SQLSTATE XX000, message "Spectrum Scan Error", detail block, load error. */
  static CopyException loadFailed(LoadError error, long queryId) {
    return new CopyException(
        INTERNAL_ERROR,
        RedshiftErrorDetail.SPECTRUM_SCAN_ERROR,
        RedshiftErrorDetail.spectrum(error, queryId),
        error);
  }

  public String sqlState() {
    return sqlState;
  }

  /** Redshift's multi-line detail block (the DETAIL field), or empty. */
  public String detail() {
    return detail;
  }

  /**
   * The row for stl_load_errors / sys_load_error_detail, when the failure happened loading data.
   */
  public Optional<LoadError> loadError() {
    return Optional.ofNullable(loadError);
  }
}
