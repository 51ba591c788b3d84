package dev.redsink.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Stream;
import picocli.CommandLine;
import picocli.CommandLine.Help;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;

/**
 * The command reference in docs/cli.md, held to the commands themselves: under "Options of each
 * command", each command's help verbatim in a text block below a "### redsink &lt;command&gt;"
 * heading; and every command line the documents and the help's examples show, which must parse.
 * This module's and the demo module's CliReferenceTest use it.
 */
public final class CommandReference {
  public static final Path DOC = Path.of("..", "docs", "cli.md");
  static final Path README = Path.of("..", "README.md");
  static final String SECTION = "## Options of each command";
  static final String FENCE = "```";

  /** Rewrites docs/cli.md's help blocks from the commands before checking them. */
  public static final String REGENERATE_PROPERTY = "redsink.regenerateDocs";

  static final String REGENERATE =
      "mvn -o -B -q -pl redsink-cli,redsink-demo -am test -Dtest=CliReferenceTest"
          + " -Dsurefire.failIfNoSpecifiedTests=false -D"
          + REGENERATE_PROPERTY
          + "=true";

  private CommandReference() {}

  /** A command line that prints nowhere, for rendering help and parsing examples. */
  public static PrintWriter nowhere() {
    return new PrintWriter(new StringWriter());
  }

  /**
   * The commands of {@code root} that do something (neither a group of commands nor help), by
   * qualified name, in the order of their help.
   */
  public static Map<String, CommandLine> commands(CommandLine root) {
    Map<String, CommandLine> commands = new LinkedHashMap<>();
    for (CommandLine command : all(root)) {
      boolean group = command.getSubcommands().values().stream().anyMatch(c -> !isHelp(c));
      if (!group && !isHelp(command)) {
        commands.put(command.getCommandSpec().qualifiedName(), command);
      }
    }
    return commands;
  }

  /** {@code root} and every command below it, help included. */
  public static List<CommandLine> all(CommandLine root) {
    List<CommandLine> all = new ArrayList<>();
    all.add(root);
    root.getSubcommands().values().forEach(c -> all.addAll(all(c)));
    return all;
  }

  private static boolean isHelp(CommandLine command) {
    return command.getCommandSpec().helpCommand();
  }

  /** What {@code --help} prints, without colours or blanks at the ends of lines. */
  public static String help(CommandLine command) {
    return command
        .getUsageMessage(Help.Ansi.OFF)
        .lines()
        .map(String::stripTrailing)
        .reduce((a, b) -> a + "\n" + b)
        .orElse("")
        .stripTrailing();
  }

  /**
   * Asserts docs/cli.md holds each command's help; with -Dredsink.regenerateDocs=true it first
   * writes them there, adding a heading at the end of the section for a command it lacks.
   */
  public static void assertDocumented(Map<String, CommandLine> commands) {
    String doc = read(DOC);
    if (Boolean.getBoolean(REGENERATE_PROPERTY)) {
      String updated = doc;
      for (Map.Entry<String, CommandLine> command : commands.entrySet()) {
        updated = withHelp(updated, command.getKey(), help(command.getValue()));
      }
      if (!updated.equals(doc)) {
        write(DOC, updated);
      }
      doc = updated;
    }
    Map<String, String> blocks = blocks(doc);
    for (Map.Entry<String, CommandLine> command : commands.entrySet()) {
      assertThat(blocks.get(command.getKey()))
          .as(
              "docs/cli.md's \"### %s\" block differs from the command's help; regenerate it: %s",
              command.getKey(), REGENERATE)
          .isEqualTo(help(command.getValue()));
    }
  }

  /** The text block under each "### …" heading of the section, by heading. */
  public static Map<String, String> blocks(String markdown) {
    Map<String, String> blocks = new LinkedHashMap<>();
    List<String> lines = markdown.lines().toList();
    int start = section(lines);
    String heading = null;
    for (int i = start + 1; i < lines.size() && !lines.get(i).startsWith("## "); i++) {
      String line = lines.get(i);
      if (line.startsWith("### ")) {
        heading = line.substring(4).strip();
      } else if (heading != null && line.equals(FENCE + "text")) {
        int end = closingFence(lines, i);
        blocks.put(heading, String.join("\n", lines.subList(i + 1, end)));
        heading = null;
        i = end;
      }
    }
    return blocks;
  }

  /** {@code markdown} with {@code help} in the text block under {@code command}'s heading. */
  static String withHelp(String markdown, String command, String help) {
    List<String> lines = new ArrayList<>(markdown.lines().toList());
    int start = section(lines);
    int end = start + 1;
    while (end < lines.size() && !lines.get(end).startsWith("## ")) {
      end++;
    }
    int heading = lines.subList(start, end).indexOf("### " + command);
    List<String> block = new ArrayList<>(List.of(FENCE + "text"));
    block.addAll(help.lines().toList());
    block.add(FENCE);
    if (heading < 0) {
      List<String> added = new ArrayList<>(List.of("### " + command, ""));
      added.addAll(block);
      added.add("");
      lines.addAll(end, added);
    } else {
      int at = start + heading + 1;
      int open = at;
      while (open < end && !lines.get(open).equals(FENCE + "text")) {
        open = lines.get(open).startsWith("### ") ? end : open + 1;
      }
      if (open < end) {
        lines.subList(open, closingFence(lines, open) + 1).clear();
        lines.addAll(open, block);
      } else {
        block.add(0, "");
        lines.addAll(at, block);
      }
    }
    return String.join("\n", lines) + "\n";
  }

