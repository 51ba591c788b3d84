package dev.redsink.cli;

import dev.redsink.cli.connector.ConnectorFile;
import dev.redsink.cli.connector.ConnectorFileReader;
import dev.redsink.cli.connector.EnvOverrides;
import dev.redsink.cli.verify.ConnectConfig;
import dev.redsink.cli.verify.FileInputs;
import dev.redsink.cli.verify.FileLog;
import dev.redsink.cli.verify.ReadProgress;
import dev.redsink.cli.verify.TopicAudit;
import dev.redsink.cli.verify.TopicLog;
import dev.redsink.cli.verify.TopicLogs;
import dev.redsink.cli.verify.ValueRebuild;
import dev.redsink.cli.verify.VerifyReport;
import dev.redsink.core.Audits;
import dev.redsink.core.SessionSettings;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.function.Predicate;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code redsink verify}: audits a connector's tables against their logs, read-only on Redshift and
 * Kafka: every record the ledger covers in the table once, nothing else; exit 0 when exact, 1 when
 * not, 2 when it could not run.
 */
@Command(
    name = "verify",
    mixinStandardHelpOptions = true,
    description =
        "Audits tables against their logs, read-only: every record the ledger covers must be in"
            + " the table once (for upsert and cdc, every key's last change), and nothing else."
            + " Exit code 0 when exact, 1 when a record is missing, duplicated or extra, 2 when the"
            + " audit could not run.",
    footerHeading = "%nExample:%n",
    footer = "  redsink verify orders.toml --bootstrap-servers localhost:9092 --json report.json")
final class VerifyCommand implements Callable<Integer> {

  @Spec private CommandSpec spec;

  @Parameters(
      arity = "0..*",
      paramLabel = "CONNECTOR.toml",
      description =
          "Connector files; each one's plugin_config names the cluster and the tables. Default:"
              + " none (then --connect-config).")
  private List<Path> files = new ArrayList<>();

  @Option(
      names = "--connect-config",
      paramLabel = "CONFIG.json",
      description =
          "A Kafka Connect connector's configuration (as given to the REST API), instead of or"
              + " beside connector files; its topics and dead letter queue are audited."
              + " Repeatable. Default: none.")
  private List<Path> connectConfigs = new ArrayList<>();

  @Option(
      names = "--topic",
      paramLabel = "TOPIC",
      description = "Audit this topic only. Default: every topic with ledger rows.")
  private String topic;

  @Option(
      names = "--partition",
      paramLabel = "N",
      description = "Audit this partition only. Default: every partition.")
  private Integer partition;

  @Option(
      names = "--bootstrap-servers",
      paramLabel = "HOST:PORT,...",
      description =
          "Kafka brokers whose logs are compared with the tables. Default: $"
              + RunCommand.BOOTSTRAP_ENV
              + ", else bootstrap.servers in the connector file's [kafka] table.")
  private String bootstrapServers;

  @Option(
      names = "--file",
      paramLabel = "[TOPIC=]FILE",
      description =
          "Compare a topic with the file of newline-delimited records redsink load read (line"
              + " n+1 at offset n of partition 0) instead of Kafka; FILE alone needs --topic."
              + " Repeatable. Default: the Kafka log.")
  private List<String> inputs = new ArrayList<>();

  @Option(
      names = "--dlq-topic",
      paramLabel = "TOPIC",
      description =
          "Kafka Connect's dead letter queue: records found there (by its context headers) are"
              + " accounted for, not missing. Default: the Connect configuration's"
              + " errors.deadletterqueue.topic.name.")
  private String deadLetterTopic;

  @Option(
      names = "--values",
      description =
          "Also compare every column of every row with the log: the topic is loaded again, by the"
              + " loads' own code, into a run table beside the table (as redsink load --replace"
              + " does, so it needs the same privileges and reads the log a second time), compared"
              + " in the cluster, and dropped; the table is not touched. Default: offsets, keys"
              + " and payloads only, read-only.")
  private boolean values;

