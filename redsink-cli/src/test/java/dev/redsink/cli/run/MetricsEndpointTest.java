package dev.redsink.cli.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redsink.core.error.TransientException;
import dev.redsink.core.record.LoadResult;
import dev.redsink.core.record.Record;
import dev.redsink.core.record.TopicPartition;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The endpoint over real HTTP: where it listens, and /health while loads retry. */
class MetricsEndpointTest {
  private final HttpClient http = HttpClient.newHttpClient();

  private HttpResponse<String> get(MetricsEndpoint endpoint, String path) throws Exception {
    return http.send(
        HttpRequest.newBuilder(URI.create("http://" + endpoint.address() + path)).build(),
        HttpResponse.BodyHandlers.ofString());
  }

  @Test
  void listensOnTheLoopbackByDefaultAndSaysWhere() throws Exception {
    try (MetricsEndpoint endpoint =
        MetricsEndpoint.start("127.0.0.1", 0, List.of(new LoadStats("c")), Duration.ofMinutes(2))) {
      assertThat(endpoint.address()).isEqualTo("127.0.0.1:" + endpoint.port());
      assertThat(endpoint.everyInterface()).isFalse();
      assertThat(get(endpoint, "/health").body()).isEqualTo("ok\n");
    }
    try (MetricsEndpoint endpoint =
        MetricsEndpoint.start("0.0.0.0", 0, List.of(new LoadStats("c")), Duration.ofMinutes(2))) {
      assertThat(endpoint.everyInterface()).isTrue();
    }
  }

  @Test
  void healthIs503WhileLoadsHaveFailedLongerThanTheLimitAnd200OnceOneCommits() throws Exception {
    LoadStats stats = new LoadStats("orders");
    try (MetricsEndpoint endpoint =
            MetricsEndpoint.start("127.0.0.1", 0, List.of(stats), Duration.ZERO);
        MetricsEndpoint patient =
            MetricsEndpoint.start("127.0.0.1", 0, List.of(stats), Duration.ofHours(1))) {
      stats.loadFailed(new TransientException("Cannot connect to Redshift: connection refused"));
      HttpResponse<String> retrying = get(endpoint, "/health");
      assertThat(retrying.statusCode()).isEqualTo(503);
      assertThat(retrying.body())
          .startsWith("retrying: connector orders has committed no load for ")
          .contains("Cannot connect to Redshift: connection refused");
      assertThat(get(patient, "/health").statusCode()).as("within the limit").isEqualTo(200);
      assertThat(get(endpoint, "/metrics").body())
          .contains("redsink_failing_seconds{connector=\"orders\"}")
          .contains("redsink_load_retries_total{connector=\"orders\"} 1");

      stats.loaded(10, 10, 0, 10);
      assertThat(get(endpoint, "/health").statusCode()).isEqualTo(200);
      assertThat(get(endpoint, "/metrics").body())
          .contains("redsink_failing_seconds{connector=\"orders\"} 0");
    }
  }

  /**
   * Ten changes of three keys, two of them loaded before: eight records, three rows; and one record
   * the session skipped on arrival, the ledger covering it.
   */
  @Test
  void recordsLoadedCountsRecordsOnceWhateverRowsTheyMade() throws Exception {
    LoadStats stats = new LoadStats("orders");
    stats.loaded(10, 3, 2, 8);
    stats.skippedAlreadyLoaded();
    try (MetricsEndpoint endpoint =
        MetricsEndpoint.start("127.0.0.1", 0, List.of(stats), Duration.ofMinutes(2))) {
      assertThat(get(endpoint, "/metrics").body())
          .contains("redsink_records_received_total{connector=\"orders\"} 10\n")
          .contains("redsink_records_loaded_total{connector=\"orders\"} 8\n")
          .contains("redsink_records_skipped_total{connector=\"orders\"} 3\n");
    }
    assertThat(stats.records()).isEqualTo(8);
    assertThat(stats.loaded()).as("rows").isEqualTo(3);
  }

