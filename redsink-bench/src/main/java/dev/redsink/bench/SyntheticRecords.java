package dev.redsink.bench;

import dev.redsink.core.record.Record;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/** Seeded, reproducible message-log records of one payload shape, one topic-partition. */
public final class SyntheticRecords {
  /** The seed every benchmark uses, so runs see the same bytes. */
  public static final long SEED = 20_261_129L;

  private final String topic;
  private final int partition;
  private final PayloadShape shape;
  private final SplittableRandom random;

  public SyntheticRecords(String topic, int partition, PayloadShape shape) {
    this.topic = topic;
    this.partition = partition;
    this.shape = shape;
    this.random = new SplittableRandom(SEED);
  }

  /** The records with offsets {@code from} .. {@code from + count - 1}. */
  public List<Record> next(long from, int count) {
    List<Record> out = new ArrayList<>(count);
    for (long offset = from; offset < from + count; offset++) {
      byte[] key = ("key-" + offset % 10_000).getBytes(StandardCharsets.US_ASCII);
      long timestamp = 1_764_000_000_000L + offset;
      out.add(
          new Record(
              topic, partition, offset, timestamp, key, List.of(), shape.value(offset, random)));
    }
    return out;
  }

  public PayloadShape shape() {
    return shape;
  }
}
