package dev.redsink.bench;

import dev.redsink.core.RedshiftSink;
import dev.redsink.core.record.TopicPartition;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.locks.LockSupport;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.connect.util.clusters.EmbeddedConnectCluster;

/**
 * Freshness through Kafka Connect: records produced at a steady rate into one partition, loaded by
 * Redsink's connector into the emulator (with a cost profile), and the time from each record's
 * produce timestamp to the moment a reader first sees its row.
 *
 * <p>The producer stamps each record with the wall-clock time it is sent and remembers it by
 * offset. A reader polls Redsink's ledger every {@code --poll-ms} ({@code
 * RedshiftSink.nextOffsets}, one small SELECT): the ledger moves in the same transaction as the
 * rows, in offset order (one partition, one task), so the offsets below its new position became
 * visible between the two polls, and each one's latency is the poll's time minus its produce time
 * (an upper bound, late by at most one poll interval). Polling the table itself ({@code
 * max(pico_offset)}) would scan every row on every poll and slow the database it measures.
 *
 * <p>With {@code --prime=N} the run measures a pipeline that is running, not one starting: the
 * producer first sends N records at {@code --prime-rate} (half the rate unless given), and the
 * steady rate, for {@code --seconds}, starts when the connector has loaded all of them: its task
 * started and joined the group, the table created, and the JVMs' compilers past the start. Records
 * of the first {@code --warmup-s} seconds of the steady rate are left out too. Without it ({@code
 * --prime=0}, the default, as every run before it) the rate starts with the connector, so its
 * start-up backlog is part of what is measured.
 *
 * <p>With {@code --shape=cdc} the records are Debezium change events ({@link ChangeEvents}; a
 * delete is two records, the event and its tombstone) applied by a typed {@code write.mode = cdc}
 * connector, and {@code --rate} counts change-event records.
 *
 * <p>Options: {@code --rate=20000 --seconds=90 --warmup-s=15 --poll-ms=100 --flush-interval-ms=1000
 * --flush-max-bytes=67108864 --max-file-bytes=32MB --cost-profile=redshift --shape=json1k|cdc
 * --converter=json|bytes --prime=0 --prime-rate=rate/2 --trace=false}; {@code --converter=bytes}
 * (cdc only) has the connector read keys and values with ByteArrayConverter, as
 * docs/table-layouts.md advises where no transform needs structs.
 */
public final class Freshness {
  private Freshness() {}

