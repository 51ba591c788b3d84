package dev.redsink.bench;

import dev.redsink.bench.BenchConnectors.Target;
import dev.redsink.bench.ConnectEndToEnd.Run;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.connect.converters.ByteArrayConverter;
import org.apache.kafka.connect.json.JsonConverter;
import org.apache.kafka.connect.util.clusters.EmbeddedConnectCluster;

/**
 * Change data capture through Kafka Connect: N Debezium change events of one table ({@link
 * ChangeEvents}: 70% inserts, 25% updates, 5% deletes with their tombstones) in an in-process KRaft
 * broker, applied by one Connect worker to the emulator, once by Redsink's connector (typed, {@code
 * write.mode = cdc}, the plugin's defaults otherwise) and once by Debezium's JDBC sink ({@code
 * insert.mode = upsert}, {@code delete.enabled = true}, the key from the record key), the two
 * alternating which goes first. A load is timed from the connector's creation until its committed
 * offset reaches the topic's end; then its table is checked against the table the events describe
 * (row count and the sum of {@code qty}), so a sink that drops or repeats a change cannot score.
 *
 * <p>Debezium's JDBC sink upserts with {@code INSERT … ON CONFLICT}, which Redshift does not have.
 * With {@code --debezium-target=redshift} it is pointed at the emulator's Redshift front end, as a
 * Redshift user would point it, on a table made with the primary key it needs, and the run reports
 * how it fails; with {@code postgres} (the default) it writes straight into the emulator's
 * PostgreSQL, where {@code ON CONFLICT} works and no cost profile applies — a figure Debezium's
 * sink cannot reach on Redshift.
 *
 * <p>Options: {@code --records=1000000 (change events) --runs=3 --partitions=1
 * --cost-profile=redshift --flush-max-bytes=SIZE (Redsink's; its default otherwise)
 * --converter=json|bytes (Redsink's key and value converters: JsonConverter or ByteArrayConverter)
 * --debezium-target=postgres|redshift --debezium-batch-size=500 --debezium-insert-mode=upsert
 * (Debezium's {@code insert.mode}) --debezium-records=N (Debezium's sink reads only the first N
 * events, from a topic of their own) --only=both|redsink|debezium --out=FILE.tsv}.
 */
public final class CdcEndToEnd {
  private CdcEndToEnd() {}

  /** What the topic holds: its end offsets and the table its changes describe. */
  record Topic(
      String name,
      long events,
      long messages,
      Map<TopicPartition, Long> end,
      long rows,
      long qty) {}

