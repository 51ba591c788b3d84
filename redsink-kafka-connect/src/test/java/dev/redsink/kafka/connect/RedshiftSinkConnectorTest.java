package dev.redsink.kafka.connect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redsink.core.config.ConfigKey;
import dev.redsink.core.config.ConfigKeys;
import dev.redsink.core.config.Sensitivity;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.config.ConfigValue;
import org.apache.kafka.connect.errors.ConnectException;
import org.apache.kafka.connect.sink.SinkConnector;
import org.junit.jupiter.api.Test;

class RedshiftSinkConnectorTest {

  static Map<String, String> validConfig() {
    Map<String, String> props = new HashMap<>();
    props.put("name", "redshift");
    props.put("connector.class", RedshiftSinkConnector.class.getName());
    props.put("topics", "orders");
    props.put("connection.string", "postgres://loader:s3cret@example.org:5439/dev");
    props.put("target.table", "{topic}");
    props.put("aws.iam.role", "arn:aws:iam::123456789012:role/redshift-copy");
    props.put("s3.bucket", "bucket");
    props.put("s3.prefix", "redsink");
    props.put("aws.region", "eu-west-1");
    return props;
  }

  private static Map<String, ConfigValue> validate(Map<String, String> props) {
    return new RedshiftSinkConnector()
        .validate(props).configValues().stream()
            .collect(Collectors.toMap(ConfigValue::name, Function.identity()));
  }

  @Test
  void everyCoreKeyIsDefinedUnderItsDottedNameWithSecretsAsPasswords() {
    ConfigDef def = new RedshiftSinkConnector().config();
    for (ConfigKey<?> key : ConfigKeys.ALL) {
      ConfigDef.ConfigKey defined = def.configKeys().get(key.dottedName());
      assertThat(defined).as(key.dottedName()).isNotNull();
      assertThat(defined.type == ConfigDef.Type.PASSWORD)
          .as(key.dottedName())
          .isEqualTo(key.sensitivity() != Sensitivity.PLAIN);
      assertThat(defined.documentation).contains(key.name());
    }
    assertThat(def.configKeys().get("connection.string").type).isEqualTo(ConfigDef.Type.PASSWORD);
    assertThat(def.configKeys().get("aws.secret.access.key").type)
        .isEqualTo(ConfigDef.Type.PASSWORD);
    assertThat(def.configKeys().get("batch.size").type).isEqualTo(ConfigDef.Type.INT);
    assertThat(def.configKeys().get("batch.size").defaultValue).isNull();
    assertThat(def.configKeys().get("flush.max.records").defaultValue).isEqualTo(100_000);
    assertThat(def.configKeys().get("flush.max.bytes").defaultValue).isEqualTo("64MB");
    assertThat(def.configKeys().get("flush.interval.ms").defaultValue).isEqualTo("1m");
    assertThat(def.configKeys().get("include.metadata").defaultValue).isEqualTo(true);
    assertThat(def.configKeys().get("retry.delay").defaultValue).isEqualTo("1s");
    assertThat(def.configKeys().get("payload.format").defaultValue).isEqualTo("varbyte");
    assertThat(def.configKeys().get("target.table").importance)
        .isEqualTo(ConfigDef.Importance.HIGH);
    assertThat(def.configKeys())
        .containsKeys(
            "flush.max.records", "flush.max.bytes", "flush.interval.ms", "behavior.on.null.values")
        .hasSize(ConfigKeys.ALL.size() + 1);
  }

  @Test
  void runtimeKeysHaveTheDocumentedDefaults() {
    RedshiftSinkConfig config = RedshiftSinkConfig.parse(validConfig());
    assertThat(config.flush().maxRecords()).isEqualTo(100_000);
    assertThat(config.flush().maxBytes()).isEqualTo(64L * 1024 * 1024);
    assertThat(config.flush().interval()).hasMillis(60_000);
    assertThat(config.onNullValue()).isEqualTo(NullValueBehavior.IGNORE);
    assertThat(config.errorTolerance()).isEqualTo(ErrorTolerance.NONE);
    assertThat(config.coreConfig())
        .containsOnlyKeys(
            "connection.string",
            "target.table",
            "aws.iam.role",
            "s3.bucket",
            "s3.prefix",
            "aws.region");
  }

  @Test
  void runtimeKeysTakeExplicitValues() {
    Map<String, String> props = validConfig();
    props.put("flush.max.records", "10");
    props.put("flush.max.bytes", "1024");
    props.put("flush.interval.ms", "500");
    props.put("behavior.on.null.values", "fail");
    props.put("errors.tolerance", "all");
    props.put(RedshiftSinkConfig.TASK_ID, "2");
    RedshiftSinkConfig config = RedshiftSinkConfig.parse(props);
    assertThat(config.flush().maxRecords()).isEqualTo(10);
    assertThat(config.flush().maxBytes()).isEqualTo(1024);
    assertThat(config.flush().interval()).hasMillis(500);
    assertThat(config.onNullValue()).isEqualTo(NullValueBehavior.FAIL);
    assertThat(config.errorTolerance()).isEqualTo(ErrorTolerance.ALL);
    assertThat(config.taskId()).isEqualTo(2);
    assertThat(config.connectorName()).isEqualTo("redshift");
  }

