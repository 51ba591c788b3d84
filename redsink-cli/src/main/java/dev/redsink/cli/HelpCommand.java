package dev.redsink.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Help.ColorScheme;
import picocli.CommandLine.IHelpCommandInitializable2;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * {@code redsink help [COMMAND...]}: the help of a command at any depth ({@code redsink help ledger
 * reset}), the same text as {@code redsink ledger reset --help}.
 */
@Command(
    name = "help",
    helpCommand = true,
    description = "Shows a command's usage, options and an example.",
    footerHeading = "%nExample:%n",
    footer = "  redsink help ledger reset")
final class HelpCommand implements IHelpCommandInitializable2, Callable<Integer> {

  @Option(
      names = {"-h", "--help"},
      usageHelp = true,
      description = "Show this help message and exit.")
  private boolean helpRequested;

  @Parameters(
      paramLabel = "COMMAND",
      description = "The command, e.g. run or ledger reset. Default: redsink itself.")
  private List<String> path = List.of();

  private CommandLine self;
  private ColorScheme colors;
  private PrintWriter out;

  @Override
  public void init(CommandLine help, ColorScheme colors, PrintWriter out, PrintWriter err) {
    this.self = help;
    this.colors = colors;
    this.out = out;
  }

  @Override
  public Integer call() {
    CommandLine command = self.getParent();
    for (String name : path) {
      CommandLine sub = command.getSubcommands().get(name);
      if (sub == null) {
        throw new UnmatchedArgumentException(command, List.of(name));
      }
      command = sub;
    }
    command.usage(out, colors);
    return ExitCodes.OK;
  }
}