  public static void main(String[] argv) throws Exception {
    Logging.quiet();
    Args args = new Args(argv);
    int events = args.integer("records", 1_000_000);
    int runs = args.integer("runs", 3);
    int partitions = args.integer("partitions", 1);
    int debeziumBatch = args.integer("debezium-batch-size", 500);
    String only = args.string("only", "both");
    String out = args.string("out", "");
    boolean debeziumToRedshift = args.string("debezium-target", "postgres").equals("redshift");
    String costProfile = args.string("cost-profile", "redshift");
    String flushMaxBytes = args.string("flush-max-bytes", "");
    boolean rawBytes = args.string("converter", "json").equals("bytes");
    String debeziumMode = args.string("debezium-insert-mode", "upsert");
    int debeziumEvents = Math.min(events, args.integer("debezium-records", events));
    System.out.printf(
        "# cdc end to end: %,d Debezium change events (70%% inserts, 25%% updates, 5%% deletes),"
            + " %d partition(s), 1 task each, %d runs, cost profile %s, Redsink flush.max.bytes %s"
            + " and converters %s,"
            + " Debezium JDBC sink insert.mode %s batch.size %d into %s, the first %,d events,"
            + " -Xmx %d MiB, %d cores%n",
        events,
        partitions,
        runs,
        costProfile,
        flushMaxBytes.isEmpty() ? "default" : flushMaxBytes,
        rawBytes ? "ByteArrayConverter" : "JsonConverter",
        debeziumMode,
        debeziumBatch,
        debeziumToRedshift ? "the emulator's Redshift front end (pgjdbc)" : "its PostgreSQL",
        debeziumEvents,
        Runtime.getRuntime().maxMemory() >> 20,
        Runtime.getRuntime().availableProcessors());
    List<Run> results = new ArrayList<>();
    EmbeddedConnectCluster connect = null;
    try (EmulatorProcess emulator = EmulatorProcess.start(costProfile)) {
      Endpoint endpoint = emulator.endpoint();
      Target redsinkTarget =
          new Target(endpoint.jdbcUrl(), endpoint.user(), endpoint.password(), true);
      Target debeziumTarget =
          debeziumToRedshift
              ? Target.frontEnd(endpoint)
              : new Target(
                  "jdbc:postgresql://127.0.0.1:" + emulator.backendPort() + "/dev?sslmode=disable",
                  "postgres",
                  "",
                  false);
      connect = ConnectEndToEnd.startConnect();
      connect.kafka().createTopic(ChangeEvents.TOPIC, partitions);
      long t0 = System.nanoTime();
      Topic topic = produce(connect, ChangeEvents.TOPIC, events, partitions);
      // Debezium's sink reads the same events; the first N of them only, in a topic of their own,
      // when a slow mode would take hours over all of them.
      Topic debeziumTopic = topic;
      if (debeziumEvents < events && !only.equals("redsink")) {
        connect.kafka().createTopic(SAMPLE_TOPIC, partitions);
        debeziumTopic = produce(connect, SAMPLE_TOPIC, debeziumEvents, partitions);
      }
      System.out.printf(
          "# produced %,d change events in %,d messages in %.1f s; the table they describe: %,d"
              + " rows, sum(qty) %,d%n",
          topic.events(),
          topic.messages(),
          (System.nanoTime() - t0) / 1e9,
          topic.rows(),
          topic.qty());
      double idle = ConnectEndToEnd.idleCpuPerSecond(emulator);
      for (int run = 1; run <= runs; run++) {
        List<String> order =
            run % 2 == 1 ? List.of("redsink", "debezium") : List.of("debezium", "redsink");
        for (String which : order) {
          if (!only.equals("both") && !only.equals(which)) {
            continue;
          }
          String table = "cdc_" + which + "_" + run;
          boolean redsink = which.equals("redsink");
          Target target = redsink ? redsinkTarget : debeziumTarget;
          Topic read = redsink ? topic : debeziumTopic;
          if (!redsink && target.redshift()) {
            createDebeziumTable(target, table);
          }
          Map<String, String> config =
              redsink
                  ? converters(redsink(endpoint, table, flushMaxBytes), rawBytes)
                  : debezium(target, table, debeziumBatch, read, debeziumMode);
          Run r;
          try {
            r = ConnectEndToEnd.load(connect, emulator, run, which, config, read.end());
          } catch (IllegalStateException e) {
            System.out.printf("run %d  %-8s  failed: %s%n", run, which, firstError(e));
            connect.deleteConnector(which + "-" + run);
            ConnectEndToEnd.drop(target, table);
            continue;
          }
          r = new Run(run, which, r.seconds(), read.events(), r.cpu(), idle, r.connectorThreads());
          results.add(r);
          String check = check(target, table, read);
          System.out.printf(
              "run %d  %-8s  %,9d change events  %7.1f s  %,8.0f change events/s  %s  CPU s:"
                  + " connect %.1f (%.1f above idle, %.2f in the connector's threads), emulator"
                  + " %.1f, postgres %.1f, total %.1f%n",
              run,
              which,
              r.rows(),
              r.seconds(),
              r.recordsPerSecond(),
              check,
              r.cpu().connect(),
              r.connectAboveIdle(),
              r.connectorThreads(),
              r.cpu().emulator(),
              r.cpu().postgres(),
              r.cpu().total());
          ConnectEndToEnd.drop(target, table);
        }
      }
    } finally {
      if (connect != null) {
        connect.stop();
      }
    }
    double redsink = ConnectEndToEnd.median(results, "redsink");
    double debezium = ConnectEndToEnd.median(results, "debezium");
    System.out.printf(
        "%nmedian change events/s: Redsink %,.0f, Debezium JDBC sink %,.0f%s%n",
        redsink,
        debezium,
        Double.isNaN(redsink / debezium) ? "" : String.format(", ratio %.2f×", redsink / debezium));
    if (!out.isEmpty()) {
      ConnectEndToEnd.write(Path.of(out), results);
    }
    System.exit(0);
  }

  /** The topic of the first events only, for {@code --debezium-records}. */
  private static final String SAMPLE_TOPIC = ChangeEvents.TOPIC + "-first";

