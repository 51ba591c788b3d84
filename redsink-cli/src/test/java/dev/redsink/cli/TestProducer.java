package dev.redsink.cli;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.function.IntFunction;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/** Sends keyless JSON records to a topic, all of them acknowledged when it returns. */
final class TestProducer {
  private TestProducer() {}

  static void send(String bootstrapServers, String topic, int count, IntFunction<String> value) {
    Map<String, Object> config =
        Map.of(
            ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
            ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName(),
            ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
    try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(config)) {
      for (int i = 0; i < count; i++) {
        producer.send(
            new ProducerRecord<>(topic, null, value.apply(i).getBytes(StandardCharsets.UTF_8)));
      }
    }
  }
}
