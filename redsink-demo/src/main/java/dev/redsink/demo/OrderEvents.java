package dev.redsink.demo;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/** Sample order events (JSON, keyed by customer) produced to orders.eu and orders.us. */
final class OrderEvents {
  /** The demo's topics, matched by the Quick start's pattern {@code orders\..*}. */
  static final List<String> TOPICS = List.of("orders.eu", "orders.us");

  private static final String[] PRODUCTS = {"kettle", "lamp", "chair", "desk", "mug", "rug"};

  private OrderEvents() {}

  /** Produces {@code count} events, alternating between the topics, from a fixed seed. */
  static void produce(String bootstrapServers, long count, long seed) {
    Map<String, Object> config =
        Map.of(
            ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
            bootstrapServers,
            ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG,
            ByteArraySerializer.class.getName(),
            ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG,
            ByteArraySerializer.class.getName(),
            ProducerConfig.LINGER_MS_CONFIG,
            20,
            ProducerConfig.BATCH_SIZE_CONFIG,
            256 * 1024,
            ProducerConfig.COMPRESSION_TYPE_CONFIG,
            "lz4",
            ProducerConfig.ACKS_CONFIG,
            "all");
    SplittableRandom random = new SplittableRandom(seed);
    try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(config)) {
      for (long i = 0; i < count; i++) {
        String topic = TOPICS.get((int) (i % TOPICS.size()));
        String region = topic.substring(topic.indexOf('.') + 1);
        String customer = "c-" + random.nextInt(1000);
        String json =
            String.format(
                Locale.ROOT,
                "{\"order_id\":%d,\"region\":\"%s\",\"customer\":\"%s\",\"product\":\"%s\","
                    + "\"quantity\":%d,\"amount\":%.2f}",
                i,
                region,
                customer,
                PRODUCTS[random.nextInt(PRODUCTS.length)],
                1 + random.nextInt(5),
                1 + random.nextInt(50_000) / 100.0);
        producer.send(
            new ProducerRecord<>(
                topic,
                customer.getBytes(StandardCharsets.UTF_8),
                json.getBytes(StandardCharsets.UTF_8)));
      }
      producer.flush();
    }
  }
}
