package dev.redsink.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** {@code redsink help COMMAND...} prints what {@code COMMAND... --help} prints, at any depth. */
class HelpCommandTest {

  @Test
  void helpOfANestedCommandIsItsOwn() {
    CommandLineRun help = CommandLineRun.of("help", "ledger", "reset");
    CommandLineRun option = CommandLineRun.of("ledger", "reset", "--help");
    assertThat(help.exitCode()).isZero();
    assertThat(option.exitCode()).isZero();
    assertThat(help.out()).startsWith("Usage: redsink ledger reset ").isEqualTo(option.out());
  }

  @Test
  void helpAloneIsTheTopLevelsHelp() {
    CommandLineRun help = CommandLineRun.of("help");
    assertThat(help.exitCode()).isZero();
    assertThat(help.out()).isEqualTo(CommandLineRun.of("--help").out());
  }

  @Test
  void helpOfAnUnknownCommandNamesTheNearestOne() {
    CommandLineRun help = CommandLineRun.of("help", "ledger", "rest");
    assertThat(help.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(help.err())
        .startsWith("redsink ledger: unknown command 'rest'\n")
        .contains("Did you mean redsink ledger reset?");
  }
}
