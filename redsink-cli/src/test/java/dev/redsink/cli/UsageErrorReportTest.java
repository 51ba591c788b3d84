package dev.redsink.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A misspelt option or command is refused with exit code 2, naming the nearest one. */
class UsageErrorReportTest {

  @Test
  void anUnknownOptionNamesTheNearestOne() {
    CommandLineRun run = CommandLineRun.of("run", "--bootstrap-server", "x", "f.toml");
    assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(run.err())
        .isEqualTo(
            """
            redsink run: unknown option '--bootstrap-server'
            Did you mean --bootstrap-servers?
            See 'redsink run --help' for every option.
            """);
    assertThat(run.out()).isEmpty();
  }

  @Test
  void anUnknownOptionWithItsValueAttachedNamesTheNearestOne() {
    CommandLineRun run = CommandLineRun.of("run", "--bootstrap-server=x", "f.toml");
    assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(run.err())
        .startsWith("redsink run: unknown option '--bootstrap-server'\n")
        .contains("Did you mean --bootstrap-servers?");
  }

  @Test
  void anUnknownCommandNamesTheNearestOne() {
    CommandLineRun run = CommandLineRun.of("lod");
    assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(run.err())
        .isEqualTo(
            """
            redsink: unknown command 'lod'
            Did you mean redsink load?
            See 'redsink --help' for every command.
            """);
  }

  @Test
  void anUnknownSubcommandOfLedgerNamesTheNearestOne() {
    CommandLineRun run = CommandLineRun.of("ledger", "rest", "orders.toml");
    assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(run.err())
        .startsWith("redsink ledger: unknown command 'rest'\n")
        .contains("Did you mean redsink ledger reset?");
  }

  @Test
  void anUnknownOptionOfLedgerResetNamesTheNearestOne() {
    CommandLineRun run =
        CommandLineRun.of("ledger", "reset", "orders.toml", "--topic", "t", "--to-earlist");
    assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(run.err())
        .isEqualTo(
            """
            redsink ledger reset: unknown option '--to-earlist'
            Did you mean --to-earliest?
            See 'redsink ledger reset --help' for every option.
            """);
  }

  @Test
  void aMisspeltRequiredOptionIsNamedRatherThanMissing() {
    CommandLineRun run =
        CommandLineRun.of("ledger", "reset", "orders.toml", "--topc", "t", "--to-offset", "5");
    assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(run.err())
        .startsWith("redsink ledger reset: unknown option '--topc'\n")
        .contains("Did you mean --topic?")
        .doesNotContain("Missing");
  }

  @Test
  void anUnknownOptionOfTheTopLevelNamesTheNearestOne() {
    CommandLineRun run = CommandLineRun.of("--verison");
    assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(run.err()).contains("Did you mean --version?");
  }

  @Test
  void otherMistakesPrintTheMessageAndTheUsage() {
    CommandLineRun run = CommandLineRun.of("load", "orders.toml");
    assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(run.err())
        .startsWith("Missing required option: '--topic=")
        .contains("Usage: redsink load ");
  }
}
