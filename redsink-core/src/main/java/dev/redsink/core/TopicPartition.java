package dev.redsink.core;

/** A partition of a topic; runtimes without partitions use partition 0. */
public record TopicPartition(String topic, int partition) {

  @Override
  public String toString() {
    return topic + "-" + partition;
  }
}
