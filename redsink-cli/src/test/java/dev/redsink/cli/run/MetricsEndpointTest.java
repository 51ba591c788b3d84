package dev.redsink.cli.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redsink.core.error.TransientException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
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

      stats.loaded(10, 10, 0);
      assertThat(get(endpoint, "/health").statusCode()).isEqualTo(200);
      assertThat(get(endpoint, "/metrics").body())
          .contains("redsink_failing_seconds{connector=\"orders\"} 0");
    }
  }
}
