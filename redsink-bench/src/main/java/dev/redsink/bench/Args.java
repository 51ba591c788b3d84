package dev.redsink.bench;

import java.util.HashMap;
import java.util.Map;

/** {@code --name=value} command-line options of the benchmark mains, with defaults. */
final class Args {
  private final Map<String, String> values = new HashMap<>();

  Args(String[] args) {
    for (String arg : args) {
      if (!arg.startsWith("--") || !arg.contains("=")) {
        throw new IllegalArgumentException("Cannot read argument " + arg + ": use --name=value");
      }
      int eq = arg.indexOf('=');
      values.put(arg.substring(2, eq), arg.substring(eq + 1));
    }
  }

  int integer(String name, int defaultValue) {
    String v = values.get(name);
    return v == null ? defaultValue : Integer.parseInt(v.replace("_", ""));
  }

  long longValue(String name, long defaultValue) {
    String v = values.get(name);
    return v == null ? defaultValue : Long.parseLong(v.replace("_", ""));
  }

  String string(String name, String defaultValue) {
    return values.getOrDefault(name, defaultValue);
  }
}