  public static void main(String[] argv) throws Exception {
    Logging.quiet();
    Args args = new Args(argv);
    int rate = args.integer("rate", 20_000);
    int seconds = args.integer("seconds", 90);
    int warmup = args.integer("warmup-s", 15);
    int pollMs = args.integer("poll-ms", 100);
    int prime = args.integer("prime", 0);
    int primeRate = args.integer("prime-rate", rate / 2);
    String flushInterval = args.string("flush-interval-ms", "1000");
    String flushMaxBytes = args.string("flush-max-bytes", Long.toString(64L << 20));
    String costProfile = args.string("cost-profile", "redshift");
    boolean cdc = args.string("shape", "json1k").equals("cdc");
    String maxFileBytes = args.string("max-file-bytes", cdc ? "" : "32MB");
    boolean rawBytes = args.string("converter", "json").equals("bytes");
    boolean trace = args.string("trace", "false").equals("true");
    String topic = cdc ? ChangeEvents.TOPIC : ConnectEndToEnd.TOPIC;
    int total = prime + rate * seconds;
    System.out.printf(
        "# freshness: %,d records/s for %d s (%,d records, %s), flush.interval.ms %s,"
            + " flush.max.bytes %s, max.file.bytes %s, cost profile %s, poll every %d ms, first"
            + " %d s left out, %,d records first at %,d/s%n",
        rate,
        seconds,
        total,
        cdc
            ? "Debezium change events into a typed cdc table, "
                + (rawBytes ? "ByteArrayConverter" : "JsonConverter")
            : "1 KiB JSON",
        flushInterval,
        flushMaxBytes,
        maxFileBytes.isEmpty() ? "default" : maxFileBytes,
        costProfile,
        pollMs,
        warmup,
        prime,
        primeRate);
    AtomicLongArray produced = new AtomicLongArray(total);
    long[] visible = new long[total];
    EmbeddedConnectCluster connect = null;
    try (EmulatorProcess emulator = EmulatorProcess.start(costProfile)) {
      Endpoint endpoint = emulator.endpoint();
      connect = ConnectEndToEnd.startConnect();
      connect.kafka().createTopic(topic, 1);
      String table = "bench_freshness";
      Map<String, String> config =
          cdc
              ? CdcEndToEnd.converters(CdcEndToEnd.redsink(endpoint, table, ""), rawBytes)
              : BenchConnectors.redsink(endpoint, table, 0, "");
      config.remove("batch.size");
      if (!maxFileBytes.isEmpty()) {
        config.put("max.file.bytes", maxFileBytes);
      }
      config.put("flush.interval.ms", flushInterval);
      config.put("flush.max.bytes", flushMaxBytes);
      connect.configureConnector("freshness", config);
      AtomicBoolean producing = new AtomicBoolean(true);
      EmbeddedConnectCluster cluster = connect;
      CountDownLatch started = new CountDownLatch(prime > 0 ? 1 : 0);
      AtomicLong steadyFrom = new AtomicLong();
      Thread producer =
          new Thread(
              () ->
                  produce(
                      cluster,
                      topic,
                      cdc,
                      new Pace(rate, primeRate, total, prime, started, steadyFrom),
                      produced,
                      producing),
              "producer");
      long start = System.currentTimeMillis();
      producer.start();
      TopicPartition partition = new TopicPartition(topic, 0);
      try (RedshiftSink reader =
          RedshiftSink.open(endpoint.sinkConfig(table, "freshness-reader"))) {
        long seen = -1;
        while (seen < total - 1) {
          long now = System.currentTimeMillis();
          long max = reader.nextOffsets(List.of(partition)).getOrDefault(partition, 0L) - 1;
          for (long o = seen + 1; o <= max; o++) {
            visible[(int) o] = now;
          }
          if (trace && max > seen) {
            System.out.printf(
                "  %6.1f s: visible to offset %,d (%,d more)%n",
                (now - start) / 1000.0, max, max - seen);
          }
          seen = Math.max(seen, max);
          if (seen >= prime - 1) {
            started.countDown();
          }
          if (now - start > (seconds + 300) * 1000L) {
            throw new IllegalStateException("Rows stopped arriving at offset " + seen);
          }
          Thread.sleep(pollMs);
        }
      }
      producer.join();
      ConnectEndToEnd.printPhases("freshness");
      report(produced, visible, steadyFrom.get() + warmup * 1000L, rate);
    } finally {
      if (connect != null) {
        connect.stop();
      }
    }
    System.exit(0);
  }

  /**
   * How the producer paces its records: the first {@code prime} as soon as it can, and once the
   * connector has loaded them ({@code started}), the rest at {@code rate} from {@code steadyFrom}.
   */
  private record Pace(
      int rate,
      int primeRate,
      int total,
      int prime,
      CountDownLatch started,
      AtomicLong steadyFrom) {}

