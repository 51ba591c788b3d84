package dev.redsink.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code redsink ledger}: shows and resets the ledger, as kafka-consumer-groups does offsets. */
@Command(
    name = "ledger",
    mixinStandardHelpOptions = true,
    description =
        "Shows or resets a connector's ledger: per table, topic and partition the next offset to"
            + " load, where every runtime resumes.",
    footerHeading = "%nExample:%n",
    footer = "  redsink ledger show orders.toml --bootstrap-servers localhost:9092",
    subcommands = {LedgerShowCommand.class, LedgerResetCommand.class})
final class LedgerCommand implements Runnable {

  @Spec private CommandSpec spec;

  @Override
  public void run() {
    throw new CommandLine.ParameterException(
        spec.commandLine(), "Missing command: ledger show or ledger reset");
  }
}
