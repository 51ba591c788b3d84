package dev.redsink.bench;

/** Keeps slf4j-simple to warnings, so benchmark output is the numbers. */
final class Logging {
  private Logging() {}

  /** Must run before the first logger is created. */
  static void quiet() {
    System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", "warn");
    System.setProperty("org.slf4j.simpleLogger.logFile", "System.err");
  }
}
