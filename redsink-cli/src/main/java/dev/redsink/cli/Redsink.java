package dev.redsink.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.UsageMessageSpec;
import picocli.CommandLine.Spec;

/** The {@code redsink} command: runs the reference design's connector files against Redshift. */
@Command(
    name = "redsink",
    mixinStandardHelpOptions = true,
    versionProvider = Version.class,
    description = "Loads Kafka records, or a file of them, into Amazon Redshift exactly once.",
    footerHeading = "%nExample:%n",
    footer = "  redsink run orders.toml --bootstrap-servers localhost:9092",
    subcommands = {
      RunCommand.class,
      CheckCommand.class,
      LoadCommand.class,
      LedgerCommand.class,
      VerifyCommand.class,
    })
public final class Redsink implements Runnable {
  /** Shown by the production jar, which leaves the emulator and the demo's broker out. */
  private static final String DEMO_FOOTER =
      "%nThe demo and the Redshift emulator ship separately, in redsink-demo.jar:%n"
          + "  ./redsink demo, ./redsink emulator";

  /**
   * Columns of every help text, whatever the terminal: docs/cli.md holds the same text, checked
   * against it.
   */
  static final int HELP_WIDTH = 100;

  private final StopSignal stop;

  @Spec private CommandSpec spec;

  Redsink(StopSignal stop) {
    this.stop = stop;
  }

  /** Stopped by SIGTERM or Ctrl-C; the subcommands' long-running loops watch it. */
  StopSignal stop() {
    return stop;
  }

  @Override
  public void run() {
    String commands =
        spec.subcommands().keySet().stream()
            .filter(name -> !name.equals("help"))
            .collect(Collectors.joining(", "));
    throw new CommandLine.ParameterException(
        spec.commandLine(), "Missing command: one of " + commands);
  }

  public static void main(String[] args) {
    StopSignal stop = StopSignal.onShutdown();
    int code =
        execute(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true), stop);
    stop.exit(code);
  }

  /** Runs one command line and returns its exit code; for tests and {@link #main}. */
  static int execute(String[] args, PrintWriter out, PrintWriter err, StopSignal stop) {
    return commandLine(stop, out, err, List.of()).execute(args);
  }

  /**
   * The command line with the production subcommands, then {@code more} (the demo artifact adds
   * {@code demo} and {@code emulator}), then {@code help}; failures print as one message, and an
   * unknown option or command names the nearest one.
   */
  public static CommandLine commandLine(
      StopSignal stop, PrintWriter out, PrintWriter err, List<Object> more) {
    CommandLine line = new CommandLine(new Redsink(stop));
    more.forEach(line::addSubcommand);
    line.addSubcommand(new HelpCommand());
    if (more.isEmpty()) {
      UsageMessageSpec usage = line.getCommandSpec().usageMessage();
      usage.footer(
          Stream.concat(Stream.of(usage.footer()), Stream.of(DEMO_FOOTER)).toArray(String[]::new));
    }
    // After every subcommand is added: the width applies to the commands the line has now.
    line.setUsageHelpWidth(HELP_WIDTH);
    line.setOut(out);
    line.setErr(err);
    line.setExecutionExceptionHandler(new FailureReport());
    line.setParameterExceptionHandler(new UsageErrorReport());
    return line;
  }
}
