package dev.redsink.kafka.connect;

import dev.redsink.core.error.BadRecordException;
import dev.redsink.core.error.RedsinkException;
import dev.redsink.core.record.LoadResult;
import dev.redsink.core.record.Record;
import dev.redsink.core.record.TopicPartition;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * An in-memory engine with a ledger: skips what the ledger covers, rejects values spelled "BAD",
 * and fails the next writes when told to.
 */
final class FakeLoader implements Loader {
  static final byte[] BAD = "BAD".getBytes(StandardCharsets.UTF_8);

  final Map<TopicPartition, Long> ledger = new HashMap<>();
  final List<Record> rows = new ArrayList<>();
  final List<List<Record>> writes = new ArrayList<>();
  final Deque<RedsinkException> failures = new ArrayDeque<>();

  /** Failures the next reads of the ledger throw, one each. */
  final Deque<RedsinkException> ledgerFailures = new ArrayDeque<>();

  final List<String> rejectedAtWrite = new ArrayList<>();
  boolean closed;

  @Override
  public LoadResult write(List<Record> batch, Map<TopicPartition, Long> settledThrough) {
    writes.add(List.copyOf(batch));
    if (!failures.isEmpty()) {
      throw failures.pop();
    }
    for (Record r : batch) {
      if (rejectedAtWrite.contains(r.id())) {
        throw new BadRecordException(r.id(), "Cannot encode record " + r.id() + ": rejected");
      }
    }
    int skipped = 0;
    Map<TopicPartition, Long> next = new HashMap<>();
    Map<TopicPartition, Integer> committed = new HashMap<>();
    for (Record r : batch) {
      TopicPartition tp = new TopicPartition(r.topic(), r.partition());
      if (r.offset() < ledger.getOrDefault(tp, 0L)) {
        skipped++;
        continue;
      }
      rows.add(r);
      committed.merge(tp, 1, Integer::sum);
      next.merge(tp, r.offset() + 1, Math::max);
    }
    settledThrough.forEach(
        (tp, offset) -> {
          if (offset > ledger.getOrDefault(tp, 0L)) {
            next.merge(tp, offset, Math::max);
          }
        });
    ledger.putAll(next);
    return new LoadResult(
        batch.size(), skipped, batch.size() - skipped, List.of(), next, committed);
  }

  @Override
  public Optional<BadRecordException> check(Record record) {
    if (Arrays.equals(record.value(), BAD)) {
      return Optional.of(
          new BadRecordException(
              record.id(), "Cannot encode record " + record.id() + ": the payload is bad"));
    }
    return Optional.empty();
  }

  @Override
  public Map<TopicPartition, Long> nextOffsets(Collection<TopicPartition> partitions) {
    if (!ledgerFailures.isEmpty()) {
      throw ledgerFailures.pop();
    }
    Map<TopicPartition, Long> next = new HashMap<>();
    for (TopicPartition tp : partitions) {
      if (ledger.containsKey(tp)) {
        next.put(tp, ledger.get(tp));
      }
    }
    return next;
  }

  /** Set to take tombstones as write_mode = upsert with delete_on_tombstone does. */
  boolean appliesTombstones;

  @Override
  public boolean appliesTombstones() {
    return appliesTombstones;
  }

  @Override
  public Duration retryDelay(int failures) {
    return Duration.ofMillis(250L * failures);
  }

  /** Set to fail the task once a batch has kept failing this long. */
  Duration retryTimeout = Duration.ZERO;

  @Override
  public Duration retryTimeout() {
    return retryTimeout;
  }

  @Override
  public void close() {
    closed = true;
  }

  List<Long> offsetsLoaded(String topic, int partition) {
    return rows.stream()
        .filter(r -> r.topic().equals(topic) && r.partition() == partition)
        .map(Record::offset)
        .toList();
  }
}
