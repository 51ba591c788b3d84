package dev.redsink.cli.connector;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConnectorFileReaderTest {

  /** The reference design's Quick start, verbatim. */
  static final String QUICK_START =
      """
      type = "sink"
      key = "orders_rs"
      enabled = true
      version = 0
      name = "Orders to Redshift"
      path = "libpicomq_connector_redshift_sink"

      [[topics]]
      pattern = 'orders\\..*'
      schema = "json"
      batch_length = 1000
      poll_interval = "100ms"

      [plugin_config]
      connection_string = "postgres://loader:pass@cluster.abc123.eu-west-1.redshift.amazonaws.com:5439/analytics"
      target_table = "orders_{topic_segment[-1]}"
      aws_iam_role = "arn:aws:iam::123456789012:role/RedshiftCopy"
      s3_bucket = "picomq-staging"
      s3_prefix = "redshift/orders"
      aws_region = "eu-west-1"
      payload_format = "text"
      """;

  @TempDir Path dir;

  @Test
  void readsTheReferenceQuickStartVerbatim() throws IOException {
    ConnectorFile file = read(QUICK_START, Map.of());

    assertThat(file.type()).isEqualTo("sink");
    assertThat(file.key()).isEqualTo("orders_rs");
    assertThat(file.enabled()).isTrue();
    assertThat(file.version()).isZero();
    assertThat(file.name()).isEqualTo("Orders to Redshift");
    assertThat(file.path()).isEqualTo("libpicomq_connector_redshift_sink");
    assertThat(file.topics()).hasSize(1);
    TopicSpec topic = file.topics().get(0);
    assertThat(topic.pattern().pattern()).isEqualTo("orders\\..*");
    assertThat(topic.schema()).isEqualTo("json");
    assertThat(topic.batchLength()).isEqualTo(1000);
    assertThat(topic.pollInterval()).isEqualTo(Duration.ofMillis(100));
    assertThat(file.pluginConfig())
        .containsEntry("target_table", "orders_{topic_segment[-1]}")
        .containsEntry("s3_prefix", "redshift/orders")
        .containsEntry("payload_format", "text")
        .hasSize(7);
    assertThat(file.notes()).isEmpty();
    assertThat(file.toString()).doesNotContain("pass");
  }

  @Test
  void patternsMatchWholeTopicNames() throws IOException {
    ConnectorFile file = read(QUICK_START, Map.of());

    assertThat(file.matches("orders.eu")).isTrue();
    assertThat(file.matches("orders.us")).isTrue();
    assertThat(file.matches("orders")).isFalse();
    assertThat(file.matches("xorders.eu")).isFalse();
  }

  @Test
  void environmentOverridesReplaceOrAddPluginConfigKeysWithoutShowingSecrets() throws IOException {
    ConnectorFile file =
        read(
            QUICK_START,
            Map.of(
                "REDSINK_CONNECTORS_SINK_ORDERS_RS_PLUGIN_CONFIG_CONNECTION_STRING",
                "postgres://loader:secret@cluster:5439/analytics",
                "PICOMQ_CONNECTORS_SINK_ORDERS_RS_PLUGIN_CONFIG_AWS_SECRET_ACCESS_KEY",
                "s3cr3t",
                "PICOMQ_CONNECTORS_SINK_ORDERS_RS_PLUGIN_CONFIG_BATCH_SIZE",
                "500",
                "REDSINK_CONNECTORS_SINK_OTHER_PLUGIN_CONFIG_S3_BUCKET",
                "not-for-this-connector"));

    assertThat(file.pluginConfig())
        .containsEntry("connection_string", "postgres://loader:secret@cluster:5439/analytics")
        .containsEntry("aws_secret_access_key", "s3cr3t")
        .containsEntry("batch_size", "500")
        .containsEntry("s3_bucket", "picomq-staging");
    assertThat(file.notes())
        .containsExactly(
            "plugin_config.aws_secret_access_key set by"
                + " PICOMQ_CONNECTORS_SINK_ORDERS_RS_PLUGIN_CONFIG_AWS_SECRET_ACCESS_KEY (value"
                + " hidden)",
            "plugin_config.batch_size set by PICOMQ_CONNECTORS_SINK_ORDERS_RS_PLUGIN_CONFIG_BATCH_SIZE"
                + " = '500'",
            "plugin_config.connection_string replaced by"
                + " REDSINK_CONNECTORS_SINK_ORDERS_RS_PLUGIN_CONFIG_CONNECTION_STRING (value hidden)");
  }

  @Test
  void theRedsinkSpellingWinsOverPicomq() throws IOException {
    ConnectorFile file =
        read(
            QUICK_START,
            Map.of(
                "PICOMQ_CONNECTORS_SINK_ORDERS_RS_PLUGIN_CONFIG_S3_PREFIX", "picomq",
                "REDSINK_CONNECTORS_SINK_ORDERS_RS_PLUGIN_CONFIG_S3_PREFIX", "redsink"));

    assertThat(file.pluginConfig()).containsEntry("s3_prefix", "redsink");
    assertThat(EnvOverrides.variable("orders-rs.v2", "s3_prefix"))
        .isEqualTo("REDSINK_CONNECTORS_SINK_ORDERS_RS_V2_PLUGIN_CONFIG_S3_PREFIX");
  }

  @Test
  void readsTheKafkaTableQuotedOrDottedAndTomlIntegers() throws IOException {
    ConnectorFile file =
        read(
            QUICK_START.replace("batch_length = 1000", "batch_length = 100_000")
                + """

                [kafka]
                "bootstrap.servers" = "localhost:9092"
                max.poll.records = 500
                """,
            Map.of());

    assertThat(file.kafka())
        .containsEntry("bootstrap.servers", "localhost:9092")
        .containsEntry("max.poll.records", "500");
    assertThat(file.batchLength()).isEqualTo(100_000);
  }

  @Test
  void aDisabledFileIsSkippedWithANote() throws IOException {
    Path enabled = write("a.toml", QUICK_START);
    Path disabled = write("b.toml", QUICK_START.replace("enabled = true", "enabled = false"));
    StringWriter out = new StringWriter();

    List<ConnectorFile> files =
        ConnectorFiles.enabled(
            List.of(enabled, disabled),
            new ConnectorFileReader(new EnvOverrides(Map.of())),
            new PrintWriter(out, true));

    assertThat(files).extracting(ConnectorFile::source).containsExactly(enabled);
    assertThat(out.toString())
        .contains("Note: " + disabled + ": connector 'orders_rs' has enabled = false; skipped");
  }

  @Test
  void minimalFileTakesDefaults() throws IOException {
    ConnectorFile file =
        read(
            """
            key = "k"
            [[topics]]
            pattern = "t"
            """,
            Map.of());

    assertThat(file.type()).isEqualTo("sink");
    assertThat(file.enabled()).isTrue();
    assertThat(file.name()).isEqualTo("k");
    assertThat(file.topics().get(0).batchLength()).isEqualTo(TopicSpec.DEFAULT_BATCH_LENGTH);
    assertThat(file.topics().get(0).pollInterval()).isEqualTo(TopicSpec.DEFAULT_POLL_INTERVAL);
  }

  @Test
  void reportsEveryProblemAtOnce() throws IOException {
    Path file =
        write(
            "bad.toml",
            """
            type = "source"
            enabled = "yes"
            colour = "red"

            [[topics]]
            pattern = "orders.("
            batch_length = 0
            poll_interval = "soon"
            partitions = 3

            [plugin_config]
            target_table = "t"
            """);

    assertThatThrownBy(() -> new ConnectorFileReader(new EnvOverrides(Map.of())).read(file))
        .isInstanceOf(ConnectorFileException.class)
        .satisfies(
            e ->
                assertThat(((ConnectorFileException) e).problems())
                    .containsExactlyInAnyOrder(
                        "type: expected \"sink\", got \"source\"; redsink runs sink connectors",
                        "key: is required (it names the connector in environment overrides)",
                        "enabled: expected true or false",
                        "topics[0].partitions: unknown; expected pattern, schema, batch_length or"
                            + " poll_interval",
                        "topics[0].pattern: not a regular expression: Unclosed group",
                        "topics[0].batch_length: must be 1 to 1000000, got 0",
                        "topics[0].poll_interval: cannot parse 'soon'; write it like 100ms, 1s or"
                            + " 2m"))
        .hasMessageStartingWith("Cannot read connector file " + file + ": 7 problems");
  }

  @Test
  void reportsTomlSyntaxErrorsWithTheLine() throws IOException {
    Path file = write("broken.toml", "key = \"k\"\n[[topics]\npattern = 1\n");

    assertThatThrownBy(() -> new ConnectorFileReader(new EnvOverrides(Map.of())).read(file))
        .hasMessageContaining("not valid TOML")
        .hasMessageMatching("(?s).*not valid TOML: .* \\(line \\d+\\)");
  }

  @Test
  void listsAreTomlArraysAndReachTheEngineAsLists() throws IOException {
    ConnectorFile file =
        read(
            QUICK_START + "\ntable_layout = \"typed\"\nprimary_key = [\"region\", \"order_id\"]\n",
            Map.of());

    assertThat(file.pluginConfig()).containsEntry("primary_key", List.of("region", "order_id"));
  }

  @Test
  void anUnknownKeyNamesTheNearestOneWhetherInTheFileOrTheEnvironment() throws IOException {
    Path misspelt = write("m.toml", QUICK_START.replace("target_table =", "target_tabel ="));
    assertThatThrownBy(() -> new ConnectorFileReader(new EnvOverrides(Map.of())).read(misspelt))
        .hasMessageContaining(
            "plugin_config.target_tabel: unknown key; did you mean target_table?");

    Path file = write("e.toml", QUICK_START);
    String variable = "REDSINK_CONNECTORS_SINK_ORDERS_RS_PLUGIN_CONFIG_CONECTION_STRING";
    assertThatThrownBy(
            () -> new ConnectorFileReader(new EnvOverrides(Map.of(variable, "secret"))).read(file))
        .hasMessageContaining(
            variable
                + ": sets plugin_config.conection_string, which is not a key; did you mean"
                + " REDSINK_CONNECTORS_SINK_ORDERS_RS_PLUGIN_CONFIG_CONNECTION_STRING"
                + " (connection_string)?")
        .hasMessageNotContaining("secret");
  }

  @Test
  void reportsAMissingFile() {
    Path missing = dir.resolve("missing.toml");
    assertThatThrownBy(() -> new ConnectorFileReader(new EnvOverrides(Map.of())).read(missing))
        .hasMessage("Cannot read connector file " + missing + ": 1 problem\n  - no such file");
  }

  private ConnectorFile read(String text, Map<String, String> env) throws IOException {
    return new ConnectorFileReader(new EnvOverrides(env)).read(write("c.toml", text));
  }

  private Path write(String name, String text) throws IOException {
    return Files.writeString(dir.resolve(name), text);
  }
}
