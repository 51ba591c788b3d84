package dev.redsink.emulator.aws;

/**
 * An AWS API error as the service reports it: HTTP status, error code and message. Answered in the
 * caller's protocol (Query XML or JSON) by the service that raised it.
 */
public final class AwsError extends Exception {
  private final int status;
  private final String code;

  AwsError(int status, String code, String message) {
    super(message, null, false, false);
    this.status = status;
    this.code = code;
  }

  public int status() {
    return status;
  }

  public String code() {
    return code;
  }

  static AwsError validation(String message) {
    return new AwsError(400, "ValidationError", message);
  }

  static AwsError signature(String message) {
    return new AwsError(403, "SignatureDoesNotMatch", message);
  }

  static AwsError unknownKey() {
    return new AwsError(
        403, "InvalidClientTokenId", "The security token included in the request is invalid.");
  }

  static AwsError expiredToken() {
    return new AwsError(
        400, "ExpiredToken", "The security token included in the request is expired");
  }

  static AwsError missingAuthentication() {
    return new AwsError(
        403, "MissingAuthenticationToken", "Request is missing Authentication Token");
  }
}
