package dev.redsink.reliability;

import dev.redsink.core.RedshiftSink;
import dev.redsink.core.error.RedsinkException;
import dev.redsink.core.record.LoadResult;
import dev.redsink.core.record.Record;
import dev.redsink.core.record.TopicPartition;
import dev.redsink.emulator.RedshiftEmulator;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A minimal runtime over the engine, as Kafka Connect or {@code redsink run} drive it: resume each
 * partition from the ledger, hand over batches in offset order, and on a transient failure reopen
 * the sink and resume from the ledger again; stop on anything else.
 */
final class StreamLoader {

  private static final int MAX_RESTARTS = 30;

  private final Map<String, Object> config;
  private final SourceStream stream;
  private final int chunkPerPartition;
  private final FaultPlan plan;
  private final RedshiftEmulator emulator;

  StreamLoader(
      Map<String, Object> config,
      SourceStream stream,
      int chunkPerPartition,
      FaultPlan plan,
      RedshiftEmulator emulator) {
    this.config = config;
    this.stream = stream;
    this.chunkPerPartition = chunkPerPartition;
    this.plan = plan;
    this.emulator = emulator;
  }

  LoadRun run() {
    long start = System.nanoTime();
    int writes = 0;
    long loaded = 0;
    long committed = 0;
    int retries = 0;
    int restarts = 0;
    long longest = 0;
    long episodeStart = -1;
    Optional<String> stopped = Optional.empty();
    RedshiftSink sink = RedshiftSink.open(config);
    try {
      Map<Integer, Long> next = resume(sink);
      while (!done(next)) {
        List<Record> batch = new ArrayList<>();
        for (int p = 0; p < stream.partitions(); p++) {
          batch.addAll(stream.slice(p, next.get(p), chunkPerPartition));
        }
        plan.beforeWrite(writes++, emulator);
        long t0 = System.nanoTime();
        try {
          LoadResult result = sink.write(batch);
          int attempts = result.tables().stream().mapToInt(t -> t.attempts()).max().orElse(1);
          retries += attempts - 1;
          if (attempts > 1 && episodeStart < 0) {
            episodeStart = t0;
          }
          if (episodeStart >= 0) {
            longest = Math.max(longest, System.nanoTime() - episodeStart);
            episodeStart = -1;
          }
          loaded += result.loaded();
          committed += result.committedRecords();
          for (Map.Entry<TopicPartition, Long> e : result.next().entrySet()) {
            next.merge(e.getKey().partition(), e.getValue(), Math::max);
          }
        } catch (RedsinkException e) {
          if (!e.isTransient() || restarts >= MAX_RESTARTS) {
            stopped = Optional.of(e.getMessage());
            break;
          }
          restarts++;
          if (episodeStart < 0) {
            episodeStart = t0;
          }
          sink.close();
          sink = reopen();
          next = resume(sink);
        }
      }
    } finally {
      sink.close();
    }
    return new LoadRun(
        writes,
        loaded,
        committed,
        retries,
        restarts,
        Duration.ofNanos(longest),
        Duration.ofNanos(System.nanoTime() - start),
        stopped);
  }

  /** Opens the sink again after a failure, waiting out an outage for a few seconds. */
  private RedshiftSink reopen() {
    RedsinkException last = null;
    for (int i = 0; i < 20; i++) {
      try {
        return RedshiftSink.open(config);
      } catch (RedsinkException e) {
        last = e;
        sleep(250);
      }
    }
    throw last;
  }

  private Map<Integer, Long> resume(RedshiftSink sink) {
    Map<TopicPartition, Long> ledger = sink.nextOffsets(stream.topicPartitions());
    Map<Integer, Long> next = new HashMap<>();
    for (TopicPartition tp : stream.topicPartitions()) {
      next.put(tp.partition(), ledger.getOrDefault(tp, 0L));
    }
    return next;
  }

  private boolean done(Map<Integer, Long> next) {
    return next.values().stream().allMatch(o -> o >= stream.perPartition());
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    }
  }
}
