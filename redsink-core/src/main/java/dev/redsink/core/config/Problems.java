package dev.redsink.core.config;

import java.util.ArrayList;
import java.util.List;

/** Collects the problems (fatal) and warnings found while parsing a configuration, in order. */
public final class Problems {
  private final List<String> problems = new ArrayList<>();
  private final List<String> warnings = new ArrayList<>();

  /** A problem with a key: the message should say what is wrong and how to fix it. */
  public void problem(String key, String message) {
    problems.add(key + ": " + message);
  }

  /** Something accepted with a fallback that a person should know about. */
  public void warning(String key, String message) {
    warnings.add(key + ": " + message);
  }

  public List<String> problems() {
    return List.copyOf(problems);
  }

  public List<String> warnings() {
    return List.copyOf(warnings);
  }
}
