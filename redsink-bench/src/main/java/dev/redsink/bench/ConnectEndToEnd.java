package dev.redsink.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutionException;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.connect.runtime.rest.entities.ConnectorStateInfo;
import org.apache.kafka.connect.runtime.rest.errors.ConnectRestException;
import org.apache.kafka.connect.util.clusters.EmbeddedConnectCluster;

/**
 * Kafka Connect end to end: one topic of N schema'd JSON records in an in-process KRaft broker,
 * loaded by one Connect worker into the emulator, once by Redsink's connector and once by the
 * Debezium JDBC sink, in the same JVM, worker, topic and PostgreSQL; several runs, the two
 * connectors alternating which goes first.
 *
 * <p>Each record's value is JsonConverter's envelope ({@code schemas.enable=true}) of a struct
 * {@code {id int64, payload string}} whose payload is the 1 KiB JSON document of {@link
 * PayloadShape#JSON_1K}; both connectors read it with the same converter. A load is timed from the
 * connector's creation until its consumer group's committed offset reaches the topic's end offset
 * (the worker commits every second), then the table's rows are counted.
 *
 * <p>Options: {@code --records=1000000 --runs=3 --partitions=1 --batch-size=65536
 * --max-file-bytes=SIZE (Redsink cuts files by size instead of batch.size)
 * --debezium-batch-size=500 --only=both|redsink|debezium --floor=true --out=FILE.tsv
 * --debezium-target=postgres|redshift --cost-profile=PROFILE --value-converter=json|bytes}. With
 * {@code --floor=true} every run also loads the topic with {@link DiscardSinkConnector}, which
 * drops what it is given: the time and CPU of the broker, the worker and the converter alone.
 * {@code --debezium-target=redshift} points Debezium at the emulator's Redshift front end through
 * pgjdbc, as a Redshift user would, instead of straight at its PostgreSQL; {@code --cost-profile}
 * starts the emulator with that cost profile ({@code off}, {@code redshift} or {@code
 * statement=1ms,commit=600ms,copy=1s,mb=5ms}).
 */
public final class ConnectEndToEnd {
  static final String TOPIC = "bench_connect";
  private static final long TIMEOUT_MS = 60L * 60 * 1000;
  private static final String BACKEND_USER = "postgres";

  private ConnectEndToEnd() {}

  /**
   * One connector's load of the whole topic, with the CPU seconds it cost each process: this JVM
   * (broker, Connect worker, the connector), the emulator's JVM and its PostgreSQL.
   */
  record Run(
      int run,
      String connector,
      double seconds,
      long rows,
      CpuSplit cpu,
      double idle,
      double connectorThreads) {
    double recordsPerSecond() {
      return rows / seconds;
    }

    /** This JVM's CPU seconds beyond what the broker and worker burn idle in as long. */
    double connectAboveIdle() {
      return cpu.connect() - idle * seconds;
    }
  }

  /** CPU seconds by process over one load. */
  record CpuSplit(double connect, double emulator, double postgres) {
    static CpuSplit now(EmulatorProcess emulator) {
      return new CpuSplit(
          CpuTime.of(ProcessHandle.current().pid()),
          emulator.emulatorCpuSeconds(),
          emulator.postgresCpuSeconds());
    }

    CpuSplit since(CpuSplit start) {
      return new CpuSplit(
          connect - start.connect, emulator - start.emulator, postgres - start.postgres);
    }

    double total() {
      return connect + emulator + postgres;
    }
  }

