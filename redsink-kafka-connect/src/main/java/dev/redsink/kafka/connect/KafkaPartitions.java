package dev.redsink.kafka.connect;

import dev.redsink.core.record.TopicPartition;
import java.util.Collection;
import java.util.List;

/** A partition as Kafka names it and as the engine does, one turned into the other. */
final class KafkaPartitions {
  private KafkaPartitions() {}

  static List<TopicPartition> core(Collection<org.apache.kafka.common.TopicPartition> partitions) {
    return partitions.stream().map(tp -> new TopicPartition(tp.topic(), tp.partition())).toList();
  }

  static org.apache.kafka.common.TopicPartition[] kafka(List<TopicPartition> partitions) {
    return partitions.stream()
        .map(KafkaPartitions::kafka)
        .toArray(org.apache.kafka.common.TopicPartition[]::new);
  }

  static org.apache.kafka.common.TopicPartition kafka(TopicPartition partition) {
    return new org.apache.kafka.common.TopicPartition(partition.topic(), partition.partition());
  }
}