  @Test
  void figuresPerTableAndPartitionInPrometheusConventions() throws Exception {
    LoadStats stats = new LoadStats("orders", topic -> "orders_" + topic.substring(7));
    long now = System.currentTimeMillis();
    List<Record> records =
        List.of(
            new Record("orders.eu", 0, 10, now - 3_000, null, List.of(), new byte[100]),
            new Record("orders.eu", 0, 11, now - 3_000, null, List.of(), new byte[100]),
            new Record("orders.eu", 1, 5, now - 40_000, null, List.of(), new byte[50]));
    LoadResult.TableLoad load =
        new LoadResult.TableLoad(
            "orders_eu",
            3,
            250,
            1,
            180,
            1,
            Duration.ofMillis(200),
            Duration.ofMillis(150),
            Duration.ofMillis(50),
            Duration.ofMillis(700),
            Duration.ZERO,
            Duration.ofMillis(100));
    stats.loaded(
        new LoadResult(
            3,
            0,
            3,
            List.of(load),
            Map.of(new TopicPartition("orders.eu", 0), 12L, new TopicPartition("orders.eu", 1), 6L),
            Map.of(new TopicPartition("orders.eu", 0), 2, new TopicPartition("orders.eu", 1), 1)),
        records);
    stats.figures().logEnd(new TopicPartition("orders.eu", 0), 20);

    try (MetricsEndpoint endpoint =
        MetricsEndpoint.start("127.0.0.1", 0, List.of(stats), Duration.ofMinutes(2))) {
      String body = get(endpoint, "/metrics").body();
      String table = "connector=\"orders\",table=\"orders_eu\"";
      String p0 = table + ",topic=\"orders.eu\",partition=\"0\"";
      String p1 = table + ",topic=\"orders.eu\",partition=\"1\"";
      assertThat(body)
          .contains("# TYPE redsink_table_rows_loaded_total counter\n")
          .contains("redsink_table_rows_loaded_total{" + table + "} 3\n")
          .contains("redsink_table_loaded_bytes_total{" + table + "} 250\n")
          .contains("redsink_table_staged_bytes_total{" + table + "} 180\n")
          .contains("redsink_table_loads_total{" + table + "} 1\n")
          .containsPattern(
              "redsink_table_last_load_timestamp_seconds\\{"
                  + table.replace("\"", "\\\"")
                  + "\\} 1\\d{9}")
          .contains("# TYPE redsink_table_load_duration_seconds histogram\n")
          .contains("redsink_table_load_duration_seconds_bucket{" + table + ",le=\"0.5\"} 0\n")
          .contains("redsink_table_load_duration_seconds_bucket{" + table + ",le=\"1\"} 1\n")
          .contains("redsink_table_load_duration_seconds_bucket{" + table + ",le=\"+Inf\"} 1\n")
          .contains("redsink_table_load_duration_seconds_count{" + table + "} 1\n")
          .contains("redsink_table_freshness_seconds_bucket{" + table + ",le=\"2.5\"} 0\n")
          .contains("redsink_table_freshness_seconds_bucket{" + table + ",le=\"5\"} 2\n")
          .contains("redsink_table_freshness_seconds_bucket{" + table + ",le=\"60\"} 3\n")
          .contains("redsink_table_freshness_seconds_count{" + table + "} 3\n")
          .contains("redsink_partition_records_loaded_total{" + p0 + "} 2\n")
          .contains("redsink_partition_records_loaded_total{" + p1 + "} 1\n")
          .contains("redsink_partition_ledger_offset{" + p0 + "} 12\n")
          .contains("redsink_partition_log_end_offset{" + p0 + "} 20\n")
          .contains("redsink_partition_lag_records{" + p0 + "} 8\n")
          .doesNotContain("redsink_partition_lag_records{" + p1 + "}")
          .contains("redsink_assigned_partitions{connector=\"orders\"} 2\n")
          .contains("redsink_consumer_lag{connector=\"orders\"} 0\n")
          .doesNotContain(" -1\n");
    }
  }
}
