package dev.redsink.emulator.dialect;

/** Thrown by a dialect rule when Redshift would refuse the statement. */
public final class DialectException extends Exception {

  private static final long serialVersionUID = 1L;

  private final transient RedshiftError error;

  public DialectException(RedshiftError error) {
    super(error.message());
    this.error = error;
  }

  public RedshiftError error() {
    return error;
  }
}
