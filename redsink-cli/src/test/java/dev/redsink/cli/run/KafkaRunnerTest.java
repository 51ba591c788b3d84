package dev.redsink.cli.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redsink.cli.connector.ConnectorFile;
import dev.redsink.cli.connector.TopicSpec;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.regex.Pattern;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.CooperativeStickyAssignor;
import org.apache.kafka.clients.consumer.RangeAssignor;
import org.junit.jupiter.api.Test;

/** The consumer settings a connector's runner uses. */
class KafkaRunnerTest {
  private static final ConnectorFile CONNECTOR =
      new ConnectorFile(
          Path.of("orders.toml"),
          "sink",
          "orders_rs",
          true,
          0,
          "Orders",
          "libpicomq_connector_redshift_sink",
          List.of(
              new TopicSpec(Pattern.compile("orders\\..*"), "json", 500, Duration.ofSeconds(1))),
          Map.of(),
          Map.of(),
          List.of());

  private static Properties with(String... pairs) {
    Properties kafka = new Properties();
    for (int i = 0; i < pairs.length; i += 2) {
      kafka.put(pairs[i], pairs[i + 1]);
    }
    return KafkaRunner.consumerProperties(CONNECTOR, kafka);
  }

  @Test
  void partitionsOfManyOnePartitionTopicsAreSpreadOverTheGroupsMembers() {
    assertThat(with().get(ConsumerConfig.PARTITION_ASSIGNMENT_STRATEGY_CONFIG))
        .isEqualTo(CooperativeStickyAssignor.class.getName());
    assertThat(
            with(ConsumerConfig.PARTITION_ASSIGNMENT_STRATEGY_CONFIG, RangeAssignor.class.getName())
                .get(ConsumerConfig.PARTITION_ASSIGNMENT_STRATEGY_CONFIG))
        .as("a user's choice stands")
        .isEqualTo(RangeAssignor.class.getName());
    assertThat(
            with(ConsumerConfig.GROUP_PROTOCOL_CONFIG, "consumer")
                .containsKey(ConsumerConfig.PARTITION_ASSIGNMENT_STRATEGY_CONFIG))
        .as("the consumer protocol assigns on the broker and refuses the setting")
        .isFalse();
  }

  @Test
  void batchLengthIsWhatOnePollReturnsAndTheGroupIsTheConnectors() {
    Properties p = with();
    assertThat(p.get(ConsumerConfig.MAX_POLL_RECORDS_CONFIG)).isEqualTo("500");
    assertThat(p.get(ConsumerConfig.GROUP_ID_CONFIG)).isEqualTo("redsink-orders_rs");
    assertThat(p.get(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG)).isEqualTo("false");
  }
}
