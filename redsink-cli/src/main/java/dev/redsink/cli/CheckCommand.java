package dev.redsink.cli;

import dev.redsink.cli.check.Troubleshooting;
import dev.redsink.cli.connector.ConnectorFile;
import dev.redsink.cli.connector.ConnectorFileReader;
import dev.redsink.cli.connector.ConnectorFiles;
import dev.redsink.cli.connector.EnvOverrides;
import dev.redsink.core.Preflight;
import dev.redsink.core.PreflightCheck;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code redsink check}: the preflight, each check ✓ or ✗ with its fix; exit 0 when all pass. */
@Command(
    name = "check",
    mixinStandardHelpOptions = true,
    description =
        "Checks connector files against Redshift and S3 before going live, each check ✓ or ✗ with"
            + " its fix; exit code 0 when all pass, 1 otherwise.",
    footerHeading = "%nExample:%n",
    footer = "  redsink check orders.toml")
final class CheckCommand implements Callable<Integer> {

  @Spec private CommandSpec spec;

  @Parameters(
      arity = "1..*",
      paramLabel = "CONNECTOR.toml",
      description = "Connector files; those with enabled = false are skipped.")
  private List<Path> files;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    List<ConnectorFile> connectors =
        ConnectorFiles.enabled(files, new ConnectorFileReader(EnvOverrides.system()), out);
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
