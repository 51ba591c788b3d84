package dev.redsink.acceptance;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.admin.MemberDescription;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.common.errors.GroupIdNotFoundException;
import org.apache.kafka.common.errors.RetriableException;
import org.apache.kafka.common.errors.UnknownServerException;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * The Kafka side as a user sees it: topics, messages produced in order with their partition,
 * timestamp, key and headers, and how far a consumer group has committed (its lag).
 */
final class Broker implements AutoCloseable {
  /** How long a query is asked again while the broker answers with a passing error. */
  private static final Duration PASSING_ERRORS = Duration.ofSeconds(20);

  private final String bootstrapServers;
  private final Admin admin;
  private final KafkaProducer<byte[], byte[]> producer;

  Broker(String bootstrapServers) {
    this.bootstrapServers = bootstrapServers;
    Properties a = new Properties();
    a.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
    this.admin = Admin.create(a);
    Properties p = new Properties();
    p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
    p.put(ProducerConfig.ACKS_CONFIG, "all");
    p.put(ProducerConfig.MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION, 1);
    p.put(ProducerConfig.LINGER_MS_CONFIG, 5);
    p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
    p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
    this.producer = new KafkaProducer<>(p);
  }

  String bootstrapServers() {
    return bootstrapServers;
  }

  /**
   * Creates a topic that keeps its records: the inputs carry timestamps from years ago, which the
   * broker's default retention (7 days, by record timestamp) would delete at its next check, in the
   * middle of a cell, before a restarted runtime has loaded them.
   */
  void createTopic(String topic, int partitions) throws Exception {
    NewTopic t =
        new NewTopic(topic, partitions, (short) 1)
            .configs(Map.of(TopicConfig.RETENTION_MS_CONFIG, "-1"));
    admin.createTopics(List.of(t)).all().get();
  }

  /** Produces the messages in order and waits until every one is acknowledged. */
  void produce(Cell cell, String topic, List<Message> messages) throws Exception {
    List<Future<RecordMetadata>> sent = new ArrayList<>();
    for (Message m : messages) {
      List<org.apache.kafka.common.header.Header> headers = new ArrayList<>();
      for (Message.HeaderValue h : m.headers()) {
        headers.add(
            new RecordHeader(
                h.name(), h.value() == null ? null : h.value().getBytes(StandardCharsets.UTF_8)));
      }
      sent.add(
          producer.send(
              new ProducerRecord<>(
                  topic,
                  m.partition(),
                  m.timestamp(),
                  Encoding.key(cell, m),
                  Encoding.value(cell, m),
                  headers)));
    }
    producer.flush();
    for (Future<RecordMetadata> f : sent) {
      f.get();
    }
  }

  /** The end offset per partition after these messages (from offset 0). */
  static Map<Integer, Long> ends(Cell cell, List<Message> messages) {
    Map<Integer, Long> ends = new HashMap<>();
    for (int p = 0; p < cell.partitions(); p++) {
      ends.put(p, 0L);
    }
    messages.forEach(m -> ends.merge(m.partition(), 1L, Long::sum));
    return ends;
  }

  /** The offsets a consumer group committed for a topic's partitions (absent: none yet). */
  Map<Integer, Long> committed(String group, String topic)
      throws InterruptedException, ExecutionException {
    Map<Integer, Long> out = new HashMap<>();
    Map<TopicPartition, OffsetAndMetadata> offsets =
        asked(() -> admin.listConsumerGroupOffsets(group).partitionsToOffsetAndMetadata().get());
    offsets.forEach(
        (tp, om) -> {
          if (om != null && tp.topic().equals(topic)) {
            out.put(tp.partition(), om.offset());
          }
        });
    return out;
  }

  /** Whether the group committed every partition up to {@code ends}. */
  boolean caughtUp(String group, String topic, Map<Integer, Long> ends)
      throws InterruptedException, ExecutionException {
    Map<Integer, Long> committed = committed(group, topic);
    for (Map.Entry<Integer, Long> e : ends.entrySet()) {
      if (committed.getOrDefault(e.getKey(), 0L) < e.getValue()) {
        return false;
      }
    }
    return true;
  }

  /** How many of a topic's partitions the group's members hold now (0 before it formed). */
  int assigned(String group, String topic) throws InterruptedException, ExecutionException {
    ConsumerGroupDescription d;
    try {
      d = asked(() -> admin.describeConsumerGroups(List.of(group)).all().get().get(group));
    } catch (ExecutionException e) {
      if (e.getCause() instanceof GroupIdNotFoundException) {
        return 0; // the consumer has not joined yet
      }
      throw e;
    }
    int n = 0;
    for (MemberDescription m : d.members()) {
      n +=
          (int)
              m.assignment().topicPartitions().stream()
                  .filter(tp -> tp.topic().equals(topic))
                  .count();
    }
    return n;
  }

  /**
   * What each dead letter queue holds, per topic: the records it was given, each named by Kafka
   * Connect's error headers as {@code topic-partition@offset} (read from the beginning to the end
   * the topics have now).
   */
  Map<String, List<String>> deadLetters(Collection<String> topics) {
    Map<String, List<String>> out = new HashMap<>();
    topics.forEach(t -> out.put(t, new ArrayList<>()));
    Properties c = new Properties();
    c.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
    c.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
    c.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
    try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(c)) {
      List<TopicPartition> partitions = new ArrayList<>();
      for (String topic : topics) {
        consumer
            .partitionsFor(topic, Duration.ofSeconds(30))
            .forEach(p -> partitions.add(new TopicPartition(topic, p.partition())));
      }
      consumer.assign(partitions);
      consumer.seekToBeginning(partitions);
      Map<TopicPartition, Long> ends = consumer.endOffsets(partitions);
      long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
      while (partitions.stream().anyMatch(p -> consumer.position(p) < ends.get(p))) {
        if (System.nanoTime() > deadline) {
          throw new IllegalStateException("Cannot read the dead letter queues " + topics);
        }
        for (ConsumerRecord<byte[], byte[]> r : consumer.poll(Duration.ofMillis(500))) {
          out.get(r.topic())
              .add(
                  header(r, "__connect.errors.topic")
                      + "-"
                      + header(r, "__connect.errors.partition")
                      + "@"
                      + header(r, "__connect.errors.offset"));
        }
      }
    }
    return out;
  }

  private static String header(ConsumerRecord<byte[], byte[]> r, String name) {
    org.apache.kafka.common.header.Header h = r.headers().lastHeader(name);
    return h == null ? "(no " + name + ")" : new String(h.value(), StandardCharsets.UTF_8);
  }

  /** A question to the broker. */
  private interface Question<T> {
    T ask() throws InterruptedException, ExecutionException;
  }

  /**
   * Asks again while the broker answers with a passing error: a coordinator that moves or is still
   * loading its groups, or the {@code UNKNOWN_SERVER_ERROR} a group coordinator has answered to an
   * offset or group query while the group was forming. A test that polls the broker reads such an
   * answer as "not yet", not as the end of every cell that waits on it.
   */
  private static <T> T asked(Question<T> question) throws InterruptedException, ExecutionException {
    long deadline = System.nanoTime() + PASSING_ERRORS.toNanos();
    while (true) {
      try {
        return question.ask();
      } catch (ExecutionException e) {
        boolean passing =
            e.getCause() instanceof RetriableException
                || e.getCause() instanceof UnknownServerException;
        if (!passing || System.nanoTime() > deadline) {
          throw e;
        }
        Thread.sleep(500);
      }
    }
  }

  @Override
  public void close() {
    producer.close();
    admin.close();
  }
}
