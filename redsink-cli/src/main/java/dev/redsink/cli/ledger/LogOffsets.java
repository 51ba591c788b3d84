package dev.redsink.cli.ledger;

import dev.redsink.core.record.TopicPartition;
import java.time.Duration;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.consumer.CloseOptions;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * Where the partitions' logs begin and end, asked of the brokers by a consumer outside any group
 * (it commits nothing and joins no group).
 */
public final class LogOffsets implements AutoCloseable {
  private static final Duration TIMEOUT = Duration.ofSeconds(30);

  private final KafkaConsumer<byte[], byte[]> consumer;

  private LogOffsets(KafkaConsumer<byte[], byte[]> consumer) {
    this.consumer = consumer;
  }

  /** A consumer with these properties (bootstrap.servers and any security settings). */
  public static LogOffsets connect(Properties kafka) {
    Properties p = new Properties();
    p.putAll(kafka);
    p.remove(ConsumerConfig.GROUP_ID_CONFIG);
    p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
    p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
    p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
    return new LogOffsets(new KafkaConsumer<>(p));
  }

  /** The partition numbers of a topic; empty when it does not exist. */
  public List<Integer> partitions(String topic) {
    List<PartitionInfo> infos = consumer.partitionsFor(topic, TIMEOUT);
    return infos == null
        ? List.of()
        : infos.stream().map(PartitionInfo::partition).sorted().toList();
  }

  /** The log end offset of each partition (the offset the next record will get). */
  public Map<TopicPartition, Long> ends(Collection<TopicPartition> partitions) {
    return core(consumer.endOffsets(kafka(partitions), TIMEOUT));
  }

  /** The offset of each partition's earliest record still in the log. */
  public Map<TopicPartition, Long> beginnings(Collection<TopicPartition> partitions) {
    return core(consumer.beginningOffsets(kafka(partitions), TIMEOUT));
  }

  /** Where each of these partitions' logs of {@code topic} starts and ends. */
  public Map<Integer, ResetOffsets.LogRange> ranges(String topic, Collection<Integer> partitions) {
    List<TopicPartition> tps = partitions.stream().map(p -> new TopicPartition(topic, p)).toList();
    Map<TopicPartition, Long> starts = beginnings(tps);
    Map<TopicPartition, Long> ends = ends(tps);
    Map<Integer, ResetOffsets.LogRange> ranges = new HashMap<>();
    for (TopicPartition tp : tps) {
      ranges.put(tp.partition(), new ResetOffsets.LogRange(starts.get(tp), ends.get(tp)));
    }
    return ranges;
  }

  private static List<org.apache.kafka.common.TopicPartition> kafka(
      Collection<TopicPartition> partitions) {
    return partitions.stream()
        .map(tp -> new org.apache.kafka.common.TopicPartition(tp.topic(), tp.partition()))
        .toList();
  }

  private static Map<TopicPartition, Long> core(
      Map<org.apache.kafka.common.TopicPartition, Long> offsets) {
    Map<TopicPartition, Long> out = new HashMap<>();
    offsets.forEach(
        (tp, offset) -> out.put(new TopicPartition(tp.topic(), tp.partition()), offset));
    return out;
  }

  @Override
  public void close() {
    consumer.close(CloseOptions.timeout(Duration.ofSeconds(5)));
  }
}
