package dev.redsink.cli.run;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.ToLongFunction;

/**
 * {@code /metrics} (Prometheus text format) and {@code /health} on an optional HTTP port. Health is
 * 503 once a connector failed for good, and while its loads have failed (and been retried) for
 * {@code unhealthyAfter} or longer without one committing, so an orchestrator sees a process that
 * retries for ever.
 */
public final class MetricsEndpoint implements AutoCloseable {
  private final HttpServer server;
  private final List<LoadStats> stats;
  private final Duration unhealthyAfter;

  private MetricsEndpoint(HttpServer server, List<LoadStats> stats, Duration unhealthyAfter) {
    this.server = server;
    this.stats = List.copyOf(stats);
    this.unhealthyAfter = unhealthyAfter;
  }

  /** Serves on {@code host} ({@code 0.0.0.0} for every interface) and {@code port}. */
  public static MetricsEndpoint start(
      String host, int port, List<LoadStats> stats, Duration unhealthyAfter) throws IOException {
    HttpServer server = HttpServer.create(new InetSocketAddress(host, port), 0);
    MetricsEndpoint endpoint = new MetricsEndpoint(server, stats, unhealthyAfter);
    server.createContext("/metrics", e -> endpoint.reply(e, 200, endpoint.metrics()));
    server.createContext(
        "/health",
        e -> {
          String problem = endpoint.problem(Instant.now());
          endpoint.reply(e, problem.isEmpty() ? 200 : 503, problem.isEmpty() ? "ok\n" : problem);
        });
    server.start();
    return endpoint;
  }

  public int port() {
    return server.getAddress().getPort();
  }

  /** Where the server listens, as a URL's authority: {@code 127.0.0.1:9404}. */
  public String address() {
    InetSocketAddress a = server.getAddress();
    String host = a.getAddress().getHostAddress();
    return (host.contains(":") ? "[" + host + "]" : host) + ":" + a.getPort();
  }

  /** Whether the server listens on every interface. */
  public boolean everyInterface() {
    return server.getAddress().getAddress().isAnyLocalAddress();
  }

  /** What makes the process unhealthy at {@code now}, one line per connector; empty when none. */
  String problem(Instant now) {
    StringBuilder text = new StringBuilder();
    for (LoadStats s : stats) {
      if (!s.healthy()) {
        text.append("failed: connector ").append(s.connector()).append('\n');
        continue;
      }
      Optional<Instant> since = s.failingSince();
      if (since.isPresent() && !since.get().plus(unhealthyAfter).isAfter(now)) {
        text.append("retrying: connector ")
            .append(s.connector())
            .append(" has committed no load for ")
            .append(Duration.between(since.get(), now).toSeconds())
            .append(" s: ")
            .append(s.lastFailure())
            .append('\n');
      }
    }
    return text.toString();
  }

  String metrics() {
    StringBuilder text = new StringBuilder();
    counter(
        text,
        "redsink_records_received_total",
        "Records handed to the engine",
        LoadStats::received);
    counter(text, "redsink_records_loaded_total", "Rows committed to Redshift", LoadStats::loaded);
    counter(
        text,
        "redsink_records_skipped_total",
        "Records the ledger already covered",
        LoadStats::skipped);
    counter(text, "redsink_loads_total", "Committed loads", LoadStats::loads);
    counter(
        text,
        "redsink_load_retries_total",
        "Loads retried after a transient failure",
        LoadStats::retries);
    counter(text, "redsink_load_failures_total", "Loads that failed for good", LoadStats::failures);
    gauge(
        text,
        "redsink_consumer_lag",
        "Records behind the end of the assigned partitions; -1 while none is assigned",
        LoadStats::lag);
    gauge(
        text,
        "redsink_up",
        "1 while the connector loads, 0 after it failed",
        s -> s.healthy() ? 1 : 0);
    gauge(
        text,
        "redsink_failing_seconds",
        "Seconds every load has failed (and been retried) without one committing; 0 while loads"
            + " commit",
        s ->
            s.failingSince()
                .map(since -> Duration.between(since, Instant.now()).toSeconds())
                .orElse(0L));
    return text.toString();
  }

  private void counter(
      StringBuilder text, String name, String help, ToLongFunction<LoadStats> value) {
    metric(text, name, help, "counter", value);
  }

  private void gauge(
      StringBuilder text, String name, String help, ToLongFunction<LoadStats> value) {
    metric(text, name, help, "gauge", value);
  }

  private void metric(
      StringBuilder text, String name, String help, String type, ToLongFunction<LoadStats> value) {
    text.append("# HELP ").append(name).append(' ').append(help).append('\n');
    text.append("# TYPE ").append(name).append(' ').append(type).append('\n');
    for (LoadStats s : stats) {
      text.append(name)
          .append("{connector=\"")
          .append(s.connector().replace("\\", "\\\\").replace("\"", "\\\""))
          .append("\"} ")
          .append(value.applyAsLong(s))
          .append('\n');
    }
  }

  private void reply(HttpExchange exchange, int status, String body) throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().set("Content-Type", "text/plain; version=0.0.4; charset=utf-8");
    exchange.sendResponseHeaders(status, bytes.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(bytes);
    }
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
