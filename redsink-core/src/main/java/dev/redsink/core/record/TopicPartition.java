package dev.redsink.core.record;

import java.util.Comparator;

/** A partition of a topic; runtimes without partitions use partition 0. */
public record TopicPartition(String topic, int partition) {

  /** By topic, then partition number. */
  public static final Comparator<TopicPartition> ORDER =
      Comparator.comparing(TopicPartition::topic).thenComparingInt(TopicPartition::partition);

  @Override
  public String toString() {
    return topic + "-" + partition;
  }
}