  private static int section(List<String> lines) {
    int start = lines.indexOf(SECTION);
    assertThat(start).as("docs/cli.md has no \"%s\" section", SECTION).isNotNegative();
    return start;
  }

  private static int closingFence(List<String> lines, int open) {
    for (int i = open + 1; i < lines.size(); i++) {
      if (lines.get(i).equals(FENCE)) {
        return i;
      }
    }
    throw new AssertionError("docs/cli.md: the block opened on line " + (open + 1) + " never ends");
  }

  /** The example command lines of {@code command}'s help, as its arguments after "redsink". */
  public static List<List<String>> examples(CommandLine command) {
    return Arrays.stream(command.getCommandSpec().usageMessage().footer())
        .map(String::strip)
        .filter(line -> line.startsWith("redsink "))
        .map(CommandReference::arguments)
        .toList();
  }

  /**
   * Asserts each of {@code commands} ends its help with one example on one line that parses, on a
   * command line from {@code fresh}, to that command (or, for a group, one of its commands).
   */
  public static void assertExamplesParse(List<CommandLine> commands, Supplier<CommandLine> fresh) {
    for (CommandLine command : commands) {
      String name = command.getCommandSpec().qualifiedName();
      List<List<String>> examples = examples(command);
      assertThat(examples).as("the examples of %s's help", name).hasSize(1);
      List<String> example = examples.get(0);
      assertThat(help(command))
          .as("%s's help shows its example on one line", name)
          .contains("Example:\n  redsink " + String.join(" ", example));
      ParseResult parsed = parse(fresh.get(), example);
      assertThat(deepest(parsed).commandSpec().qualifiedName() + " ")
          .as("the command `redsink %s` runs", String.join(" ", example))
          .startsWith(name + " ");
    }
  }

  /**
   * Asserts every option and positional of {@code commands} gives its default ("Default: …" in its
   * description), unless it is required, one of a required choice or the help's own.
   */
  public static void assertDefaultsShown(List<CommandLine> commands) {
    for (CommandLine command : commands) {
      CommandSpec spec = command.getCommandSpec();
      for (ArgSpec arg : spec.args()) {
        boolean standard = arg instanceof OptionSpec o && (o.usageHelp() || o.versionHelp());
        boolean chosen = arg.group() != null && arg.group().multiplicity().min() > 0;
        if (!standard && !arg.required() && !chosen) {
          assertThat(String.join(" ", arg.description()))
              .as("%s %s says its default", spec.qualifiedName(), name(arg))
              .contains("Default: ");
        }
      }
    }
  }

  /**
   * Every command line README.md and docs/*.md show in their code blocks ({@code ./redsink …} or
   * {@code redsink …}), as the arguments after "redsink", up to a comment or shell operator. Text
   * blocks show what commands print, and are left out.
   */
  public static List<List<String>> commandLinesInDocs() {
    List<List<String>> commandLines = new ArrayList<>();
    for (Path doc : documents()) {
      boolean inBlock = false;
      boolean text = false;
      for (String line : read(doc).lines().map(String::strip).toList()) {
        if (line.startsWith(FENCE)) {
          inBlock = !inBlock;
          text = line.equals(FENCE + "text");
        } else if (inBlock
            && !text
            && (line.startsWith("./redsink ") || line.startsWith("redsink "))) {
          commandLines.add(arguments(line));
        }
      }
    }
    return commandLines;
  }

  /** Asserts {@code arguments} parse on {@code line}, naming the command line when not. */
  public static ParseResult parse(CommandLine line, List<String> arguments) {
    try {
      return line.parseArgs(arguments.toArray(String[]::new));
    } catch (CommandLine.ParameterException e) {
      throw new AssertionError(
          "`redsink " + String.join(" ", arguments) + "` does not parse: " + e.getMessage(), e);
    }
  }

  private static String name(ArgSpec arg) {
    return arg instanceof OptionSpec option ? option.longestName() : arg.paramLabel();
  }

  private static ParseResult deepest(ParseResult parsed) {
    return parsed.hasSubcommand() ? deepest(parsed.subcommand()) : parsed;
  }

  /** The arguments of "[./]redsink ARGS [# comment | & … | ; … | > …]". */
  private static List<String> arguments(String line) {
    List<String> words = List.of(line.strip().split("\\s+"));
    List<String> arguments = new ArrayList<>();
    for (String word : words.subList(1, words.size())) {
      if (Stream.of("#", "&", ";", "|", "<", ">", "2>").anyMatch(word::startsWith)) {
        break;
      }
      arguments.add(word);
    }
    return arguments;
  }

  private static List<Path> documents() {
    try (Stream<Path> docs = Files.list(DOC.getParent())) {
      return Stream.concat(
              Stream.of(README), docs.filter(p -> p.toString().endsWith(".md")).sorted())
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String read(Path file) {
    try {
      return Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void write(Path file, String text) {
    try {
      Files.writeString(file, text, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
