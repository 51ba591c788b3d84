package dev.redsink.cli;

import dev.redsink.cli.connector.ConnectorFile;
import dev.redsink.cli.connector.ConnectorFileReader;
import dev.redsink.cli.connector.ConnectorFiles;
import dev.redsink.cli.connector.EnvOverrides;
import dev.redsink.cli.connector.KafkaEnvironment;
import dev.redsink.cli.run.LoadStats;
import dev.redsink.cli.run.MetricsEndpoint;
import dev.redsink.cli.run.Pipeline;
import dev.redsink.core.SessionSettings;
import dev.redsink.core.config.ByteSizes;
import dev.redsink.core.config.Durations;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code redsink run}: loads Kafka topics into Redshift as the connector files say, exactly once.
 */
@Command(
    name = "run",
    mixinStandardHelpOptions = true,
    description =
        "Loads the topics each connector file matches from Kafka into Redshift until SIGTERM or"
            + " Ctrl-C, which finish the load in flight and exit 0.",
    footerHeading = "%nExample:%n",
    footer = "  redsink run orders.toml --bootstrap-servers localhost:9092 --http-port 9404")
final class RunCommand implements Callable<Integer> {
  static final String BOOTSTRAP_ENV = "REDSINK_KAFKA_BOOTSTRAP_SERVERS";

  @ParentCommand private Redsink parent;

  @Spec private CommandSpec spec;

  @Parameters(
      arity = "1..*",
      paramLabel = "CONNECTOR.toml",
      description =
          "Connector files, each its own consumer group (redsink-<connector key>); those with"
              + " enabled = false are skipped.")
  private List<Path> files;

  @Option(
      names = "--bootstrap-servers",
      paramLabel = "HOST:PORT,...",
      description =
          "Kafka brokers. Default: $"
              + BOOTSTRAP_ENV
              + ", else bootstrap.servers in the connector file's [kafka] table.")
  private String bootstrapServers;

  @Option(
      names = "--kafka-property",
      paramLabel = "NAME=VALUE",
      description =
          "A Kafka consumer property; repeatable. Default: the [kafka] table and"
              + " REDSINK_KAFKA_<NAME> variables, which this overrides.")
  private Map<String, String> kafkaProperties = Map.of();

  @Option(
      names = "--http-port",
      paramLabel = "PORT",
      description =
          "Serve /metrics (Prometheus text) and /health on this port. Default: no HTTP server.")
  private Integer httpPort;

  @Option(
      names = "--http-host",
      paramLabel = "ADDRESS",
      defaultValue = "127.0.0.1",
      description =
          "Address the --http-port server listens on; 0.0.0.0 for every interface (a Prometheus"
              + " scraping a container). Default: ${DEFAULT-VALUE}, this machine only.")
  private String httpHost;