  /** Produces the change events, keyed by the table's key as Debezium does. */
  private static Topic produce(
      EmbeddedConnectCluster connect, String name, int events, int partitions) throws Exception {
    ChangeEvents changes = new ChangeEvents(42);
    long messages = 0;
    try (KafkaProducer<byte[], byte[]> producer =
        connect.kafka().createProducer(ConnectEndToEnd.producerProps())) {
      for (int i = 0; i < events; i++) {
        for (ChangeEvents.Message m : changes.next()) {
          producer.send(
              new ProducerRecord<>(
                  name, Math.floorMod(Arrays.hashCode(m.key()), partitions), m.key(), m.value()));
          messages++;
        }
      }
      producer.flush();
    }
    Map<TopicPartition, Long> end = new HashMap<>();
    for (int p = 0; p < partitions; p++) {
      TopicPartition tp = new TopicPartition(name, p);
      end.put(tp, connect.kafka().endOffset(tp));
    }
    return new Topic(name, events, messages, end, changes.liveRows(), changes.sumOfQty());
  }

  /** Redsink's connector as the Debezium section of docs/table-layouts.md sets it up. */
  static Map<String, String> redsink(Endpoint endpoint, String table, String flushMaxBytes) {
    Map<String, String> c = BenchConnectors.redsink(endpoint, table, 0, "");
    if (!flushMaxBytes.isEmpty()) {
      c.put("flush.max.bytes", flushMaxBytes);
    }
    c.remove("batch.size");
    c.put("topics", ChangeEvents.TOPIC);
    c.put("key.converter", JsonConverter.class.getName());
    c.put("key.converter.schemas.enable", "true");
    c.put("table.layout", "typed");
    c.put("write.mode", "cdc");
    return c;
  }

  /**
   * With {@code raw}, Redsink reads keys and values with ByteArrayConverter: the JSON as Debezium's
   * JsonConverter wrote it, neither parsed into a Struct nor written back to JSON.
   */
  static Map<String, String> converters(Map<String, String> config, boolean raw) {
    if (raw) {
      config.put("key.converter", ByteArrayConverter.class.getName());
      config.put("value.converter", ByteArrayConverter.class.getName());
      config.remove("key.converter.schemas.enable");
      config.remove("value.converter.schemas.enable");
    }
    return config;
  }

  /**
   * Debezium's JDBC sink applying the change events: upserts (or {@code mode}), deletes, the record
   * key.
   */
  private static Map<String, String> debezium(
      Target target, String table, int batchSize, Topic topic, String mode) {
    Map<String, String> c = BenchConnectors.debezium(target, table, batchSize);
    c.put("topics", topic.name());
    c.put("key.converter", JsonConverter.class.getName());
    c.put("key.converter.schemas.enable", "true");
    c.put("insert.mode", mode);
    if (target.redshift()) {
      // Its PostgreSQL dialect casts these values AS uuid and AS json, types Redshift lacks, so a
      // batch with them fails: left out, which only makes its work lighter.
      c.put("field.exclude.list", "ref,attrs");
    }
    c.put("delete.enabled", "true");
    c.put("primary.key.mode", "record_key");
    return c;
  }

  /** Debezium's table on Redshift, with the primary key its upserts need. */
  private static void createDebeziumTable(Target target, String table) throws SQLException {
    try (Connection c = target.connect();
        Statement s = c.createStatement()) {
      s.execute("DROP TABLE IF EXISTS " + table);
      s.execute(
          "CREATE TABLE "
              + table
              + " (order_id BIGINT NOT NULL PRIMARY KEY, store SMALLINT, qty INTEGER, customer"
              + " BIGINT, price DECIMAL(10,2), discount REAL, weight DOUBLE PRECISION, paid"
              + " BOOLEAN, note VARCHAR(256), status VARCHAR(16), ship_day DATE, created TIMESTAMP,"
              + " updated TIMESTAMPTZ, ref VARCHAR(36), attrs VARCHAR(1024))");
    }
  }

  /** "table ok" when the table is the one the events describe, else what differs. */
  private static String check(Target target, String table, Topic topic) throws SQLException {
    try (Connection c = target.connect();
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT COUNT(*), SUM(qty) FROM " + table)) {
      rs.next();
      long rows = rs.getLong(1);
      long qty = rs.getLong(2);
      if (rows == topic.rows() && qty == topic.qty()) {
        return "table ok";
      }
      return String.format(
          "TABLE WRONG: %,d rows (expected %,d), sum(qty) %,d (expected %,d)",
          rows, topic.rows(), qty, topic.qty());
    }
  }

  /** The line of a failed task's trace that says why: the database's error where there is one. */
  private static String firstError(IllegalStateException e) {
    String trace = String.valueOf(e.getMessage());
    for (String line : trace.split("\n")) {
      if (line.contains("ERROR:") || line.contains("syntax error")) {
        return line.strip();
      }
    }
    return trace.lines().findFirst().orElse(trace);
  }
}
