package dev.redsink.cli;

import dev.redsink.cli.connector.ConnectorFile;
import dev.redsink.cli.connector.ConnectorFileReader;
import dev.redsink.cli.connector.EnvOverrides;
import dev.redsink.cli.connector.KafkaEnvironment;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** A connector file and, optionally, the Kafka brokers of its topics. */
final class ConnectorAndBrokers {

  @Parameters(
      index = "0",
      paramLabel = "CONNECTOR.toml",
      description = "Connector file; its plugin_config names the cluster and the tables.")
  private Path file;

  @Option(
      names = "--bootstrap-servers",
      paramLabel = "HOST:PORT,...",
      description =
          "Kafka brokers, to compare the ledger with the logs. Default: $"
              + RunCommand.BOOTSTRAP_ENV
              + ", else bootstrap.servers in the connector file's [kafka] table, else none.")
  private String bootstrapServers;

  /** The connector file, with environment overrides applied. */
  ConnectorFile connector() {
    return new ConnectorFileReader(EnvOverrides.system()).read(file);
  }

  /** Consumer properties when brokers are known: the [kafka] table and the brokers given. */
  Optional<Properties> kafka(ConnectorFile connector) {
    return kafka(connector.kafka(), bootstrapServers);
  }

  /**
   * Consumer properties when brokers are known: a connector file's [kafka] table, the environment's
   * and the brokers given on the command line, in that order of precedence from last to first.
   */
  static Optional<Properties> kafka(Map<String, String> fromFile, String bootstrapServers) {
    Properties kafka = new Properties();
    kafka.putAll(fromFile);
    // REDSINK_KAFKA_BOOTSTRAP_SERVERS is among the environment's properties.
    kafka.putAll(KafkaEnvironment.system().properties());
    if (bootstrapServers != null && !bootstrapServers.isBlank()) {
      kafka.put("bootstrap.servers", bootstrapServers);
    }
    return kafka.containsKey("bootstrap.servers") ? Optional.of(kafka) : Optional.empty();
  }
}
