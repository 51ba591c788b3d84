package dev.redsink.core.it;

import dev.redsink.core.RedshiftSink;
import dev.redsink.core.record.Record;
import dev.redsink.emulator.RedshiftEmulator;
import dev.redsink.testkit.Warehouse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/** The test kit's warehouse with a fresh S3 prefix per fixture, fast retries and JSON records. */
final class SinkFixture extends Warehouse {

  final String prefix = "it/" + UUID.randomUUID();

  SinkFixture(RedshiftEmulator emulator) {
    super(emulator);
  }

  /** A sink configuration for one table, staging under this fixture's prefix. */
  Map<String, Object> config(String targetTable) {
    Map<String, Object> c = config(targetTable, prefix);
    c.put("retry_delay", "10ms");
    return c;
  }

  static List<Record> records(String topic, int partition, long from, int count) {
    List<Record> out = new ArrayList<>(count);
    for (long o = from; o < from + count; o++) {
      byte[] value = ("{\"n\":" + o + "}").getBytes(StandardCharsets.UTF_8);
      byte[] key = ("k" + o).getBytes(StandardCharsets.UTF_8);
      out.add(new Record(topic, partition, o, 1_700_000_000_000L + o, key, List.of(), value));
    }
    return out;
  }

  /** The records a writer sends as one batch: writer i writes partition i. */
  interface Batch {
    List<Record> of(int partition, int batch);
  }

  /**
   * Each sink writes {@code batches} batches on a thread of its own, all starting together, as
   * writers of one table in other processes do; returns when all are done, with the first failure.
   */
  static void writeSideBySide(List<RedshiftSink> sinks, int batches, Batch batch) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(sinks.size());
    CyclicBarrier start = new CyclicBarrier(sinks.size());
    try {
      List<Future<?>> done = new ArrayList<>();
      for (int w = 0; w < sinks.size(); w++) {
        int partition = w;
        RedshiftSink sink = sinks.get(w);
        done.add(
            pool.submit(
                () -> {
                  start.await();
                  for (int b = 0; b < batches; b++) {
                    sink.write(batch.of(partition, b));
                  }
                  return null;
                }));
      }
      for (Future<?> f : done) {
        f.get();
      }
    } finally {
      pool.shutdownNow();
    }
  }

  /** Objects left under this fixture's prefix. */
  List<String> stagedObjects() {
    return objects(prefix);
  }
}
