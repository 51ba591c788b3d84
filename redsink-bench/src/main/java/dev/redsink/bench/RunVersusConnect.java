package dev.redsink.bench;

import dev.redsink.emulator.kafka.EmbeddedKafka;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * {@code redsink run} against the Kafka Connect plugin, each with its default settings, on the same
 * topic, machine and emulator, in the same run: each runtime is a process of its own ({@code java
 * -jar redsink.jar run} with a quick-start-style connector file; Connect's own {@code
 * ConnectStandalone} with the plugin and ByteArrayConverter), so both pay their JVM, consumer,
 * garbage collector and JIT, and the CPU each spent is read from /proc. The broker runs in this
 * JVM, the emulator in another.
 *
 * <p>A run is timed from its first committed load until 90% of the topic is loaded (so neither the
 * processes' start nor the plugin's flush interval for the last partial load counts), then waited
 * on until every row is there. Records per second and CPU microseconds per record are taken over
 * that window.
 *
 * <p>Options: {@code --records=400000 --partitions=2 --runs=3 --cost-profile=off
 * --jar=redsink-cli/target/redsink.jar --out=FILE.tsv}.
 */
public final class RunVersusConnect {
  private static final String TOPIC = "rvc";

  private RunVersusConnect() {}

  /** One runtime's load of the topic. */
  record Result(int run, String runtime, double seconds, long rows, double cpuSeconds) {
    double recordsPerSecond() {
      return rows / seconds;
    }

    double cpuMicrosPerRecord() {
      return cpuSeconds * 1e6 / rows;
    }
  }

  public static void main(String[] argv) throws Exception {
    Logging.quiet();
    Args args = new Args(argv);
    int records = args.integer("records", 400_000);
    int partitions = args.integer("partitions", 2);
    int runs = args.integer("runs", 3);
    String costProfile = args.string("cost-profile", "off");
    Path jar = Path.of(args.string("jar", "redsink-cli/target/redsink.jar"));
    String out = args.string("out", "");
    if (!Files.isRegularFile(jar)) {
      throw new IllegalArgumentException(
          "No " + jar + ": build it with mvn -q -pl redsink-cli -am package -DskipTests");
    }
    System.out.printf(
        "# redsink run vs the Kafka Connect plugin, default settings: %d records of 1 KiB JSON,"
            + " %d partition(s), %d runs, cost profile %s, %d cores%n",
        records, partitions, runs, costProfile, Runtime.getRuntime().availableProcessors());
    Path work = Files.createTempDirectory("redsink-rvc-");
    List<Result> results = new ArrayList<>();
    try (EmulatorProcess emulator = EmulatorProcess.start(costProfile);
        EmbeddedKafka kafka = EmbeddedKafka.start()) {
      Endpoint endpoint = emulator.endpoint();
      kafka.createTopics(List.of(TOPIC), partitions);
      long bytes = produce(kafka.bootstrapServers(), records, partitions);
      System.out.printf("# produced %.1f MB of values%n", bytes / 1e6);
      for (int run = 1; run <= runs; run++) {
        List<String> order = run % 2 == 1 ? List.of("run", "connect") : List.of("connect", "run");
        for (String runtime : order) {
          String table = "rvc_" + runtime + "_" + run;
          Process process =
              runtime.equals("run")
                  ? RuntimeProcess.redsinkRun(
                      jar, work, table, TOPIC, endpoint, kafka.bootstrapServers())
                  : RuntimeProcess.connectStandalone(
                      work, table, TOPIC, endpoint, kafka.bootstrapServers());
          RuntimeProcess.Window w;
          try {
            w = RuntimeProcess.watch(process, endpoint, List.of(table), records, 0.9);
          } finally {
            RuntimeProcess.stop(process);
          }
          Result r = new Result(run, runtime, w.seconds(), w.rows(), w.cpuSeconds());
          results.add(r);
          System.out.printf(
              "run %d  %-8s %,9d rows in the window  %6.1f s  %,8.0f records/s  %6.1f CPU s"
                  + "  %5.1f µs CPU/record%n",
              run,
              runtime,
              r.rows(),
              r.seconds(),
              r.recordsPerSecond(),
              r.cpuSeconds(),
              r.cpuMicrosPerRecord());
        }
      }
    }
    double runRate = median(results, "run", Result::recordsPerSecond);
    double connectRate = median(results, "connect", Result::recordsPerSecond);
    double runCpu = median(results, "run", Result::cpuMicrosPerRecord);
    double connectCpu = median(results, "connect", Result::cpuMicrosPerRecord);
    System.out.printf(
        "%nmedian records/s: redsink run %,.0f, Connect plugin %,.0f, ratio %.2f×;"
            + " CPU µs/record: run %.1f, plugin %.1f, ratio %.2f×%n",
        runRate, connectRate, runRate / connectRate, runCpu, connectCpu, runCpu / connectCpu);
    if (!out.isEmpty()) {
      StringBuilder tsv = new StringBuilder("run\truntime\tseconds\trows\trecords_per_s\tcpu_s\n");
      for (Result r : results) {
        tsv.append(
            String.format(
                "%d\t%s\t%.3f\t%d\t%.0f\t%.2f%n",
                r.run(), r.runtime(), r.seconds(), r.rows(), r.recordsPerSecond(), r.cpuSeconds()));
      }
      Files.writeString(Path.of(out), tsv);
    }
    System.exit(0);
  }

  private static double median(
      List<Result> results, String runtime, java.util.function.ToDoubleFunction<Result> value) {
    List<Double> values = new ArrayList<>();
    for (Result r : results) {
      if (r.runtime().equals(runtime)) {
        values.add(value.applyAsDouble(r));
      }
    }
    return Median.of(values);
  }

  /** 1 KiB JSON values ({@link PayloadShape#JSON_1K}), keyed k0, k1, … round robin. */
  static long produce(String bootstrap, int records, int partitions) {
    return produce(bootstrap, List.of(TOPIC), records, partitions, PayloadShape.JSON_1K);
  }

  /** Records spread over the topics' partitions round robin; returns the bytes of the values. */
  static long produce(
      String bootstrap, List<String> topics, int records, int partitions, PayloadShape shape) {
    SplittableRandom random = new SplittableRandom(42);
    long bytes = 0;
    Map<String, Object> props = ConnectEndToEnd.producerProps();
    props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
    props.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
    props.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
    try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(props)) {
      for (int i = 0; i < records; i++) {
        byte[] value = shape.value(i, random);
        bytes += value.length;
        producer.send(
            new ProducerRecord<>(
                topics.get(i % topics.size()),
                (i / topics.size()) % partitions,
                ("k" + i).getBytes(StandardCharsets.UTF_8),
                value));
      }
      producer.flush();
    }
    return bytes;
  }
}