  /** Sends at a steady rate, each record stamped with its send time, kept by offset. */
  private static void produce(
      EmbeddedConnectCluster connect,
      String topic,
      boolean cdc,
      Pace pace,
      AtomicLongArray produced,
      AtomicBoolean producing) {
    ConnectEndToEnd.Values values = new ConnectEndToEnd.Values();
    ChangeEvents changes = new ChangeEvents(42);
    Deque<ChangeEvents.Message> pending = new ArrayDeque<>();
    long periodNanos = 1_000_000_000L / pace.primeRate();
    long next = System.nanoTime();
    try (KafkaProducer<byte[], byte[]> producer =
        connect.kafka().createProducer(ConnectEndToEnd.producerProps())) {
      for (int i = 0; i < pace.total(); i++) {
        if (i == pace.prime()) {
          producer.flush();
          awaitStart(pace.started());
          pace.steadyFrom().set(System.currentTimeMillis());
          periodNanos = 1_000_000_000L / pace.rate();
          next = System.nanoTime();
        }
        long wait = next - System.nanoTime();
        if (wait > 0) {
          LockSupport.parkNanos(wait);
        }
        next += periodNanos;
        long sent = System.currentTimeMillis();
        byte[] key = null;
        byte[] value;
        if (cdc) {
          if (pending.isEmpty()) {
            pending.addAll(changes.next());
          }
          ChangeEvents.Message m = pending.poll();
          key = m.key();
          value = m.value();
        } else {
          value = values.value(i);
        }
        producer.send(
            new ProducerRecord<>(topic, 0, sent, key, value),
            (metadata, e) -> {
              if (e == null) {
                produced.set((int) metadata.offset(), sent);
              }
            });
      }
      producer.flush();
    } finally {
      producing.set(false);
    }
  }

  private static void awaitStart(CountDownLatch started) {
    try {
      if (!started.await(5, TimeUnit.MINUTES)) {
        throw new IllegalStateException("The connector loaded none of the first records in 5 min");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private static void report(
      AtomicLongArray produced, long[] visible, long measuredFrom, int rate) {
    long[] latencies = new long[visible.length];
    int n = 0;
    long firstMeasured = Long.MAX_VALUE;
    long lastMeasured = 0;
    for (int o = 0; o < visible.length; o++) {
      long sent = produced.get(o);
      if (sent >= measuredFrom) {
        latencies[n++] = visible[o] - sent;
        firstMeasured = Math.min(firstMeasured, sent);
        lastMeasured = Math.max(lastMeasured, sent);
      }
    }
    long[] measured = Arrays.copyOf(latencies, n);
    printWindows(produced, visible, measuredFrom);
    Arrays.sort(measured);
    double achieved = n / Math.max(1e-3, (lastMeasured - firstMeasured) / 1000.0);
    System.out.printf(
        "records measured %,d (produced at %,.0f records/s, asked %,d)%n"
            + "latency ms: p50 %,d  p90 %,d  p99 %,d  max %,d%n",
        n,
        achieved,
        rate,
        percentile(measured, 0.50),
        percentile(measured, 0.90),
        percentile(measured, 0.99),
        measured.length == 0 ? 0 : measured[measured.length - 1]);
  }

  /**
   * Each 10 s of send time after the warm-up, its records' p50 and max latency: a pipeline that
   * keeps up shows flat windows, one that falls behind a rising line.
   */
  private static void printWindows(AtomicLongArray produced, long[] visible, long measuredFrom) {
    Map<Long, List<Long>> windows = new TreeMap<>();
    for (int o = 0; o < visible.length; o++) {
      long sent = produced.get(o);
      if (sent >= measuredFrom) {
        windows
            .computeIfAbsent((sent - measuredFrom) / 10_000, w -> new ArrayList<>())
            .add(visible[o] - sent);
      }
    }
    windows.forEach(
        (w, latencies) -> {
          long[] sorted = latencies.stream().mapToLong(Long::longValue).sorted().toArray();
          System.out.printf(
              "  sent at %3d-%3d s after the warm-up: %,7d records, latency p50 %,d ms, max %,d ms%n",
              w * 10,
              w * 10 + 10,
              sorted.length,
              percentile(sorted, 0.50),
              sorted[sorted.length - 1]);
        });
  }

  private static long percentile(long[] sorted, double p) {
    if (sorted.length == 0) {
      return 0;
    }
    return sorted[(int) Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
  }
}
