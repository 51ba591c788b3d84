package dev.redsink.reliability;

/** The suite's size: records per scenario, 40,000 in the test command, more for the full run. */
final class Reliability {
  private Reliability() {}

  /** Records per fault scenario, from -Dreliability.records (default 40,000). */
  static int records() {
    return Integer.getInteger("reliability.records", 40_000);
  }
}
