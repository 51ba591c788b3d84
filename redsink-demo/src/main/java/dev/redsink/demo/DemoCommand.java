package dev.redsink.demo;

import dev.redsink.cli.ExitCodes;
import dev.redsink.cli.FailureReport;
import dev.redsink.cli.StopSignal;
import dev.redsink.cli.connector.ConnectorFile;
import dev.redsink.cli.connector.ConnectorFileReader;
import dev.redsink.cli.connector.EnvOverrides;
import dev.redsink.cli.run.LoadStats;
import dev.redsink.cli.run.MetricsEndpoint;
import dev.redsink.cli.run.Pipeline;
import dev.redsink.cli.run.ProgressBar;
import dev.redsink.core.config.Secret;
import dev.redsink.emulator.RedshiftEmulator;
import dev.redsink.emulator.kafka.EmbeddedKafka;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code redsink demo}: the Quick start on embedded defaults — the emulator, a Kafka broker, sample
 * order events, the connector with a live progress bar, then counts and a sample query.
 */
@Command(
    name = "demo",
    mixinStandardHelpOptions = true,
    description =
        "Loads sample orders from an embedded Kafka broker into the Redshift emulator and shows"
            + " the result, then runs on for you to explore with psql until Ctrl-C.",
    footerHeading = "%nExample:%n",
    footer = "  redsink demo --exit --records 20000")
final class DemoCommand implements Callable<Integer> {
  private final StopSignal stop;

  private static final Duration DRAW_EVERY = Duration.ofMillis(250);

  @Spec private CommandSpec spec;

  @Option(
      names = "--records",
      paramLabel = "N",
      defaultValue = "100000",
      description = "Sample order events to produce. Default: ${DEFAULT-VALUE}.")
  private long records;

  @Option(
      names = "--exit",
      description = "Stop right after showing the result. Default: run on until Ctrl-C.")
  private boolean exit;

  @Option(
      names = "--port",
      paramLabel = "PORT",
      defaultValue = "0",
      description =
          "Redshift (PostgreSQL protocol) port on 127.0.0.1; 0 picks a free one."
              + " Default: ${DEFAULT-VALUE}.")
  private int port;

  @Option(
      names = "--http-port",
      paramLabel = "PORT",
      defaultValue = "0",
      description =
          "Port of /metrics and /health on 127.0.0.1; 0 picks a free one. Default: ${DEFAULT-VALUE}.")
  private int httpPort;

  @Option(
      names = "--s3-port",
      paramLabel = "PORT",
      defaultValue = "0",
      description = "S3 endpoint port on 127.0.0.1; 0 picks a free one. Default: ${DEFAULT-VALUE}.")
  private int s3Port;

