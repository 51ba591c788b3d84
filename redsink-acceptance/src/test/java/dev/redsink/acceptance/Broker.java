package dev.redsink.acceptance;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * The Kafka side as a user sees it: topics, messages produced in order with their partition,
 * timestamp, key and headers, and how far a consumer group has committed (its lag).
 */
final class Broker implements AutoCloseable {
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

  void createTopic(String topic, int partitions) throws Exception {
    admin.createTopics(List.of(new NewTopic(topic, partitions, (short) 1))).all().get();
  }

  /** Produces the messages in order and waits until every one is acknowledged. */
  void produce(Cell cell, String topic, List<Message> messages) throws Exception {
    List<Future<RecordMetadata>> sent = new ArrayList<>();
    for (Message m : messages) {
      List<org.apache.kafka.common.header.Header> headers = new ArrayList<>();
      for (Message.HeaderValue h : m.headers()) {
        headers.add(
            new RecordHeader(
                h.name(),
                h.value() == null
                    ? null
                    : h.value().getBytes(java.nio.charset.StandardCharsets.UTF_8)));
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
        admin.listConsumerGroupOffsets(group).partitionsToOffsetAndMetadata().get();
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

  @Override
  public void close() {
    producer.close();
    admin.close();
  }
}