  public static void main(String[] argv) throws Exception {
    Logging.quiet();
    Args args = new Args(argv);
    int records = args.integer("records", 1_000_000);
    int runs = args.integer("runs", 3);
    int partitions = args.integer("partitions", 1);
    int batchSize = args.integer("batch-size", 65_536);
    int debeziumBatch = args.integer("debezium-batch-size", 500);
    String maxFileBytes = args.string("max-file-bytes", "");
    String only = args.string("only", "both");
    boolean floor = Boolean.parseBoolean(args.string("floor", "false"));
    String out = args.string("out", "");
    boolean debeziumToRedshift = args.string("debezium-target", "postgres").equals("redshift");
    String costProfile = args.string("cost-profile", "off");
    boolean rawValues = args.string("value-converter", "json").equals("bytes");
    System.out.printf(
        "# connect end to end: %d records (1 KiB JSON in a schema'd JsonConverter envelope), %d"
            + " partition(s), 1 task each, %d runs, Redsink batch.size %d max.file.bytes %s,"
            + " Debezium batch.size %d into %s, cost profile %s, Redsink's and the floor's values"
            + " through %s, -Xmx %d MiB, %d cores%n",
        records,
        partitions,
        runs,
        batchSize,
        maxFileBytes.isEmpty() ? "none" : maxFileBytes,
        debeziumBatch,
        debeziumToRedshift ? "the emulator's Redshift front end (pgjdbc)" : "its PostgreSQL",
        costProfile,
        rawValues ? "ByteArrayConverter" : "JsonConverter",
        Runtime.getRuntime().maxMemory() >> 20,
        Runtime.getRuntime().availableProcessors());
    List<Run> results = new ArrayList<>();
    EmbeddedConnectCluster connect = null;
    try (EmulatorProcess emulator = EmulatorProcess.start(costProfile)) {
      Endpoint endpoint = emulator.endpoint();
      if (emulator.backendPort() < 0) {
        throw new IllegalStateException("Cannot find the emulator's embedded PostgreSQL port");
      }
      BenchConnectors.Target debeziumTarget =
          debeziumToRedshift
              ? BenchConnectors.Target.frontEnd(endpoint)
              : new BenchConnectors.Target(
                  "jdbc:postgresql://127.0.0.1:" + emulator.backendPort() + "/dev?sslmode=disable",
                  BACKEND_USER,
                  "",
                  false);
      BenchConnectors.Target redsinkTarget =
          new BenchConnectors.Target(
              endpoint.jdbcUrl(), endpoint.user(), endpoint.password(), true);
      connect = startConnect();
      connect.kafka().createTopic(TOPIC, partitions);
      long t0 = System.nanoTime();
      long bytes = produce(connect, records, partitions);
      System.out.printf(
          "# produced %d records, %.1f MB of values, in %.1f s%n",
          records, bytes / 1e6, (System.nanoTime() - t0) / 1e9);
      double idle = idleCpuPerSecond(emulator);
      System.out.printf(
          "# idle CPU of this JVM (broker and worker, no connector): %.3f cores%n", idle);
      Map<TopicPartition, Long> end = new HashMap<>();
      for (int p = 0; p < partitions; p++) {
        TopicPartition tp = new TopicPartition(TOPIC, p);
        end.put(tp, connect.kafka().endOffset(tp));
      }
      for (int run = 1; run <= runs; run++) {
        List<String> order =
            new ArrayList<>(
                run % 2 == 1 ? List.of("redsink", "debezium") : List.of("debezium", "redsink"));
        if (floor) {
          order.add(0, "discard");
        }
        for (String which : order) {
          if (!only.equals("both") && !only.equals(which) && !which.equals("discard")) {
            continue;
          }
          String table = "bench_" + which + "_" + run;
          BenchConnectors.Target target = which.equals("redsink") ? redsinkTarget : debeziumTarget;
          if (which.equals("debezium") && target.redshift()) {
            BenchConnectors.createDebeziumTable(target, table);
          }
          Map<String, String> config =
              which.equals("redsink")
                  ? BenchConnectors.rawValues(
                      BenchConnectors.redsink(endpoint, table, batchSize, maxFileBytes), rawValues)
                  : which.equals("debezium")
                      ? BenchConnectors.debezium(target, table, debeziumBatch)
                      : BenchConnectors.rawValues(BenchConnectors.discard(), rawValues);
          Run r = load(connect, emulator, run, which, config, end);
          r =
              new Run(
                  r.run(),
                  r.connector(),
                  r.seconds(),
                  which.equals("discard") ? records : count(target, table),
                  r.cpu(),
                  idle,
                  r.connectorThreads());
          results.add(r);
          System.out.printf(
              "run %d  %-8s  %,9d rows  %7.1f s  %,8.0f records/s  CPU s: connect %.1f (%.1f"
                  + " above idle, %.2f in the connector's threads), emulator %.1f, postgres %.1f,"
                  + " total %.1f (%.2f cores busy)%n",
              run,
              which,
              r.rows(),
              r.seconds(),
              r.recordsPerSecond(),
              r.cpu().connect(),
              r.connectAboveIdle(),
              r.connectorThreads(),
              r.cpu().emulator(),
              r.cpu().postgres(),
              r.cpu().total(),
              r.cpu().total() / r.seconds());
          if (!which.equals("discard")) {
            drop(target, table);
          }
        }
      }
    } finally {
      if (connect != null) {
        connect.stop();
      }
    }
    summarize(results);
    if (!out.isEmpty()) {
      write(Path.of(out), results);
    }
    System.exit(0);
  }

