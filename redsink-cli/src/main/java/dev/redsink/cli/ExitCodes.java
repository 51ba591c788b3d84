package dev.redsink.cli;

/** The exit codes every redsink command uses. */
public final class ExitCodes {
  /** Done, or stopped cleanly by SIGTERM or Ctrl-C. */
  public static final int OK = 0;

  /** The command failed, or a check did not pass. */
  public static final int FAILED = 1;

  /** The command line or a connector file is not usable. */
  public static final int USAGE = 2;

  private ExitCodes() {}
}
