package dev.redsink.demo;

import dev.redsink.cli.ExitCodes;
import dev.redsink.cli.StopSignal;
import dev.redsink.emulator.cost.CostProfile;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code redsink emulator}: runs the Redshift emulator (Redshift + S3) until stopped. */
@Command(
    name = "emulator",
    mixinStandardHelpOptions = true,
    description =
        "Runs the Redshift emulator (Redshift's SQL dialect over an embedded PostgreSQL, plus a"
            + " local S3) until SIGTERM or Ctrl-C, which leave nothing behind.",
    footerHeading = "%nExample:%n",
    footer = "  redsink emulator --env-file emulator.env")
final class EmulatorCommand implements Callable<Integer> {
  private final StopSignal stop;

  @Spec private CommandSpec spec;

  @Option(
      names = "--port",
      paramLabel = "PORT",
      defaultValue = "5439",
      description =
          "Redshift (PostgreSQL protocol) port on 127.0.0.1; 0 picks a free one."
              + " Default: ${DEFAULT-VALUE}.")
  private int port;

  @Option(
      names = "--s3-port",
      paramLabel = "PORT",
      defaultValue = "9000",
      description = "S3 endpoint port on 127.0.0.1; 0 picks a free one. Default: ${DEFAULT-VALUE}.")
  private int s3Port;

  @Option(
      names = "--cost-profile",
      paramLabel = "PROFILE",
      defaultValue = "${env:REDSINK_EMULATOR_COST_PROFILE:-off}",
      converter = CostProfileConverter.class,
      description =
          "Latency the emulator adds where a cluster takes time: off, redshift"
              + " (statement=1ms,commit=600ms,copy=1s,mb=5ms), or your own parts, e.g."
              + " statement=2ms,commit=200ms,copy=500ms,mb=2ms (omitted parts are 0). Commits"
              + " queue one at a time across sessions."
              + " Default: $REDSINK_EMULATOR_COST_PROFILE, else off.")
  private CostProfile costProfile;

  @Option(
      names = "--env-file",
      paramLabel = "FILE",
      description =
          "Write PGHOST, PGPORT, PGUSER, PGPASSWORD, PGDATABASE, AWS_* and REDSINK_* exports here"
              + " once ready, to source from a shell. Default: none.")
  private Path envFile;

  EmulatorCommand(StopSignal stop) {
    this.stop = stop;
  }

  /** Reads --cost-profile, naming the part it cannot read. */
  static final class CostProfileConverter implements CommandLine.ITypeConverter<CostProfile> {
    @Override
    public CostProfile convert(String value) {
      try {
        return CostProfile.parse(value);
      } catch (IllegalArgumentException e) {
        throw new CommandLine.TypeConversionException(e.getMessage());
      }
    }
  }

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    out.println("Starting the Redshift emulator ...");
    out.flush();
    try (LocalRedshift redshift = LocalRedshift.start(port, s3Port, costProfile, stop)) {
      if (!costProfile.isOff()) {
        out.println("Cost profile: " + costProfile);
      }
      EmulatorDetails details = EmulatorDetails.of(redshift.emulator());
      details.print(out);
      if (envFile != null) {
        EnvFile.write(envFile, details.exports());
        out.println(
            "Wrote the connection details to " + envFile + " (source it: . " + envFile + ")");
      }
      out.println("Running; stop with Ctrl-C or SIGTERM.");
      out.flush();
      stop.await();
      out.println("Stopping the Redshift emulator.");
      out.flush();
    }
    return ExitCodes.OK;
  }
}
