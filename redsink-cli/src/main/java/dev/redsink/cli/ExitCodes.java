package dev.redsink.cli;

/** The exit codes every redsink command uses. */
public final class ExitCodes {
  /** Done, or stopped cleanly by SIGTERM or Ctrl-C. */
  public static final int OK = 0;

  /** The command failed, or a check did not pass. */
  public static final int FAILED = 1;

  /** The command line or a connector file is not usable. */
  public static final int USAGE = 2;

  /**
   * {@code redsink check --conformance} could not run its items (cannot connect, cannot create its
   * schema); the same code as {@link #USAGE}, since neither checked anything.
   */
  public static final int CANNOT_RUN = 2;

  private ExitCodes() {}
}
