package dev.redsink.cli;

import dev.redsink.cli.connector.ConnectorFile;
import dev.redsink.cli.connector.ConnectorFileReader;
import dev.redsink.cli.connector.EnvOverrides;
import dev.redsink.cli.verify.ConnectConfig;
import dev.redsink.cli.verify.DeadLetters;
import dev.redsink.cli.verify.FileLog;
import dev.redsink.cli.verify.ReadProgress;
import dev.redsink.cli.verify.TopicLog;
import dev.redsink.cli.verify.VerifyReport;
import dev.redsink.core.Audits;
import dev.redsink.core.SessionSettings;
import dev.redsink.core.verify.LogPartition;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.function.Predicate;
import picocli.CommandLine.ArgGroup;
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
            + " the table once, and nothing else. Exit code 0 when exact, 1 when a record is"
            + " missing, duplicated or extra, 2 when the audit could not run.",
    footerHeading = "%nExample:%n",
    footer = "  redsink verify orders.toml --bootstrap-servers localhost:9092 --json report.json")
final class VerifyCommand implements Callable<Integer> {
  @Spec private CommandSpec spec;

  @ArgGroup(exclusive = true, multiplicity = "1")
  private Source source;

  static final class Source {
    @Parameters(
        index = "0",
        paramLabel = "CONNECTOR.toml",
        description = "Connector file; its plugin_config names the cluster and the tables.")
    private Path file;

    @Option(
        names = "--connect-config",
        paramLabel = "CONFIG.json",
        description =
            "A Kafka Connect connector's configuration (as given to the REST API), instead of a"
                + " connector file; its topics and dead letter queue are audited.")
    private Path connectConfig;
  }

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
      paramLabel = "FILE",
      description =
          "Compare with a file of newline-delimited records, as redsink load read it (partition"
              + " 0, line n+1 at offset n), instead of Kafka; needs --topic. Default: the Kafka"
              + " log.")
  private Path input;

  @Option(
      names = "--dlq-topic",
      paramLabel = "TOPIC",
      description =
          "Kafka Connect's dead letter queue: records found there (by its context headers) are"
              + " accounted for, not missing. Default: the Connect configuration's"
              + " errors.deadletterqueue.topic.name.")
  private String deadLetterTopic;

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
    Connector connector = connector();
    if (input != null && topic == null) {
      throw new IllegalArgumentException(
          "--file needs --topic: the topic whose ledger rows and table the file was loaded into");
    }
    Optional<Properties> kafka = input == null ? kafka(connector) : Optional.empty();
    if (input == null && kafka.isEmpty()) {
      throw new IllegalArgumentException(
          "no log to compare with: give --bootstrap-servers (or set "
              + RunCommand.BOOTSTRAP_ENV
              + "), or --file for a table loaded by redsink load");
    }
    VerifyReport report = new VerifyReport();
    ReadProgress progress = ReadProgress.on(err);
    try (Audits audits = Audits.open(connector.pluginConfig());
        TopicLog log = kafka.map(TopicLog::connect).orElse(null)) {
      List<String> topics = topics(connector, audits);
      out.println(
          "Verifying "
              + connector.name()
              + ": "
              + topics.size()
              + (topics.size() == 1 ? " topic" : " topics")
              + " against "
              + (input != null ? input.toString() : "the Kafka log"));
      out.flush();
      for (String t : topics) {
        Map<Integer, Long> ledger = audits.ledger(t);
        DeadLetters dead =
            log != null && deadLetterTopic(connector) != null
                ? log.deadLetters(deadLetterTopic(connector), t)
                : DeadLetters.NONE;
        if (dead.unattributed() > 0) {
          report.note(
              dead.unattributed()
                  + " records on the dead letter queue carry no __connect.errors.* headers: set"
                  + " errors.deadletterqueue.context.headers.enable = true so verify can tell"
                  + " whose they are");
        }
        TreeSet<Integer> partitions = new TreeSet<>(ledger.keySet());
        partitions.addAll(audits.tablePartitions(t));
        if (log != null) {
          partitions.addAll(log.partitions(t));
        }
        if (input != null) {
          partitions.add(0);
        }
        for (int p : partitions) {
          if (partition != null && partition != p) {
            continue;
          }
          long next = ledger.getOrDefault(p, 0L);
          LogPartition partitionLog;
          if (input != null) {
            FileLog file =
                new FileLog(input, t, SessionSettings.of(connector.pluginConfig()).maxBytes());
            partitionLog =
                new LogPartition(t, p, 0, p == 0 ? file.end() : 0, next, dead.of(p), true);
            if (p == 0) {
              file.read(partitionLog, progress.of(t, p, partitionLog.readUntil()));
            }
          } else {
            long[] range = log.range(t, p);
            partitionLog =
                new LogPartition(
                    t, p, range[0], range[1], next, dead.of(p), connector.tombstonesLoad());
            log.read(
                partitionLog, progress.of(t, p, Math.max(0, partitionLog.readUntil() - range[0])));
          }
          progress.done();
          report.add(audits.audit(partitionLog));
        }
        report.withoutOffset(audits.tableOf(t), audits.rowsWithoutOffset(t));
      }
    }
    report.print(out);
    if (json != null) {
      report.writeJson(json);
      out.println("Wrote " + json);
    }
    out.flush();
    return report.exact() ? ExitCodes.OK : ExitCodes.FAILED;
  }

  private List<String> topics(Connector connector, Audits audits) {
    if (topic != null) {
      return List.of(topic);
    }
    List<String> topics = new ArrayList<>(connector.topics());
    for (String t : audits.ledgerTopics()) {
      if (!topics.contains(t) && connector.matches(t)) {
        topics.add(t);
      }
    }
    return topics;
  }

  private String deadLetterTopic(Connector connector) {
    return deadLetterTopic != null ? deadLetterTopic : connector.deadLetterTopic().orElse(null);
  }

  private Optional<Properties> kafka(Connector connector) {
    return ConnectorAndBrokers.kafka(connector.kafka(), bootstrapServers);
  }

  private Connector connector() throws IOException {
    if (source.connectConfig != null) {
      ConnectConfig connect = ConnectConfig.read(source.connectConfig);
      return new Connector(
          "Kafka Connect connector '" + connect.name() + "' (" + source.connectConfig + ")",
          connect.pluginConfig(),
          connect.topics(),
          Map.of(),
          connect.deadLetterTopic(),
          t -> true,
          false);
    }
    ConnectorFile file = new ConnectorFileReader(EnvOverrides.system()).read(source.file);
    return new Connector(
        "connector '" + file.key() + "' (" + file.source() + ")",
        file.pluginConfig(),
        List.of(),
        file.kafka(),
        Optional.empty(),
        file::matches,
        true);
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
