package dev.redsink.emulator.fault;

import java.time.Duration;

/** What happens to one S3 request that a fault rule catches. */
public sealed interface Fault permits Fault.ErrorResponse, Fault.ResetConnection, Fault.Delay {

  /** An S3 XML error response, e.g. 503 SlowDown. */
  record ErrorResponse(int status, String code, String message) implements Fault {}

  /** The connection is reset (TCP RST) instead of answering. */
  record ResetConnection() implements Fault {}

  /** The request is forwarded unchanged after a pause. */
  record Delay(Duration duration) implements Fault {}

  /** 503 SlowDown, what S3 answers when throttling. */
  static Fault slowDown() {
    return new ErrorResponse(503, "SlowDown", "Please reduce your request rate.");
  }

  /** 500 InternalError. */
  static Fault internalError() {
    return new ErrorResponse(
        500, "InternalError", "We encountered an internal error. Please try again.");
  }

  /** 403 AccessDenied. */
  static Fault accessDenied() {
    return new ErrorResponse(403, "AccessDenied", "Access Denied");
  }

  /** A reset connection. */
  static Fault resetConnection() {
    return new ResetConnection();
  }

  /** A delay before the request is served. */
  static Fault delay(Duration duration) {
    return new Delay(duration);
  }
}