  @Option(
      names = "--json",
      paramLabel = "FILE",
      description = "Also write the findings as JSON to FILE. Default: none.")
  private Path json;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    try {
      return verify(out, err);
    } catch (RuntimeException | IOException e) {
      err.println("redsink: the audit could not run: " + FailureReport.describe(e));
      err.flush();
      return ExitCodes.CANNOT_RUN;
    }
  }

  private int verify(PrintWriter out, PrintWriter err) throws IOException {
    List<Connector> connectors = connectors();
    Map<String, Path> fileOf = FileInputs.parse(inputs, topic);
    VerifyReport report = new VerifyReport();
    ReadProgress progress = ReadProgress.on(err);
    try (TopicLogs logs = new TopicLogs()) {
      for (Connector connector : connectors) {
        try {
          verify(connector, fileOf, logs, report, progress, out);
        } catch (RuntimeException | IOException e) {
          // One connector that cannot be audited does not keep the others from it.
          report.couldNotRun(connector.name(), FailureReport.describe(e));
        }
      }
    }

    report.print(out);
    if (json != null) {
      report.writeJson(json);
      out.println("Wrote " + json);
    }
    out.flush();
    if (!report.ran()) {
      return ExitCodes.CANNOT_RUN;
    }
    return report.exact() ? ExitCodes.OK : ExitCodes.FAILED;
  }

  private void verify(
      Connector connector,
      Map<String, Path> fileOf,
      TopicLogs logs,
      VerifyReport report,
      ReadProgress progress,
      PrintWriter out)
      throws IOException {
    try (Audits audits = Audits.open(connector.pluginConfig())) {
      Optional<Properties> kafka = ConnectorAndBrokers.kafka(connector.kafka(), bootstrapServers);
      boolean onlyFiles = topic != null ? fileOf.containsKey(topic) : kafka.isEmpty();
      if (!onlyFiles && kafka.isEmpty()) {
        throw noLog();
      }
      TopicLog log = onlyFiles ? null : logs.of(kafka.get());
      List<String> topics = topics(connector, audits, fileOf, log);
      if (log == null && topics.stream().anyMatch(t -> !fileOf.containsKey(t))) {
        throw noLog();
      }
      out.println(
          "Verifying "
              + connector.name()
              + ": "
              + topics.size()
              + (topics.size() == 1 ? " topic" : " topics"));
      out.flush();
      for (String t : topics) {
        Path file = fileOf.get(t);
        new TopicAudit(
                audits,
                file == null ? log : null,
                file == null
                    ? null
                    : new FileLog(file, t, SessionSettings.of(connector.pluginConfig()).maxBytes()),
                t,
                partition,
                deadLetterTopic != null
                    ? deadLetterTopic
                    : connector.deadLetterTopic().orElse(null),
                connector.tombstonesLoad(),
                values ? new ValueRebuild(connector.pluginConfig(), audits) : null)
            .run(report, progress);
      }
    }
  }

  private static IllegalArgumentException noLog() {
    return new IllegalArgumentException(
        "no log to compare with: give --bootstrap-servers (or set "
            + RunCommand.BOOTSTRAP_ENV
            + "), or --file for a table loaded by redsink load");
  }

  /**
   * --topic; else the connector's own topics, the brokers' topics it reads and the files' topics it
   * reads; else (no log names one) every topic of its tables' ledgers.
   */
  private List<String> topics(
      Connector connector, Audits audits, Map<String, Path> fileOf, TopicLog log) {
    if (topic != null) {
      return List.of(topic);
    }
    Set<String> topics = new LinkedHashSet<>(connector.topics());
    String dead =
        deadLetterTopic != null ? deadLetterTopic : connector.deadLetterTopic().orElse("");
    if (log != null) {
      // The dead letter queue is the audit's evidence, not a topic of the table.
      topics.addAll(log.topics(t -> connector.matches(t) && !t.equals(dead)));
    }
    fileOf.keySet().stream().filter(connector::matches).forEach(topics::add);
    if (topics.isEmpty()) {
      audits.ledgerTopics().stream().filter(connector::matches).forEach(topics::add);
    }
    return List.copyOf(topics);
  }

  private List<Connector> connectors() throws IOException {
    if (files.isEmpty() && connectConfigs.isEmpty()) {
      throw new IllegalArgumentException(
          "nothing to verify: give connector files, or --connect-config with a Kafka Connect"
              + " configuration");
    }
    List<Connector> connectors = new ArrayList<>();
    for (Path path : connectConfigs) {
      ConnectConfig connect = ConnectConfig.read(path);
      connectors.add(
          new Connector(
              "Kafka Connect connector '" + connect.name() + "' (" + path + ")",
              connect.pluginConfig(),
              connect.topics(),
              Map.of(),
              connect.deadLetterTopic(),
              connect::reads,
              false));
    }
    ConnectorFileReader reader = new ConnectorFileReader(EnvOverrides.system());
    for (Path path : files) {
      ConnectorFile file = reader.read(path);
      connectors.add(
          new Connector(
              "connector '" + file.key() + "' (" + file.source() + ")",
              file.pluginConfig(),
              List.of(),
              file.kafka(),
              Optional.empty(),
              file::matches,
              true));
    }
    return connectors;
  }

  /**
   * What verify needs of a connector file or a Kafka Connect configuration; {@code tombstonesLoad}:
   * redsink run stores a tombstone as a row, Kafka Connect skips it (or fails on it).
   */
  private record Connector(
      String name,
      Map<String, Object> pluginConfig,
      List<String> topics,
      Map<String, String> kafka,
      Optional<String> deadLetterTopic,
      Predicate<String> topicFilter,
      boolean tombstonesLoad) {
    boolean matches(String topic) {
      return topicFilter.test(topic);
    }
  }
}
