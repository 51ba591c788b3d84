package dev.redsink.core.sql;

import java.util.Arrays;
import java.util.List;

/** SQL text with {@code ?} placeholders and the values to bind to them, in order. */
public record SqlStatement(String text, List<Object> parameters) {

  public SqlStatement {
    parameters = List.copyOf(parameters);
  }

  /** A statement with the given parameters (none may be null). */
  public static SqlStatement of(String text, Object... parameters) {
    return new SqlStatement(text, Arrays.asList(parameters));
  }
}
