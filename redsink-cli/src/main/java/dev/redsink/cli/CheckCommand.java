package dev.redsink.cli;

import dev.redsink.cli.check.ConformanceReport;
import dev.redsink.cli.check.Troubleshooting;
import dev.redsink.cli.connector.ConnectorFile;
import dev.redsink.cli.connector.ConnectorFileReader;
import dev.redsink.cli.connector.ConnectorFiles;
import dev.redsink.cli.connector.EnvOverrides;
import dev.redsink.core.Conformance;
import dev.redsink.core.ConformanceItem;
import dev.redsink.core.Preflight;
import dev.redsink.core.PreflightCheck;
import dev.redsink.core.error.InvalidConfigException;
import dev.redsink.core.error.RedsinkException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code redsink check}: the preflight, each check ✓ or ✗ with its fix; with {@code --conformance},
 * what the engine relies on Redshift for, run against the cluster in a scratch schema. Exit 0 when
 * all pass.
 */
@Command(
    name = "check",
    mixinStandardHelpOptions = true,
    description =
        "Checks connector files against Redshift and S3 before going live, each check ✓ or ✗ with"
            + " its fix; exit code 0 when all pass, 1 otherwise. With --conformance, runs what"
            + " Redsink relies on (COPY of its Parquet files, each write mode's statements, the"
            + " errors it classifies, its catalog queries) in a scratch schema it creates and"
            + " drops; exit code 2 when that cannot run.",
    footerHeading = "%nExample:%n",
    footer = "  redsink check orders.toml")
final class CheckCommand implements Callable<Integer> {

  @Spec private CommandSpec spec;

  @ParentCommand private Redsink parent;

  @Option(
      names = "--conformance",
      description =
          "Run the conformance items against the connector's cluster, bucket and IAM role in"
              + " schema redsink_conformance_<yyyyMMddHHmmss>, dropped at the end or on Ctrl-C."
              + " Default: the preflight checks.")
  private boolean conformance;

  @Option(
      names = "--keep",
      description =
          "With --conformance: keep the scratch schema to inspect, then drop it by hand."
              + " Default: dropped.")
  private boolean keep;

  @Option(
      names = "--json",
      paramLabel = "FILE",
      description =
          "With --conformance: write every item (name, status, statement, expected,"
              + " answered) to FILE, for a bug report. Default: none.")
  private Path json;

  @Parameters(
      arity = "1..*",
      paramLabel = "CONNECTOR.toml",
      description = "Connector files; those with enabled = false are skipped.")
  private List<Path> files;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    if (!conformance && (keep || json != null)) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "--keep and --json go with --conformance");
    }
    List<ConnectorFile> connectors =
        ConnectorFiles.enabled(files, new ConnectorFileReader(EnvOverrides.system()), out);
    if (conformance) {
      return conformance(connectors, out);
    }
    int failed = 0;
    int skipped = 0;
    int total = 0;
    for (ConnectorFile connector : connectors) {
      out.println("Checking connector '" + connector.key() + "' (" + connector.source() + ")");
      out.flush();
      for (PreflightCheck result : Preflight.of(connector.pluginConfig()).run()) {
        print(result, out);
        total++;
        failed += result.status() == PreflightCheck.Status.FAILED ? 1 : 0;
        skipped += result.status() == PreflightCheck.Status.SKIPPED ? 1 : 0;
      }
    }
    out.println(
        failed == 0
            ? skipped == 0
                ? "All " + total + " checks passed."
                : (total - skipped) + " checks passed, " + skipped + " could not run."
            : failed + " of " + total + (total == 1 ? " check" : " checks") + " failed.");
    out.flush();
    return failed == 0 ? ExitCodes.OK : ExitCodes.FAILED;
  }

  private int conformance(List<ConnectorFile> connectors, PrintWriter out) {
    ConformanceReport report = new ConformanceReport(out);
    boolean ran = true;
    for (ConnectorFile connector : connectors) {
      Conformance run = Conformance.of(connector.pluginConfig(), Instant.now());
      out.println(
          "Conformance of connector '"
              + connector.key()
              + "' ("
              + connector.source()
              + ") in schema "
              + run.schema());
      out.flush();
      try {
        List<ConformanceItem> items =
            run.run(
                report::print,
                parent.stop()::isRequested,
                keep ? Conformance.Schema.KEEP : Conformance.Schema.DROP);
        report.add(connector.key(), run.schema(), items);
        out.println(
            keep
                ? "  Schema "
                    + run.schema()
                    + " kept; drop it with: DROP SCHEMA "
                    + run.schema()
                    + " CASCADE"
                : "  Schema " + run.schema() + " dropped.");
      } catch (InvalidConfigException e) {
        ran = false;
        out.println("  Cannot run: " + String.join("; ", e.problems()));
        out.println("      fix: correct the connector file; redsink check names each key's fix");
      } catch (RedsinkException e) {
        ran = false;
        out.println("  Cannot run: " + e.getMessage());
      }
      if (parent.stop().isRequested()) {
        out.println("  Stopped: the items after the last one printed did not run.");
        break;
      }
    }
    out.println(report.summary());
    out.flush();
    if (json != null) {
      report.writeJson(json);
    }
    if (!ran) {
      return ExitCodes.CANNOT_RUN;
    }
    return report.anyFailed() ? ExitCodes.FAILED : ExitCodes.OK;
  }

  private static void print(PreflightCheck result, PrintWriter out) {
    String detail =
        result.status() == PreflightCheck.Status.SKIPPED
            ? "skipped: " + result.detail()
            : result.detail();
    out.println("  " + mark(result.status()) + " " + result.name() + " — " + detail);
    result
        .problem()
        .map(Troubleshooting::of)
        .ifPresent(
            t -> {
              out.println("      symptom: " + t.symptom());
              out.println("      cause:   " + t.cause());
              out.println("      fix:     " + t.fix());
            });
    out.flush();
  }

  private static String mark(PreflightCheck.Status status) {
    return switch (status) {
      case PASSED -> "✓";
      case FAILED -> "✗";
      case SKIPPED -> "-";
    };
  }
}
