package dev.redsink.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * docs/cli.md holds each production command's help as the command prints it, and every example the
 * help and the documents show parses. Regenerate the help blocks with {@code mvn -o -B -q -pl
 * redsink-cli,redsink-demo -am test -Dtest=CliReferenceTest -Dsurefire.failIfNoSpecifiedTests=false
 * -Dredsink.regenerateDocs=true}.
 */
class CliReferenceTest {
  /** The demo artifact's commands, whose command lines the demo module's test parses. */
  private static final Set<String> DEMO_ONLY = Set.of("demo", "emulator");

  private static CommandLine redsink() {
    return Redsink.commandLine(
        StopSignal.manual(), CommandReference.nowhere(), CommandReference.nowhere(), List.of());
  }

  @Test
  void theReferenceHoldsEachCommandsHelp() {
    var commands = CommandReference.commands(redsink());
    assertThat(commands)
        .containsOnlyKeys(
            "redsink run",
            "redsink check",
            "redsink load",
            "redsink ledger show",
            "redsink ledger reset",
            "redsink verify");
    CommandReference.assertDocumented(commands);
  }

  @Test
  void helpIsAsWideAsTheReferenceWhateverTheTerminal() {
    for (CommandLine command : CommandReference.all(redsink())) {
      assertThat(command.getUsageHelpWidth())
          .as(command.getCommandSpec().qualifiedName())
          .isEqualTo(Redsink.HELP_WIDTH);
    }
  }

  @Test
  void everyHelpEndsWithAnExampleThatParses() {
    CommandReference.assertExamplesParse(
        CommandReference.all(redsink()), CliReferenceTest::redsink);
  }

  @Test
  void everyOptionGivesItsDefault() {
    CommandReference.assertDefaultsShown(CommandReference.all(redsink()));
  }

  @Test
  void theCommandLinesTheDocumentsShowParse() {
    CommandLine names = redsink();
    List<List<String>> lines = CommandReference.commandLinesInDocs();
    assertThat(lines).as("command lines in README.md and docs/").hasSizeGreaterThan(10);
    for (List<String> arguments : lines) {
      String command = arguments.isEmpty() ? "" : arguments.get(0);
      if (DEMO_ONLY.contains(command)) {
        continue;
      }
      assertThat(names.getSubcommands())
          .as("`redsink %s` names a command", String.join(" ", arguments))
          .containsKey(command);
      CommandReference.parse(redsink(), arguments);
    }
  }
}
