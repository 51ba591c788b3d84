package dev.redsink.core.error;

import java.util.List;

/** The configuration has one or more problems; every problem is reported at once. */
public class InvalidConfigException extends RedsinkException {
  private final List<String> problems;

  public InvalidConfigException(List<String> problems) {
    super(ErrorCategory.INVALID_CONFIG, render(problems));
    this.problems = List.copyOf(problems);
  }

  /** Each problem, naming its key and the fix. */
  public List<String> problems() {
    return problems;
  }

  private static String render(List<String> problems) {
    StringBuilder text =
        new StringBuilder("Cannot open the sink: the configuration has ")
            .append(problems.size())
            .append(problems.size() == 1 ? " problem" : " problems");
    for (String problem : problems) {
      text.append("\n  - ").append(problem);
    }
    return text.toString();
  }
}
