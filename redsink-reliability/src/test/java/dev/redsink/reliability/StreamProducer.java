package dev.redsink.reliability;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;

/**
 * Writes a {@link SourceStream} into its Kafka topic so that partition p's record at offset o is
 * exactly {@code stream.record(p, o)}: the checks compare the ledger with the stream's end offsets,
 * so a record lost or written twice by the producer would look like the sink's fault.
 */
final class StreamProducer {

  private StreamProducer() {}

  /**
   * Produces offsets [from, to) of every partition; {@code open} makes a byte-array producer from
   * the extra settings given. Fails when any send failed.
   */
  static void produce(
      SourceStream stream,
      long from,
      long to,
      Function<Map<String, Object>, Producer<byte[], byte[]>> open) {
    Map<String, Object> props = new HashMap<>();
    props.put(ProducerConfig.LINGER_MS_CONFIG, 20);
    props.put(ProducerConfig.BATCH_SIZE_CONFIG, 256 * 1024);
    // Idempotent, so a retried send lands once; one request in flight, so a retry
    // (NOT_LEADER_OR_FOLLOWER right after the topic's creation) cannot be overtaken by the next
    // batch, which the broker then refuses for ever as OUT_OF_ORDER_SEQUENCE_NUMBER.
    props.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
    props.put(ProducerConfig.MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION, 1);
    AtomicReference<Exception> failed = new AtomicReference<>();
    try (Producer<byte[], byte[]> producer = open.apply(props)) {
      for (long o = from; o < Math.min(to, stream.perPartition()); o++) {
        for (int p = 0; p < stream.partitions(); p++) {
          var r = stream.record(p, o);
          producer.send(
              new ProducerRecord<>(stream.topic(), p, r.key(), r.value()),
              (metadata, e) -> {
                if (e != null) {
                  failed.compareAndSet(null, e);
                }
              });
        }
        if (failed.get() != null) {
          break;
        }
      }
      producer.flush();
    }
    if (failed.get() != null) {
      throw new IllegalStateException(
          "Cannot produce " + stream.topic() + " for the scenario: " + failed.get(), failed.get());
    }
  }

  /** A byte-array producer for a bootstrap address with the extra settings given. */
  static Function<Map<String, Object>, Producer<byte[], byte[]>> to(String bootstrapServers) {
    return extra -> {
      Map<String, Object> config = new HashMap<>(extra);
      config.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
      config.put(
          ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG,
          org.apache.kafka.common.serialization.ByteArraySerializer.class.getName());
      config.put(
          ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG,
          org.apache.kafka.common.serialization.ByteArraySerializer.class.getName());
      return new KafkaProducer<>(config);
    };
  }
}
