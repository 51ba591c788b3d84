package dev.redsink.core.table;

import dev.redsink.core.error.InvalidConfigException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A target_table template such as {@code orders_{topic_segment[-1]}}: literal text with {@code
 * {topic}} and {@code {topic_segment[n]}} placeholders (segments split on '.', negative n counts
 * from the end), resolved per topic to a table name used verbatim.
 */
public final class TableTemplate {
  private static final Pattern PLACEHOLDER = Pattern.compile("\\{([^{}]*)}");
  private static final Pattern SEGMENT = Pattern.compile("topic_segment\\[(-?\\d{1,4})]");

  private final String template;
  private final List<Part> parts;

  private sealed interface Part permits Literal, WholeTopic, Segment {}

  private record Literal(String text) implements Part {}

  private record WholeTopic() implements Part {}

  private record Segment(int index) implements Part {}

  private TableTemplate(String template, List<Part> parts) {
    this.template = template;
    this.parts = List.copyOf(parts);
  }

  /**
   * Parses a template, or returns the reason it is invalid (for the configuration's problem list).
   */
  public static Result parse(String template) {
    List<Part> parts = new ArrayList<>();
    Matcher m = PLACEHOLDER.matcher(template);
    int last = 0;
    while (m.find()) {
      parts.add(new Literal(template.substring(last, m.start())));
      String inside = m.group(1);
      Matcher segment = SEGMENT.matcher(inside);
      if (inside.equals("topic")) {
        parts.add(new WholeTopic());
      } else if (segment.matches()) {
        parts.add(new Segment(Integer.parseInt(segment.group(1))));
      } else {
        return new Result(
            null,
            "unknown placeholder '{"
                + inside
                + "}' in '"
                + template
                + "'; use {topic} or {topic_segment[n]}");
      }
      last = m.end();
    }
    String tail = template.substring(last);
    String literals = joinedLiterals(parts) + tail;
    if (literals.indexOf('{') >= 0 || literals.indexOf('}') >= 0) {
      return new Result(null, "unbalanced '{' or '}' in '" + template + "'");
    }
    parts.add(new Literal(tail));
    parts.removeIf(p -> p instanceof Literal l && l.text().isEmpty());
    if (parts.isEmpty()) {
      return new Result(null, "the template is empty; set a table name such as orders_{topic}");
    }
    TableTemplate parsed = new TableTemplate(template, parts);
    if (!parsed.hasPlaceholders()) {
      Optional<String> tooLong = lengthProblem(template);
      if (tooLong.isPresent()) {
        return new Result(null, tooLong.get());
      }
    }
    return new Result(parsed, null);
  }

  /** The outcome of {@link #parse}: a template, or the reason there is none. */
  public record Result(TableTemplate template, String problem) {
    public Optional<TableTemplate> value() {
      return Optional.ofNullable(template);
    }
  }

  /** Parses a template known to be valid, throwing {@link InvalidConfigException} otherwise. */
  public static TableTemplate of(String template) {
    Result result = parse(template);
    if (result.template() == null) {
      throw new InvalidConfigException(List.of("target_table: " + result.problem()));
    }
    return result.template();
  }

  /**
   * A warning when the configured text itself has a dot, as in {@code analytics.orders}: the dot is
   * part of one table's name (in the target schema), which is rarely what was meant.
   */
  public Optional<String> dotWarning() {
    boolean dot = parts.stream().anyMatch(p -> p instanceof Literal l && l.text().contains("."));
    if (!dot) {
      return Optional.empty();
    }
    int at = template.indexOf('.');
    return Optional.of(
        "target_table \""
            + template
            + "\" has a dot of its own: it names tables with the dot in their name, in the target"
            + " schema, not a schema and a table. For a table in schema \""
            + template.substring(0, at)
            + "\", set target_schema = \""
            + template.substring(0, at)
            + "\" and target_table = \""
            + template.substring(at + 1)
            + "\"");
  }

  /** Whether the table name depends on the topic. */
  public boolean hasPlaceholders() {
    return parts.stream().anyMatch(p -> !(p instanceof Literal));
  }

  /**
   * The table name for a topic. Throws {@link InvalidConfigException} naming template and topic
   * when a segment is out of range or the name is empty or longer than Redshift's 127 bytes.
   */
  public String resolve(String topic) {
    String[] segments = topic.split("\\.", -1);
    StringBuilder name = new StringBuilder();
    for (Part part : parts) {
      if (part instanceof Literal l) {
        name.append(l.text());
      } else if (part instanceof WholeTopic) {
        name.append(topic);
      } else if (part instanceof Segment s) {
        int index = s.index() < 0 ? segments.length + s.index() : s.index();
        if (index < 0 || index >= segments.length) {
          throw failure(
              topic,
              "topic_segment["
                  + s.index()
                  + "] is out of range: the topic has "
                  + segments.length
                  + (segments.length == 1 ? " segment" : " segments")
                  + " (valid n: 0.."
                  + (segments.length - 1)
                  + " or -"
                  + segments.length
                  + "..-1)");
        }
        name.append(segments[index]);
      }
    }
    String resolved = name.toString();
    if (resolved.isEmpty()) {
      throw failure(topic, "the resolved table name is empty");
    }
    lengthProblem(resolved)
        .ifPresent(
            p -> {
              throw failure(topic, p);
            });
    return resolved;
  }

  private InvalidConfigException failure(String topic, String reason) {
    return new InvalidConfigException(
        List.of(
            "target_table: Cannot resolve template '"
                + template
                + "' for topic '"
                + topic
                + "': "
                + reason));
  }

  private static Optional<String> lengthProblem(String name) {
    int bytes = TableName.utf8Length(name);
    if (bytes > TableName.MAX_IDENTIFIER_BYTES) {
      return Optional.of(
          "the table name '"
              + name
              + "' is "
              + bytes
              + " bytes in UTF-8; Redshift allows "
              + TableName.MAX_IDENTIFIER_BYTES
              + " and would truncate it silently, so shorten the template");
    }
    return Optional.empty();
  }

  private static String joinedLiterals(List<Part> parts) {
    StringBuilder text = new StringBuilder();
    parts.forEach(p -> text.append(p instanceof Literal l ? l.text() : ""));
    return text.toString();
  }

  @Override
  public String toString() {
    return template;
  }
}
