package dev.redsink.cli.connector;

import java.nio.file.Path;
import java.util.List;

/** A connector file cannot be used; lists every problem at once, each naming its entry. */
public final class ConnectorFileException extends RuntimeException {
  private final List<String> problems;

  public ConnectorFileException(Path file, List<String> problems) {
    super(render(file, problems));
    this.problems = List.copyOf(problems);
  }

  public List<String> problems() {
    return problems;
  }

  private static String render(Path file, List<String> problems) {
    StringBuilder text =
        new StringBuilder("Cannot read connector file ")
            .append(file)
            .append(": ")
            .append(problems.size())
            .append(problems.size() == 1 ? " problem" : " problems");
    problems.forEach(p -> text.append("\n  - ").append(p));
    return text.toString();
  }
}