  @Option(
      names = "--unhealthy-after",
      paramLabel = "DURATION",
      defaultValue = "2m",
      description =
          "/health answers 503 once loads have failed and been retried this long without one"
              + " committing, e.g. 30s. Default: ${DEFAULT-VALUE}.")
  private String unhealthyAfter;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    List<ConnectorFile> connectors =
        ConnectorFiles.enabled(files, new ConnectorFileReader(EnvOverrides.system()), out);
    if (connectors.isEmpty()) {
      out.println("No enabled connector files; nothing to run.");
      return ExitCodes.OK;
    }
    Properties kafka = kafka(connectors, out);
    Duration unhealthy = unhealthyAfter();
    try (Pipeline pipeline = Pipeline.start(connectors, kafka);
        MetricsEndpoint metrics =
            httpPort == null
                ? null
                : MetricsEndpoint.start(httpHost, httpPort, pipeline.stats(), unhealthy)) {
      for (ConnectorFile c : connectors) {
        SessionSettings flush = SessionSettings.of(c.pluginConfig());
        out.println(
            "Running connector '"
                + c.key()
                + "' ("
                + c.source()
                + "): topics "
                + patterns(c)
                + ", polls of "
                + c.batchLength()
                + " records within "
                + c.pollInterval().toMillis()
                + " ms, loads at "
                + flush.maxRecords()
                + " records, "
                + ByteSizes.format(flush.maxBytes())
                + " or "
                + Durations.format(flush.interval())
                + ", or once caught up");
      }
      if (metrics != null) {
        out.println(
            "Metrics on http://"
                + metrics.address()
                + "/metrics, health on /health"
                + (metrics.everyInterface() ? " (listening on every interface)" : ""));
      }
      out.println("Loading; stop with Ctrl-C or SIGTERM.");
      out.flush();
      StatusLine status = new StatusLine(out, pipeline.stats());
      while (!parent.stop().isRequested() && !pipeline.ended()) {
        parent.stop().await(StatusLine.EVERY);
        status.maybePrint();
      }
      out.println("Stopping after the in-flight load ...");
      out.flush();
      pipeline.stop();
      status.print();
      if (pipeline.failure().isPresent()) {
        out.flush();
        spec.commandLine()
            .getErr()
            .println("redsink: " + FailureReport.describe(pipeline.failure().get()));
        return ExitCodes.FAILED;
      }
      out.println("Stopped cleanly.");
      return ExitCodes.OK;
    }
  }

  private Duration unhealthyAfter() {
    return Durations.parse(unhealthyAfter)
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    "Cannot read --unhealthy-after '"
                        + unhealthyAfter
                        + "' as a duration: write it like 30s, 2m or 1h"));
  }

  /**
   * The consumer properties every connector's table gives way to: REDSINK_KAFKA_* variables, then
   * --bootstrap-servers and --kafka-property.
   */
  private Properties kafka(List<ConnectorFile> connectors, PrintWriter out) {
    KafkaEnvironment environment = KafkaEnvironment.system();
    environment.notes().forEach(note -> out.println("Note: " + note));
    // REDSINK_KAFKA_BOOTSTRAP_SERVERS (BOOTSTRAP_ENV) is among the environment's properties.
    Properties kafka = environment.properties();
    if (bootstrapServers != null && !bootstrapServers.isBlank()) {
      kafka.put("bootstrap.servers", bootstrapServers);
    } else if (!kafka.containsKey("bootstrap.servers")
        && connectors.stream().anyMatch(c -> !c.kafka().containsKey("bootstrap.servers"))) {
      throw new ParameterException(
          spec.commandLine(),
          "Missing Kafka brokers: give --bootstrap-servers, set "
              + BOOTSTRAP_ENV
              + ", or add bootstrap.servers to the connector file's [kafka] table");
    }
    kafka.putAll(kafkaProperties);
    return kafka;
  }

  private static String patterns(ConnectorFile c) {
    return c.topics().stream().map(t -> "'" + t.pattern().pattern() + "'").toList().toString();
  }

  /** A status line every few seconds: loaded, skipped, loads, lag per connector. */
  static final class StatusLine {
    static final java.time.Duration EVERY = java.time.Duration.ofSeconds(1);
    private static final long PRINT_EVERY_NANOS = 10_000_000_000L;
    private final PrintWriter out;
    private final List<LoadStats> stats;
    private long printedAt = System.nanoTime();
    private long lastLoads = -1;

    StatusLine(PrintWriter out, List<LoadStats> stats) {
      this.out = out;
      this.stats = stats;
    }

    void maybePrint() {
      long loads = stats.stream().mapToLong(LoadStats::loads).sum();
      if (System.nanoTime() - printedAt >= PRINT_EVERY_NANOS && loads != lastLoads) {
        print();
      }
    }

    void print() {
      for (LoadStats s : stats) {
        out.printf(
            "[%s] %,d records loaded%s, %,d already loaded (skipped), %,d loads, lag %s%n",
            s.connector(),
            s.records(),
            s.tables().isEmpty() ? "" : " into " + String.join(", ", new TreeSet<>(s.tables())),
            s.skipped(),
            s.loads(),
            s.lag() < 0 ? "- (no partitions assigned)" : s.lag());
      }
      out.flush();
      printedAt = System.nanoTime();
      lastLoads = stats.stream().mapToLong(LoadStats::loads).sum();
    }
  }
}
