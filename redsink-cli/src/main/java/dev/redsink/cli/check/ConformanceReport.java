package dev.redsink.cli.check;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.redsink.core.ConformanceItem;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Prints conformance items as they come — {@code ✓ name}, or {@code ✗ name} with the statement,
 * what was expected and what the cluster answered — then a summary, and writes them all as JSON for
 * a bug report.
 */
public final class ConformanceReport {
  private final PrintWriter out;
  private final List<Map<String, Object>> runs = new ArrayList<>();
  private int passed;
  private int failed;
  private int skipped;

  public ConformanceReport(PrintWriter out) {
    this.out = out;
  }

  /** One item, as soon as it is known. */
  public void print(ConformanceItem item) {
    switch (item.status()) {
      case PASSED -> {
        passed++;
        out.println("  ✓ " + item.name());
      }
      case FAILED -> {
        failed++;
        out.println("  ✗ " + item.name());
        out.println("      statement: " + indented(item.statement()));
        out.println("      expected:  " + indented(item.expected()));
        out.println("      answered:  " + indented(item.answered()));
      }
      case SKIPPED -> {
        skipped++;
        out.println("  - " + item.name() + " — skipped: " + item.answered());
      }
    }
    out.flush();
  }

  /** A value's later lines under its first, past the label. */
  private static String indented(String value) {
    return value.replace("\n", "\n                 ");
  }

  /** Keeps a connector's items for {@link #writeJson}. */
  public void add(String connector, String schema, List<ConformanceItem> items) {
    Map<String, Object> run = new LinkedHashMap<>();
    run.put("connector", connector);
    run.put("schema", schema);
    List<Map<String, String>> listed = new ArrayList<>();
    for (ConformanceItem item : items) {
      Map<String, String> one = new LinkedHashMap<>();
      one.put("name", item.name());
      one.put("status", item.status().name().toLowerCase(java.util.Locale.ROOT));
      one.put("statement", item.statement());
      one.put("expected", item.expected());
      one.put("answered", item.answered());
      listed.add(one);
    }
    run.put("items", listed);
    runs.add(run);
  }

  /** The summary line. */
  public String summary() {
    int total = passed + failed + skipped;
    if (failed > 0) {
      return failed + " of " + total + " conformance items failed.";
    }
    return skipped == 0
        ? "All " + total + " conformance items passed."
        : passed + " of " + total + " conformance items passed, " + skipped + " skipped.";
  }

  public boolean anyFailed() {
    return failed > 0;
  }

  /** Every item of every connector: name, status, statement, expected, answered. */
  public void writeJson(Path file) {
    try {
      new ObjectMapper()
          .enable(SerializationFeature.INDENT_OUTPUT)
          .writeValue(file.toFile(), Map.of("runs", runs));
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write " + file + ": " + e.getMessage(), e);
    }
  }
}
