package dev.redsink.reliability;

import dev.redsink.core.record.Record;
import dev.redsink.core.record.TopicPartition;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A generated message log: one topic, a few partitions of equal length, deterministic small JSON
 * payloads, so any run can be regenerated from its parameters (no seed needed).
 */
record SourceStream(String topic, int partitions, long perPartition) {

  /** About {@code total} records spread over four partitions. */
  static SourceStream of(String topic, int total) {
    return new SourceStream(topic, 4, (total + 3) / 4);
  }

  long total() {
    return perPartition * partitions;
  }

  List<TopicPartition> topicPartitions() {
    List<TopicPartition> out = new ArrayList<>();
    for (int p = 0; p < partitions; p++) {
      out.add(new TopicPartition(topic, p));
    }
    return out;
  }

  /** The log end offsets: what the ledger must hold once everything is loaded. */
  Map<TopicPartition, Long> endOffsets() {
    Map<TopicPartition, Long> out = new LinkedHashMap<>();
    topicPartitions().forEach(tp -> out.put(tp, perPartition));
    return out;
  }

  /** Records [from, from + count) of one partition, clipped at its end. */
  List<Record> slice(int partition, long from, long count) {
    long to = Math.min(perPartition, from + count);
    List<Record> out = new ArrayList<>((int) Math.max(0, to - from));
    for (long o = from; o < to; o++) {
      out.add(record(partition, o));
    }
    return out;
  }

  Record record(int partition, long offset) {
    byte[] value =
        ("{\"p\":"
                + partition
                + ",\"o\":"
                + offset
                + ",\"v\":\"order-"
                + (offset * 31 % 997)
                + "\"}")
            .getBytes(StandardCharsets.UTF_8);
    byte[] key = ("k" + (offset % 1000)).getBytes(StandardCharsets.UTF_8);
    return new Record(topic, partition, offset, 1_700_000_000_000L + offset, key, List.of(), value);
  }
}
