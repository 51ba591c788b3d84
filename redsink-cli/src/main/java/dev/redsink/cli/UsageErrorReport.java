package dev.redsink.cli;

import dev.redsink.core.config.KeyNames;
import java.io.PrintWriter;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import picocli.CommandLine;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * Prints a command line that cannot be used and maps it to exit code 2. An unknown option or
 * command names the nearest one the command has, at every level ({@code redsink lod}, {@code
 * redsink ledger rest}, {@code redsink run --bootstrap-server}); any other mistake prints its
 * message and the command's usage.
 */
public final class UsageErrorReport implements IParameterExceptionHandler {

  @Override
  public int handleParseException(ParameterException e, String[] args) {
    CommandLine line = e.getCommandLine();
    PrintWriter err = line.getErr();
    // An unknown argument is reported first: a misspelt required option is also a missing one.
    List<String> unknown =
        e instanceof UnmatchedArgumentException unmatched
            ? unmatched.getUnmatched()
            : line.getUnmatchedArguments();
    Optional<String> argument = unknown.stream().findFirst();
    Optional<String> nearest = argument.flatMap(a -> nearest(a, line.getCommandSpec()));
    String command = line.getCommandSpec().qualifiedName();
    if (argument.isPresent() && nearest.isPresent()) {
      boolean option = isOption(argument.get());
      err.println(
          command
              + ": unknown "
              + (option ? "option '" + name(argument.get()) : "command '" + argument.get())
              + "'");
      err.println("Did you mean " + nearest.get() + "?");
      err.println(
          "See '" + command + " --help' for every " + (option ? "option" : "command") + ".");
    } else {
      err.println(e.getMessage());
      line.usage(err, line.getColorScheme());
    }
    err.flush();
    return ExitCodes.USAGE;
  }

  /** The option or command of {@code spec} nearest to {@code argument}, in full. */
  static Optional<String> nearest(String argument, CommandSpec spec) {
    if (isOption(argument)) {
      List<String> names =
          spec.options().stream()
              .filter(o -> !o.hidden())
              .map(OptionSpec::names)
              .flatMap(Arrays::stream)
              .toList();
      return KeyNames.nearest(name(argument), names);
    }
    List<String> commands =
        spec.subcommands().entrySet().stream()
            .filter(c -> !c.getValue().getCommandSpec().usageMessage().hidden())
            .map(Map.Entry::getKey)
            .toList();
    return KeyNames.nearest(argument, commands).map(c -> spec.qualifiedName() + " " + c);
  }

  private static boolean isOption(String argument) {
    return argument.length() > 1 && argument.startsWith("-");
  }

  /** The option's name without an attached value ({@code --topic=orders} is {@code --topic}). */
  private static String name(String option) {
    int equals = option.indexOf('=');
    return equals < 0 ? option : option.substring(0, equals);
  }
}
