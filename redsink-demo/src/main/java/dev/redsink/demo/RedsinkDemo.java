package dev.redsink.demo;

import dev.redsink.cli.Redsink;
import dev.redsink.cli.StopSignal;
import java.io.PrintWriter;
import java.util.List;
import picocli.CommandLine;

/**
 * The {@code redsink} command of the demo artifact: every production command plus {@code demo} and
 * {@code emulator}, which need the Redshift emulator and a Kafka broker inside the jar.
 */
public final class RedsinkDemo {
  private RedsinkDemo() {}

  public static void main(String[] args) {
    StopSignal stop = StopSignal.onShutdown();
    int code =
        execute(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true), stop);
    stop.exit(code);
  }

  /** Runs one command line and returns its exit code. */
  static int execute(String[] args, PrintWriter out, PrintWriter err, StopSignal stop) {
    return commandLine(stop, out, err).execute(args);
  }

  /** The production command line plus {@code demo} and {@code emulator}. */
  static CommandLine commandLine(StopSignal stop, PrintWriter out, PrintWriter err) {
    return Redsink.commandLine(
        stop, out, err, List.of(new DemoCommand(stop), new EmulatorCommand(stop)));
  }
}
