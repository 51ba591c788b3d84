package dev.redsink.cli.check;

import java.util.Optional;

/** The outcome of one preflight check: what was checked, what was seen, and the fix on failure. */
public record CheckResult(
    String check, Status status, String detail, Optional<Troubleshooting> troubleshooting) {

  /** Whether the check passed, failed, or could not run because an earlier one failed. */
  public enum Status {
    PASSED("✓"),
    FAILED("✗"),
    SKIPPED("-");

    private final String mark;

    Status(String mark) {
      this.mark = mark;
    }

    public String mark() {
      return mark;
    }
  }

  static CheckResult passed(String check, String detail) {
    return new CheckResult(check, Status.PASSED, detail, Optional.empty());
  }

  static CheckResult failed(String check, String detail, Troubleshooting fix) {
    return new CheckResult(check, Status.FAILED, detail, Optional.of(fix));
  }

  static CheckResult skipped(String check, String reason) {
    return new CheckResult(check, Status.SKIPPED, reason, Optional.empty());
  }
}
