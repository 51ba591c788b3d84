package dev.redsink.core.load.conformance;

/**
 * One conformance item's result: the statement run, what the engine expects and what the cluster
 * answered.
 */
public record Outcome(
    String name, Status status, String statement, String expected, String answered) {

  /** Passed, failed, or not run (with the reason in {@code answered}). */
  public enum Status {
    PASSED,
    FAILED,
    SKIPPED
  }

  /** Passed when the answer is the expected one. */
  static Outcome compared(String name, String statement, String expected, String answered) {
    return new Outcome(
        name,
        expected.equals(answered) ? Status.PASSED : Status.FAILED,
        statement,
        expected,
        answered);
  }

  /** Passed when {@code passed}: for answers that may differ in text but not in meaning. */
  static Outcome judged(
      String name, String statement, String expected, String answered, boolean passed) {
    return new Outcome(name, passed ? Status.PASSED : Status.FAILED, statement, expected, answered);
  }

  static Outcome failed(String name, String statement, String expected, String answered) {
    return new Outcome(name, Status.FAILED, statement, expected, answered);
  }

  static Outcome skipped(String name, String statement, String why) {
    return new Outcome(name, Status.SKIPPED, statement, "", why);
  }
}