  @Test
  void aNearMissOfOneOfOurKeysIsWarnedAboutButConnectsOwnKeysAreNot() {
    Map<String, String> props = validConfig();
    props.put("conection.string", "postgres://x");
    props.put("flush.max.record", "10");
    props.put("target_tabel", "orders");
    props.put("tasks.max", "2");
    props.put("topics", "orders");
    props.put("value.converter.schemas.enable", "false");
    props.put("errors.deadletterqueue.topic.name", "dlq");
    props.put("transforms", "route");

    assertThat(SinkConfigDef.nearMisses(props))
        .containsExactlyInAnyOrder(
            "'conection.string' is not a key of the Redshift sink and is ignored; did you mean"
                + " 'connection.string'?",
            "'flush.max.record' is not a key of the Redshift sink and is ignored; did you mean"
                + " 'flush.max.records'?",
            "'target_tabel' is not a key of the Redshift sink and is ignored; did you mean"
                + " 'target.table'?");
  }

  @Test
  void aValidConfigurationHasNoErrors() {
    assertThat(validate(validConfig()).values())
        .allSatisfy(v -> assertThat(v.errorMessages()).as(v.name()).isEmpty());
  }

  @Test
  void validateReportsEveryBadKeyWithTheCoresMessages() {
    Map<String, String> props = validConfig();
    props.remove("target.table");
    props.put("batch.size", "0");
    props.put("s3.bucket", "s3://bucket/path");
    props.put("max.connections", "many");
    props.put("aws.access.key.id", "AKIA");
    props.put("flush.max.records", "0");

    Map<String, ConfigValue> values = validate(props);

    assertThat(values.get("target.table").errorMessages())
        .singleElement()
        .asString()
        .startsWith("is required (Table name");
    assertThat(values.get("batch.size").errorMessages())
        .containsExactly("must be above 0; it is the number of rows per Parquet file, got 0");
    assertThat(values.get("s3.bucket").errorMessages())
        .containsExactly(
            "must be a bare bucket name such as my-bucket; put the path into s3_prefix");
    assertThat(values.get("max.connections").errorMessages())
        .containsExactly("expected an integer, got 'many'");
    assertThat(values.get("aws.secret.access.key").errorMessages())
        .singleElement()
        .asString()
        .contains("both MUST be provided");
    assertThat(values.get("flush.max.records").errorMessages())
        .singleElement()
        .asString()
        .isEqualTo("must be at least 1; it is the number of records that starts a load, got 0");
    assertThat(values.get("connection.string").errorMessages()).isEmpty();
  }

  @Test
  void startRefusesAConfigurationTheCoreRejects() {
    Map<String, String> props = validConfig();
    props.put("batch.size", "-1");
    assertThatThrownBy(() -> new RedshiftSinkConnector().start(props))
        .isInstanceOf(ConnectException.class)
        .hasMessageContaining("batch_size: must be above 0");
  }

  @Test
  void eachTaskGetsTheConnectorsConfigurationAndItsNumber() {
    RedshiftSinkConnector connector = new RedshiftSinkConnector();
    connector.start(validConfig());
    List<Map<String, String>> tasks = connector.taskConfigs(3);
    assertThat(tasks).hasSize(3);
    assertThat(tasks)
        .extracting(t -> t.get(RedshiftSinkConfig.TASK_ID))
        .containsExactly("0", "1", "2");
    assertThat(tasks.get(2)).containsAllEntriesOf(validConfig());
    assertThat(connector.taskClass()).isEqualTo(RedshiftSinkTask.class);
  }

  @Test
  void refusesToMoveOffsetsButAllowsResettingThem() {
    RedshiftSinkConnector connector = new RedshiftSinkConnector();
    Map<org.apache.kafka.common.TopicPartition, Long> reset = new HashMap<>();
    reset.put(new org.apache.kafka.common.TopicPartition("orders", 0), null);
    assertThat(connector.alterOffsets(validConfig(), reset)).isTrue();

    Map<org.apache.kafka.common.TopicPartition, Long> moved =
        Map.of(new org.apache.kafka.common.TopicPartition("orders", 1), 42L);
    assertThatThrownBy(() -> connector.alterOffsets(validConfig(), moved))
        .isInstanceOf(ConnectException.class)
        .hasMessageContaining("orders-1")
        .hasMessageContaining("_redsink_ledger_")
        .hasMessageContaining("redsink ledger reset");
  }

  @Test
  void theConnectorIsFoundThroughServiceLoading() {
    assertThat(ServiceLoader.load(SinkConnector.class).stream().map(p -> p.type().getName()))
        .contains(RedshiftSinkConnector.class.getName());
  }

  @Test
  void theVersionComesFromTheBuild() {
    assertThat(new RedshiftSinkConnector().version()).matches("\\d+\\.\\d+\\.\\d+.*");
  }
}