  DemoCommand(StopSignal stop) {
    this.stop = stop;
  }

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    long t0 = System.nanoTime();
    step(out, "Starting the Redshift emulator (Redshift + S3)");
    try (LocalRedshift redshift = LocalRedshift.start(port, s3Port, stop)) {
      done(out, t0);
      RedshiftEmulator emulator = redshift.emulator();
      long t1 = System.nanoTime();
      step(out, "Starting an embedded Kafka broker");
      try (EmbeddedKafka kafka = EmbeddedKafka.start()) {
        done(out, t1);
        kafka.createTopics(OrderEvents.TOPICS, 2);
        long t2 = System.nanoTime();
        step(
            out,
            String.format(
                Locale.ROOT,
                "Producing %,d sample order events to %s",
                records,
                OrderEvents.TOPICS));
        OrderEvents.produce(kafka.bootstrapServers(), records, 42);
        done(out, t2);
        ConnectorFile connector = connector(emulator);
        out.println(
            "Running the Quick start connector (pattern 'orders\\..*', target_table '"
                + QuickStart.TARGET_TABLE
                + "'):");
        out.flush();
        Properties properties = new Properties();
        properties.put("bootstrap.servers", kafka.bootstrapServers());
        try (Pipeline pipeline = Pipeline.start(List.of(connector), properties);
            MetricsEndpoint metrics =
                MetricsEndpoint.start(
                    "127.0.0.1", httpPort, pipeline.stats(), Duration.ofMinutes(2))) {
          if (!loadAll(pipeline, out, stop)) {
            return pipeline.failure().isPresent() ? fail(pipeline) : ExitCodes.OK;
          }
          report(emulator, out);
          MetricsSummary.print(pipeline.stats(), metrics, out);
          if (!exit) {
            explore(emulator, out);
            while (!stop.isRequested() && !pipeline.ended()) {
              stop.await(Duration.ofSeconds(1));
            }
            if (pipeline.failure().isPresent()) {
              return fail(pipeline);
            }
          }
          out.println("Stopping the demo.");
          out.flush();
        }
      }
    }
    return ExitCodes.OK;
  }

  /** Draws the progress bar until every record is loaded; false when stopped or failed first. */
  private boolean loadAll(Pipeline pipeline, PrintWriter out, StopSignal stop)
      throws InterruptedException {
    ProgressBar bar = new ProgressBar(out, pipeline.stats(), records);
    long started = System.nanoTime();
    while (processed(pipeline) < records) {
      if (stop.isRequested() || pipeline.ended()) {
        bar.finish();
        return false;
      }
      bar.draw();
      stop.await(DRAW_EVERY);
    }
    bar.finish();
    long loads = pipeline.stats().stream().mapToLong(LoadStats::loads).sum();
    long bytes = pipeline.stats().stream().mapToLong(LoadStats::bytes).sum();
    double seconds = (System.nanoTime() - started) / 1e9;
    out.printf(
        Locale.ROOT,
        "Loaded %,d records (%.1f MB) in %,d load%s in %.1f s: %,.0f records/s, %.1f MB/s.%n",
        processed(pipeline),
        bytes / 1e6,
        loads,
        loads == 1 ? "" : "s",
        seconds,
        processed(pipeline) / seconds,
        bytes / 1e6 / seconds);
    return true;
  }

  private static long processed(Pipeline pipeline) {
    return pipeline.stats().stream().mapToLong(s -> s.records() + s.skipped()).sum();
  }

  private ConnectorFile connector(RedshiftEmulator emulator) throws java.io.IOException {
    Path dir = Files.createTempDirectory("redsink-demo-");
    dir.toFile().deleteOnExit();
    Path file = dir.resolve("orders.toml");
    Files.writeString(file, QuickStart.connectorFile(emulator, 1000));
    file.toFile().deleteOnExit();
    return new ConnectorFileReader(new EnvOverrides(Map.of())).read(file);
  }

  private static void report(RedshiftEmulator emulator, PrintWriter out) throws SQLException {
    try (Connection c =
        DriverManager.getConnection(emulator.jdbcUrl(), emulator.user(), emulator.password())) {
      out.println();
      out.println("Rows per table:");
      for (String topic : OrderEvents.TOPICS) {
        String table = QuickStart.tableOf(topic);
        out.printf(Locale.ROOT, "  %-12s %,10d%n", table, count(c, table));
      }
      String sample = SampleQueries.ORDERS_PER_PARTITION;
      out.println();
      out.println("Sample query:");
      out.println("  " + sample + ";");
      print(c, sample, out);
      String rows = SampleQueries.FIRST_ORDERS;
      out.println("  " + rows + ";");
      print(c, rows, out);
      out.println("SUPER query (the payloads are JSON; JSON_PARSE makes them SUPER):");
      out.println("  " + SuperQuery.TOP_PRODUCTS + ";");
      print(c, SuperQuery.TOP_PRODUCTS, out);
    }
    out.flush();
  }

  private static long count(Connection c, String table) throws SQLException {
    try (ResultSet rs = c.createStatement().executeQuery(SampleQueries.count(table))) {
      rs.next();
      return rs.getLong(1);
    }
  }

  private static void print(Connection c, String sql, PrintWriter out) throws SQLException {
    try (ResultSet rs = c.createStatement().executeQuery(sql)) {
      ResultSetMetaData meta = rs.getMetaData();
      StringBuilder header = new StringBuilder("    ");
      for (int i = 1; i <= meta.getColumnCount(); i++) {
        header.append(i > 1 ? " | " : "").append(meta.getColumnLabel(i));
      }
      out.println(header);
      while (rs.next()) {
        StringBuilder row = new StringBuilder("    ");
        for (int i = 1; i <= meta.getColumnCount(); i++) {
          row.append(i > 1 ? " | " : "").append(rs.getString(i));
        }
        out.println(row);
      }
      out.println();
    }
  }

  private static void explore(RedshiftEmulator emulator, PrintWriter out) {
    out.println("Explore while the connector keeps running (new events are loaded as they come):");
    out.println("  psql:     psql " + emulator.postgresUrl());
    out.println("  JDBC URL: " + emulator.jdbcUrl());
    out.println(
        "  user:     "
            + emulator.user()
            + ", password "
            + Secret.MASK
            + " (the emulator's default, see docs/emulator.md)");
    out.println("Stop with Ctrl-C.");
    out.flush();
  }

  private int fail(Pipeline pipeline) {
    spec.commandLine()
        .getErr()
        .println("redsink: " + FailureReport.describe(pipeline.failure().orElseThrow()));
    return ExitCodes.FAILED;
  }

  private static void step(PrintWriter out, String what) {
    out.print(what + " ... ");
    out.flush();
  }

  private static void done(PrintWriter out, long startedNanos) {
    out.printf(Locale.ROOT, "done in %.1f s%n", (System.nanoTime() - startedNanos) / 1e9);
    out.flush();
  }
}
