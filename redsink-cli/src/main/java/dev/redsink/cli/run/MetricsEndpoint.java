package dev.redsink.cli.run;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.redsink.core.metrics.PartitionFigures;
import dev.redsink.core.metrics.TableFigures;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiConsumer;
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
    PrometheusText text = new PrometheusText();
    connectorFigures(text);
    tableFigures(text);
    partitionFigures(text);
    return text.toString();
  }

  private void connectorFigures(PrometheusText text) {
    counter(
        text,
        "redsink_records_received_total",
        "Records handed to the engine",
        LoadStats::received);
    counter(
        text, "redsink_records_loaded_total", "Records committed to Redshift", LoadStats::records);
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
    counter(
        text,
        "redsink_bad_records_total",
        "Records refused as bad (redsink run and load stop on the first, naming it)",
        s -> s.figures().badRecords());
    gauge(
        text,
        "redsink_consumer_lag",
        "Records behind the end of the assigned partitions, those buffered included; 0 while"
            + " none is assigned (see redsink_assigned_partitions)",
        s -> Math.max(0, s.lag()));
    gauge(
        text,
        "redsink_assigned_partitions",
        "Partitions the consumer group has assigned to this process",
        s -> s.figures().partitions().size());
    gauge(
        text,
        "redsink_buffered_records",
        "Records buffered for the next load",
        LoadStats::bufferedRecords);
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
  }

  private void tableFigures(PrometheusText text) {
    tableCounter(text, "redsink_table_rows_loaded_total", "Rows loads wrote", TableFigures::rows);
    tableCounter(
        text,
        "redsink_table_loaded_bytes_total",
        "Key, value and header bytes of the records loads staged",
        TableFigures::recordBytes);
    tableCounter(
        text,
        "redsink_table_staged_bytes_total",
        "Parquet bytes loads staged in S3",
        TableFigures::stagedBytes);
    tableCounter(
        text,
        "redsink_table_staged_files_total",
        "Parquet files loads staged",
        TableFigures::files);
    tableCounter(text, "redsink_table_loads_total", "Loads committed", TableFigures::loads);
    text.family(
        "redsink_table_last_load_timestamp_seconds",
        "gauge",
        "When the table's last load committed, in seconds since the epoch");
    tables(
        (labels, t) -> {
          if (t.lastLoadMillis() > 0) {
            text.sample(
                "redsink_table_last_load_timestamp_seconds", labels, t.lastLoadMillis() / 1000.0);
          }
        });
    text.family(
        "redsink_table_load_duration_seconds",
        "histogram",
        "Each load's time from encoding its first file to its commit");
    tables(
        (labels, t) ->
            text.histogram("redsink_table_load_duration_seconds", labels, t.loadSeconds()));
    text.family(
        "redsink_table_freshness_seconds",
        "histogram",
        "Each record's time from its timestamp to its load's commit");
    tables(
        (labels, t) ->
            text.histogram("redsink_table_freshness_seconds", labels, t.freshnessSeconds()));
  }

  private void partitionFigures(PrometheusText text) {
    partitionGauge(
        text,
        "redsink_partition_records_loaded_total",
        "counter",
        "Records of the partition loads committed",
        PartitionFigures::records);
    partitionGauge(
        text,
        "redsink_partition_ledger_offset",
        "gauge",
        "The ledger's next offset: every record below it is in Redshift",
        PartitionFigures::ledgerOffset);
    partitionGauge(
        text,
        "redsink_partition_log_end_offset",
        "gauge",
        "The end offset of the partition's log in Kafka",
        PartitionFigures::logEndOffset);
    partitionGauge(
        text,
        "redsink_partition_lag_records",
        "gauge",
        "Records in the log the ledger does not cover yet (log end minus ledger offset)",
        PartitionFigures::lag);
    text.family(
        "redsink_partition_last_load_timestamp_seconds",
        "gauge",
        "When a load last committed records of the partition, in seconds since the epoch");
    partitions(
        (labels, p) -> {
          if (p.lastLoadMillis() > 0) {
            text.sample(
                "redsink_partition_last_load_timestamp_seconds",
                labels,
                p.lastLoadMillis() / 1000.0);
          }
        });
  }

  private void counter(
      PrometheusText text, String name, String help, ToLongFunction<LoadStats> value) {
    metric(text, name, help, "counter", value);
  }

  private void gauge(
      PrometheusText text, String name, String help, ToLongFunction<LoadStats> value) {
    metric(text, name, help, "gauge", value);
  }

  private void metric(
      PrometheusText text, String name, String help, String type, ToLongFunction<LoadStats> value) {
    text.family(name, type, help);
    for (LoadStats s : stats) {
      text.sample(name, Map.of("connector", s.connector()), value.applyAsLong(s));
    }
  }

  private void tableCounter(
      PrometheusText text, String name, String help, ToLongFunction<TableFigures> value) {
    text.family(name, "counter", help);
    tables((labels, t) -> text.sample(name, labels, value.applyAsLong(t)));
  }

  /** A partition figure, left out where it is -1 (not known yet). */
  private void partitionGauge(
      PrometheusText text,
      String name,
      String type,
      String help,
      ToLongFunction<PartitionFigures> value) {
    text.family(name, type, help);
    partitions(
        (labels, p) -> {
          long v = value.applyAsLong(p);
          if (v >= 0) {
            text.sample(name, labels, v);
          }
        });
  }

  private void tables(BiConsumer<Map<String, String>, TableFigures> each) {
    for (LoadStats s : stats) {
      s.figures()
          .tables()
          .forEach(
              (table, t) -> each.accept(labels("connector", s.connector(), "table", table), t));
    }
  }

  private void partitions(BiConsumer<Map<String, String>, PartitionFigures> each) {
    for (LoadStats s : stats) {
      s.figures()
          .partitions()
          .forEach(
              (tp, p) -> {
                Map<String, String> labels = labels("connector", s.connector(), "table", p.table());
                labels.put("topic", tp.topic());
                labels.put("partition", Integer.toString(tp.partition()));
                each.accept(labels, p);
              });
    }
  }

  private static Map<String, String> labels(String k1, String v1, String k2, String v2) {
    Map<String, String> labels = new LinkedHashMap<>();
    labels.put(k1, v1);
    labels.put(k2, v2);
    return labels;
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
