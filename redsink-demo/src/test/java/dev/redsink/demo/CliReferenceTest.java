package dev.redsink.demo;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redsink.cli.CommandReference;
import dev.redsink.cli.StopSignal;
import java.nio.file.Files;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * docs/cli.md holds the help of demo and emulator as they print it, and no command the demo
 * artifact lacks; every command line the documents show parses. Regenerate the help blocks with
 * {@code mvn -o -B -q -pl redsink-cli,redsink-demo -am test -Dtest=CliReferenceTest
 * -Dsurefire.failIfNoSpecifiedTests=false -Dredsink.regenerateDocs=true}.
 */
class CliReferenceTest {

  private static CommandLine redsink() {
    return RedsinkDemo.commandLine(
        StopSignal.manual(), CommandReference.nowhere(), CommandReference.nowhere());
  }

  /** The commands only the demo artifact has; this module's CliReferenceTest checks the rest. */
  private static Map<String, CommandLine> demoAndEmulator() {
    Map<String, CommandLine> commands = new LinkedHashMap<>(CommandReference.commands(redsink()));
    commands.keySet().retainAll(List.of("redsink demo", "redsink emulator"));
    return commands;
  }

  @Test
  void theReferenceHoldsTheHelpOfDemoAndEmulator() {
    assertThat(demoAndEmulator()).hasSize(2);
    CommandReference.assertDocumented(demoAndEmulator());
  }

  @Test
  void theReferenceHoldsEveryCommandAndNoOther() throws Exception {
    String doc = Files.readString(CommandReference.DOC);
    assertThat(CommandReference.blocks(doc).keySet())
        .as("the \"### redsink …\" headings of docs/cli.md's Options of each command")
        .containsExactlyElementsOf(CommandReference.commands(redsink()).keySet());
  }

  @Test
  void demoAndEmulatorEndTheirHelpWithAnExampleThatParses() {
    CommandReference.assertExamplesParse(
        List.copyOf(demoAndEmulator().values()), CliReferenceTest::redsink);
  }

  @Test
  void everyOptionOfDemoAndEmulatorGivesItsDefault() {
    CommandReference.assertDefaultsShown(List.copyOf(demoAndEmulator().values()));
  }

  @Test
  void theCommandLinesTheDocumentsShowParse() {
    List<List<String>> lines = CommandReference.commandLinesInDocs();
    assertThat(lines)
        .as("command lines in README.md and docs/")
        .anyMatch(arguments -> arguments.equals(List.of("demo")))
        .anyMatch(arguments -> !arguments.isEmpty() && arguments.get(0).equals("emulator"));
    lines.forEach(arguments -> CommandReference.parse(redsink(), arguments));
  }
}
