package dev.redsink.core.load.conformance;

/**
 * Thrown between items once a stop was requested (Ctrl-C), so the run drops its schema and ends.
 */
final class ConformanceStopped extends RuntimeException {
  private static final long serialVersionUID = 1L;

  ConformanceStopped() {
    super("stopped", null, false, false);
  }
}
