package dev.redsink.cli.verify;

import dev.redsink.cli.run.KafkaRunner;
import dev.redsink.core.record.Record;
import dev.redsink.core.verify.LogPartition;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.LongConsumer;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * A topic's log read by a consumer outside any group (it joins none and commits nothing), once and
 * streamed: a partition from its start to the ledger's next offset, and a dead letter queue for the
 * offsets Kafka Connect diverted there (its {@code __connect.errors.*} context headers).
 */
public final class TopicLog implements AutoCloseable {
  private static final Duration TIMEOUT = Duration.ofSeconds(30);
  private static final Duration POLL = Duration.ofMillis(500);
  static final String ORIGINAL_TOPIC = "__connect.errors.topic";
  static final String ORIGINAL_PARTITION = "__connect.errors.partition";
  static final String ORIGINAL_OFFSET = "__connect.errors.offset";

  private final KafkaConsumer<byte[], byte[]> consumer;

  private TopicLog(KafkaConsumer<byte[], byte[]> consumer) {
    this.consumer = consumer;
  }

  /** A consumer with these properties (bootstrap.servers and any security settings). */
  public static TopicLog connect(Properties kafka) {
    Properties p = new Properties();
    p.putAll(kafka);
    // Outside any group: a connector file's group settings are its run's, not the audit's.
    p.remove(ConsumerConfig.GROUP_ID_CONFIG);
    p.remove(ConsumerConfig.GROUP_INSTANCE_ID_CONFIG);
    p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
    p.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
    p.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, "5000");
    p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
    p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
    return new TopicLog(new KafkaConsumer<>(p));
  }

  /** The partition numbers of a topic; empty when it does not exist. */
  public List<Integer> partitions(String topic) {
    List<PartitionInfo> infos = consumer.partitionsFor(topic, TIMEOUT);
    return infos == null
        ? List.of()
        : infos.stream().map(PartitionInfo::partition).sorted().toList();
  }

  /** The topics on the brokers that {@code matches} accepts, sorted; internal ones left out. */
  public List<String> topics(java.util.function.Predicate<String> matches) {
    return consumer.listTopics(TIMEOUT).keySet().stream()
        .filter(t -> !t.startsWith("__") && matches.test(t))
        .sorted()
        .toList();
  }

  /** Where a partition's log starts and ends: {start, end}. */
  public long[] range(String topic, int partition) {
    TopicPartition tp = new TopicPartition(topic, partition);
    long start = consumer.beginningOffsets(List.of(tp), TIMEOUT).get(tp);
    long end = consumer.endOffsets(List.of(tp), TIMEOUT).get(tp);
    return new long[] {start, end};
  }

  /**
   * Reads the partition from its start up to where the audit stops, each record to {@code each}.
   */
  public void read(LogPartition log, Consumer<Record> each, LongConsumer progress) {
    if (log.readUntil() <= log.start()) {
      return;
    }
    TopicPartition tp = new TopicPartition(log.topic(), log.partition());
    consumer.assign(List.of(tp));
    consumer.seek(tp, log.start());
    long position = log.start();
    while (position < log.readUntil()) {
      ConsumerRecords<byte[], byte[]> records = consumer.poll(POLL);
      for (ConsumerRecord<byte[], byte[]> r : records.records(tp)) {
        each.accept(KafkaRunner.record(r));
      }
      // The position also passes offsets no record holds (transaction markers, compacted ones).
      position = consumer.position(tp, TIMEOUT);
      progress.accept(position - log.start());
    }
    consumer.unsubscribe();
  }

  /**
   * The offsets of {@code topic}'s records on a dead letter queue, per partition, from its context
   * headers; {@code unattributed} counts the queue's records without them.
   */
  public DeadLetters deadLetters(String deadLetterTopic, String topic) {
    Map<Integer, Set<Long>> offsets = new HashMap<>();
    long unattributed = 0;
    for (int partition : partitions(deadLetterTopic)) {
      TopicPartition tp = new TopicPartition(deadLetterTopic, partition);
      long end = consumer.endOffsets(List.of(tp), TIMEOUT).get(tp);
      consumer.assign(List.of(tp));
      consumer.seekToBeginning(List.of(tp));
      while (consumer.position(tp, TIMEOUT) < end) {
        for (ConsumerRecord<byte[], byte[]> r : consumer.poll(POLL).records(tp)) {
          String from = header(r, ORIGINAL_TOPIC);
          String p = header(r, ORIGINAL_PARTITION);
          String o = header(r, ORIGINAL_OFFSET);
          if (from == null || p == null || o == null) {
            unattributed++;
          } else if (from.equals(topic)) {
            offsets
                .computeIfAbsent(Integer.parseInt(p.trim()), k -> new HashSet<>())
                .add(Long.parseLong(o.trim()));
          }
        }
      }
    }
    consumer.unsubscribe();
    return new DeadLetters(offsets, unattributed);
  }

  private static String header(ConsumerRecord<byte[], byte[]> r, String name) {
    Header h = r.headers().lastHeader(name);
    return h == null || h.value() == null ? null : new String(h.value(), StandardCharsets.UTF_8);
  }

  @Override
  public void close() {
    consumer.close();
  }
}
