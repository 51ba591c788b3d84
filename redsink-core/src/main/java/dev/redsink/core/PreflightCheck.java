package dev.redsink.core;

import java.util.Optional;

/**
 * The outcome of one preflight check: what was checked, what was seen, and on failure which kind of
 * problem it is (a front end prints the matching troubleshooting advice).
 */
public record PreflightCheck(String name, Status status, String detail, Optional<Problem> problem) {

  /** Whether the check passed, failed, or could not run because an earlier one failed. */
  public enum Status {
    PASSED,
    FAILED,
    SKIPPED
  }

  /** What a failed check points at; each has one fix. */
  public enum Problem {
    CONFIG,
    CONNECT,
    IAM_CONNECT,
    STATIC_KEYS,
    S3_UPLOAD,
    COPY,
    PRIVILEGES,
    REGION,
    SIGNATURE_AGE
  }

  static PreflightCheck passed(String name, String detail) {
    return new PreflightCheck(name, Status.PASSED, detail, Optional.empty());
  }

  static PreflightCheck failed(String name, String detail, Problem problem) {
    return new PreflightCheck(name, Status.FAILED, detail, Optional.of(problem));
  }

  static PreflightCheck skipped(String name, String reason) {
    return new PreflightCheck(name, Status.SKIPPED, reason, Optional.empty());
  }
}
