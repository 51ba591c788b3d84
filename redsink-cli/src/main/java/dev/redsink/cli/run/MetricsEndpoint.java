package dev.redsink.cli.run;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.ToLongFunction;

/** {@code /metrics} (Prometheus text format) and {@code /health} on an optional HTTP port. */
public final class MetricsEndpoint implements AutoCloseable {
  private final HttpServer server;
  private final List<LoadStats> stats;

  private MetricsEndpoint(HttpServer server, List<LoadStats> stats) {
    this.server = server;
    this.stats = List.copyOf(stats);
  }

  public static MetricsEndpoint start(int port, List<LoadStats> stats) throws IOException {
    HttpServer server = HttpServer.create(new InetSocketAddress(port), 0);
    MetricsEndpoint endpoint = new MetricsEndpoint(server, stats);
    server.createContext("/metrics", e -> endpoint.reply(e, 200, endpoint.metrics()));
    server.createContext(
        "/health",
        e -> {
          boolean healthy = endpoint.stats.stream().allMatch(LoadStats::healthy);
          endpoint.reply(e, healthy ? 200 : 503, healthy ? "ok\n" : "failed\n");
        });
    server.start();
    return endpoint;
  }

  public int port() {
    return server.getAddress().getPort();
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
