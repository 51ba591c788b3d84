package dev.redsink.cli.connector;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class KafkaEnvironmentTest {

  @Test
  void variablesNameTheirPropertiesAndEmptyOnesSetNothing() {
    KafkaEnvironment env =
        new KafkaEnvironment(
            Map.of(
                "REDSINK_KAFKA_SASL_JAAS_CONFIG", "secret jaas",
                "REDSINK_KAFKA_BOOTSTRAP_SERVERS", "b1:9096",
                "REDSINK_KAFKA_SECURITY_PROTOCOL", " ",
                "REDSINK_KAFKA_", "no name",
                "OTHER", "x"));
    assertThat(env.properties())
        .containsOnly(
            Map.entry("sasl.jaas.config", "secret jaas"),
            Map.entry("bootstrap.servers", "b1:9096"));
    assertThat(env.notes())
        .containsExactly(
            "Kafka property bootstrap.servers set by REDSINK_KAFKA_BOOTSTRAP_SERVERS (value hidden)",
            "Kafka property sasl.jaas.config set by REDSINK_KAFKA_SASL_JAAS_CONFIG (value hidden)")
        .noneMatch(note -> note.contains("secret jaas"));
  }
}
