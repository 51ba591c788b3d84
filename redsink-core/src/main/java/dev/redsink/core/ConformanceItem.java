package dev.redsink.core;

/**
 * One item of {@code redsink check --conformance}: a behaviour the engine relies on, the statement
 * that exercised it, what the engine expects and what the cluster answered.
 */
public record ConformanceItem(
    String name, Status status, String statement, String expected, String answered) {

  /** Passed, failed, or not run ({@code answered} says why). */
  public enum Status {
    PASSED,
    FAILED,
    SKIPPED
  }
}
