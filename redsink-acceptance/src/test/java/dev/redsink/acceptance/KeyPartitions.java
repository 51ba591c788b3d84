package dev.redsink.acceptance;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.common.utils.Utils;

/**
 * Which partition Kafka's default partitioner gives a Debezium record of an integer key {@code id}:
 * the murmur2 hash of the key as JsonConverter serialised it, taken from a record of the topic with
 * only the id changed, and checked against where the topic's records are.
 */
final class KeyPartitions {
  private static final Pattern ID = Pattern.compile("\"payload\":\\{\"id\":(-?\\d+)}");

  private final String template;
  private final int partitions;

  private KeyPartitions(String template, int partitions) {
    this.template = template;
    this.partitions = partitions;
  }

  /** Learns the key's form from {@code records} and checks every record is where it would be. */
  static KeyPartitions of(ConsumerRecords<byte[], byte[]> records, int partitions) {
    KeyPartitions found = null;
    int checked = 0;
    for (ConsumerRecord<byte[], byte[]> r : records) {
      String key = new String(r.key(), StandardCharsets.UTF_8);
      Matcher m = ID.matcher(key);
      assertThat(m.find()).as("a record key of the form %s", ID).isTrue();
      if (found == null) {
        found =
            new KeyPartitions(
                key.substring(0, m.start()) + "%s" + key.substring(m.end()), partitions);
      }
      assertThat(found.of(Integer.parseInt(m.group(1))))
          .as("the partition of key %s", key)
          .isEqualTo(r.partition());
      checked++;
    }
    assertThat(checked).as("records of the topic").isPositive();
    return found;
  }

  /** The partition of the record whose key is {@code id}. */
  int of(int id) {
    byte[] key =
        String.format(template, "\"payload\":{\"id\":" + id + "}").getBytes(StandardCharsets.UTF_8);
    return Utils.toPositive(Utils.murmur2(key)) % partitions;
  }
}