  static EmbeddedConnectCluster startConnect() {
    Map<String, String> worker = new HashMap<>();
    worker.put("plugin.discovery", "service_load");
    worker.put("offset.flush.interval.ms", "1000");
    worker.put("task.shutdown.graceful.timeout.ms", "60000");
    EmbeddedConnectCluster connect =
        new EmbeddedConnectCluster.Builder()
            .name("redsink-bench-connect")
            .numWorkers(1)
            .numBrokers(1)
            .workerProps(worker)
            .build();
    connect.start();
    return connect;
  }

  /** The record values: JsonConverter envelopes of {id int64, payload string}, 1 KiB payloads. */
  static final class Values {
    private final ObjectMapper json = new ObjectMapper();
    private final ObjectNode schema = json.createObjectNode();
    private final SplittableRandom random = new SplittableRandom(42);

    Values() {
      schema.put("type", "struct");
      schema.put("name", "bench.Event");
      schema.put("optional", false);
      ArrayNode fields = schema.putArray("fields");
      fields.addObject().put("field", "id").put("type", "int64").put("optional", false);
      fields.addObject().put("field", "payload").put("type", "string").put("optional", false);
    }

    byte[] value(long i) {
      ObjectNode envelope = json.createObjectNode();
      envelope.set("schema", schema);
      ObjectNode payload = envelope.putObject("payload");
      payload.put("id", i);
      payload.put(
          "payload", new String(PayloadShape.JSON_1K.value(i, random), StandardCharsets.UTF_8));
      try {
        return json.writeValueAsBytes(envelope);
      } catch (IOException e) {
        throw new IllegalStateException("Cannot serialize record " + i, e);
      }
    }
  }

  /** A producer that batches: 20 ms linger, 512 KiB batches. */
  static Map<String, Object> producerProps() {
    Map<String, Object> props = new HashMap<>();
    props.put(ProducerConfig.LINGER_MS_CONFIG, 20);
    props.put(ProducerConfig.BATCH_SIZE_CONFIG, 512 * 1024);
    props.put(ProducerConfig.BUFFER_MEMORY_CONFIG, 128L * 1024 * 1024);
    return props;
  }

  /** Produces the records with a batching producer; returns the bytes of all values. */
  private static long produce(EmbeddedConnectCluster connect, int records, int partitions) {
    Values values = new Values();
    long bytes = 0;
    try (KafkaProducer<byte[], byte[]> producer = connect.kafka().createProducer(producerProps())) {
      for (int i = 0; i < records; i++) {
        byte[] value = values.value(i);
        bytes += value.length;
        producer.send(
            new ProducerRecord<>(
                TOPIC, i % partitions, ("k" + i).getBytes(StandardCharsets.UTF_8), value));
      }
      producer.flush();
    }
    return bytes;
  }

  static Run load(
      EmbeddedConnectCluster connect,
      EmulatorProcess emulator,
      int run,
      String which,
      Map<String, String> config,
      Map<TopicPartition, Long> end)
      throws Exception {
    return load(connect, emulator, run, which, config, end, new HashMap<>());
  }

  /**
   * Like {@link #load(EmbeddedConnectCluster, EmulatorProcess, int, String, Map, Map)}; a Redsink
   * connector's phase attributes ({@link #printPhases}) are put in {@code phases}.
   */
  static Run load(
      EmbeddedConnectCluster connect,
      EmulatorProcess emulator,
      int run,
      String which,
      Map<String, String> config,
      Map<TopicPartition, Long> end,
      Map<String, Object> phases)
      throws Exception {
    String name = which + "-" + run;
    CpuSplit cpuAtStart = CpuSplit.now(emulator);
    ThreadCpu threads = ThreadCpu.mark(name);
    long start = System.nanoTime();
    connect.configureConnector(name, config);
    try (Admin admin = connect.kafka().createAdminClient()) {
      long deadline = System.currentTimeMillis() + TIMEOUT_MS;
      while (!committed(admin, "connect-" + name).equals(end)) {
        if (System.currentTimeMillis() > deadline) {
          throw new IllegalStateException(name + " did not finish in time");
        }
        failIfFailed(connect, name);
        Thread.sleep(200);
      }
    }
    double seconds = (System.nanoTime() - start) / 1e9;
    CpuSplit cpu = CpuSplit.now(emulator).since(cpuAtStart);
    double connectorThreads = threads.secondsSinceMark();
    if (which.startsWith("redsink")) {
      phases.putAll(printPhases(name));
    }
    connect.deleteConnector(name);
    return new Run(run, which, seconds, -1, cpu, 0, connectorThreads);
  }

