package dev.redsink.cli;

import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code redsink} command: runs the reference design's connector files against Redshift. */
@Command(
    name = "redsink",
    mixinStandardHelpOptions = true,
    versionProvider = Version.class,
    description = "Loads message-log records into Amazon Redshift exactly once.",
    subcommands = {
      RunCommand.class,
      CheckCommand.class,
      DemoCommand.class,
      LoadCommand.class,
      LedgerCommand.class,
      EmulatorCommand.class,
      CommandLine.HelpCommand.class
    })
public final class Redsink implements Runnable {

  private final StopSignal stop;

  Redsink(StopSignal stop) {
    this.stop = stop;
  }

  /** Stopped by SIGTERM or Ctrl-C; the subcommands' long-running loops watch it. */
  StopSignal stop() {
    return stop;
  }

  @Override
  public void run() {
    throw new CommandLine.ParameterException(
        new CommandLine(this), "Missing command: run, check, demo, load, ledger or emulator");
  }

  public static void main(String[] args) {
    StopSignal stop = StopSignal.onShutdown();
    int code =
        execute(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true), stop);
    stop.exit(code);
  }

  /** Runs one command line and returns its exit code; for tests and {@link #main}. */
  static int execute(String[] args, PrintWriter out, PrintWriter err, StopSignal stop) {
    CommandLine line = new CommandLine(new Redsink(stop));
    line.setOut(out);
    line.setErr(err);
    line.setExecutionExceptionHandler(new FailureReport());
    return line.execute(args);
  }
}
