package dev.redsink.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The Grafana dashboard in docs/, checked against a real scrape of {@code /metrics}. */
final class GrafanaDashboard {
  static final Path FILE = Path.of("..", "docs", "grafana", "redsink-dashboard.json");

  private static final Pattern METRIC = Pattern.compile("redsink_[a-z_]+");

  private GrafanaDashboard() {}

  /** Every expression of every panel. */
  static List<String> queries() {
    try {
      JsonNode dashboard = new ObjectMapper().readTree(FILE.toFile());
      List<String> queries = new ArrayList<>();
      for (JsonNode panel : dashboard.path("panels")) {
        for (JsonNode target : panel.path("targets")) {
          queries.add(target.path("expr").asText());
        }
      }
      return queries;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Each query's metrics have series in the scrape, carrying every label the query groups by
   * ({@code sum by (table) (…)}).
   */
  static void assertEveryQueryFindsItsSeries(String scrape) {
    List<String> queries = queries();
    assertThat(queries).as("queries of " + FILE).hasSizeGreaterThan(10);
    for (String query : queries) {
      Matcher metrics = METRIC.matcher(query);
      List<String> names = new ArrayList<>();
      while (metrics.find()) {
        names.add(metrics.group());
      }
      assertThat(names).as("metrics of " + query).isNotEmpty();
      for (String name : names) {
        List<String> series = scrape.lines().filter(l -> l.startsWith(name + "{")).toList();
        assertThat(series).as(query + ": series of " + name + " in the scrape").isNotEmpty();
        Matcher by = Pattern.compile("by \\(([^)]*)\\)").matcher(query);
        while (by.find()) {
          for (String label : Arrays.stream(by.group(1).split(",")).map(String::trim).toList()) {
            assertThat(series)
                .as(query + ": " + name + " carries the label " + label)
                .allMatch(l -> l.contains(label + "=\""));
          }
        }
      }
    }
  }
}