  /**
   * This JVM's CPU use with no connector running, in cores: the broker's and the worker's own
   * background work, which a slow load pays for longer. Measured over 10 s after producing.
   */
  static double idleCpuPerSecond(EmulatorProcess emulator) throws InterruptedException {
    Thread.sleep(2_000);
    CpuSplit start = CpuSplit.now(emulator);
    long t0 = System.nanoTime();
    Thread.sleep(10_000);
    return CpuSplit.now(emulator).since(start).connect() / ((System.nanoTime() - t0) / 1e9);
  }

  /**
   * Prints the task's load time by phase, from its MXBean (docs/kafka-connect.md, Metrics), and
   * returns the attributes printed.
   */
  static Map<String, Object> printPhases(String connector) throws Exception {
    ObjectName task =
        new ObjectName(
            "dev.redsink:type=RedshiftSinkTask,connector="
                + ObjectName.quote(connector)
                + ",task=0");
    MBeanServer server = ManagementFactory.getPlatformMBeanServer();
    StringBuilder line = new StringBuilder("#   " + connector + " task 0:");
    Map<String, Object> phases = new LinkedHashMap<>();
    for (String attribute :
        List.of(
            "Loads",
            "FilesStaged",
            "EncodeTimeMs",
            "UploadTimeMs",
            "CopyTimeMs",
            "InsertTimeMs",
            "CommitTimeMs")) {
      Object value = server.getAttribute(task, attribute);
      phases.put(attribute, value);
      line.append(' ').append(attribute).append('=').append(value);
    }
    System.out.println(line);
    return phases;
  }

  private static void failIfFailed(EmbeddedConnectCluster connect, String name) {
    ConnectorStateInfo status;
    try {
      status = connect.connectorStatus(name);
    } catch (ConnectRestException e) {
      return; // not known to the worker yet
    }
    for (ConnectorStateInfo.TaskState task : status.tasks()) {
      if (task.state().equals("FAILED")) {
        throw new IllegalStateException(name + " failed: " + task.trace());
      }
    }
  }

  private static Map<TopicPartition, Long> committed(Admin admin, String group)
      throws InterruptedException, ExecutionException {
    Map<TopicPartition, Long> offsets = new HashMap<>();
    Map<TopicPartition, OffsetAndMetadata> found =
        admin.listConsumerGroupOffsets(group).partitionsToOffsetAndMetadata().get();
    found.forEach(
        (tp, o) -> {
          if (o != null) {
            offsets.put(tp, o.offset());
          }
        });
    return offsets;
  }

  static long count(BenchConnectors.Target target, String table) throws SQLException {
    try (Connection c = target.connect();
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM " + table)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  static void drop(BenchConnectors.Target target, String table) throws SQLException {
    try (Connection c = target.connect();
        Statement s = c.createStatement()) {
      s.execute("DROP TABLE IF EXISTS " + table);
    }
  }

  private static void summarize(List<Run> results) {
    double redsink = median(results, "redsink");
    double debezium = median(results, "debezium");
    System.out.printf(
        "%nmedian records/s: Redsink %,.0f, Debezium JDBC sink %,.0f", redsink, debezium);
    if (!Double.isNaN(redsink) && !Double.isNaN(debezium)) {
      System.out.printf(", ratio %.2f×", redsink / debezium);
    }
    double discard = median(results, "discard");
    if (!Double.isNaN(discard)) {
      System.out.printf(
          "; floor (a sink that drops every record) %,.0f, %.2f× Debezium",
          discard, discard / debezium);
    }
    System.out.println();
  }

  static double median(List<Run> results, String connector) {
    List<Double> values = new ArrayList<>();
    for (Run r : results) {
      if (r.connector().equals(connector)) {
        values.add(r.recordsPerSecond());
      }
    }
    return values.isEmpty() ? Double.NaN : Median.of(values);
  }

  static void write(Path path, List<Run> results) throws IOException {
    try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(path, StandardCharsets.UTF_8))) {
      w.println(
          "run\tconnector\tseconds\trows\trecords_per_s\tcpu_connect_s\tcpu_emulator_s"
              + "\tcpu_postgres_s\tcpu_connect_above_idle_s\tcpu_connector_threads_s");
      for (Run r : results) {
        w.printf(
            "%d\t%s\t%.3f\t%d\t%.0f\t%.1f\t%.1f\t%.1f\t%.1f\t%.2f%n",
            r.run(),
            r.connector(),
            r.seconds(),
            r.rows(),
            r.recordsPerSecond(),
            r.cpu().connect(),
            r.cpu().emulator(),
            r.cpu().postgres(),
            r.connectAboveIdle(),
            r.connectorThreads());
      }
    }
  }
}
