package dev.redsink.core.error;

/** Missing credentials or grants; retrying will not help. */
public class AuthorizationException extends RedsinkException {
  public AuthorizationException(String message) {
    super(ErrorCategory.AUTHORIZATION, message);
  }

  public AuthorizationException(String message, Throwable cause) {
    super(ErrorCategory.AUTHORIZATION, message, cause);
  }
}
