package dev.redsink.bench;

import dev.redsink.bench.BenchConnectors.Target;
import dev.redsink.bench.ConnectEndToEnd.Run;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
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
 * <p>With {@code --mode=history} Redsink's connector loads them with {@code write.mode = history}
 * instead (connector {@code redsink-history}), and the table is checked as a history table: a
 * version per insert and update, one active version per live key, every closed version ended at its
 * key's next, the {@code <table>_current} view holding the live rows. {@code --mode=both} loads
 * both in every run, alternating which goes first, and compares the view with the cdc table column
 * by column. Each Redsink load prints the statements the emulator counted at its front end, by kind
 * and per load; with {@code --pg-stat-statements=true} also the time its PostgreSQL spent in each
 * statement (the extension loaded for the whole run, on every sink alike).
 *
 * <p>Options: {@code --records=1000000 (change events) --runs=3 --partitions=1
 * --mode=cdc|history|both --pg-stat-statements=false --cost-profile=redshift --flush-max-bytes=SIZE
 * (Redsink's; its default otherwise) --converter=json|bytes (Redsink's key and value converters:
 * JsonConverter or ByteArrayConverter) --debezium-target=postgres|redshift
 * --debezium-batch-size=500 --debezium-insert-mode=upsert (Debezium's {@code insert.mode})
 * --debezium-records=N (Debezium's sink reads only the first N events, from a topic of their own)
 * --only=both|redsink|debezium --out=FILE.tsv}.
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
      long qty,
      long keys,
      long versions,
      long versionQty) {}

  /** The connector names of Redsink's write modes, as runs and the TSV name them. */
  private static final Map<String, String> SINK_OF_MODE =
      Map.of("cdc", "redsink", "history", "redsink-history");

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
    String modeArgument = args.string("mode", "cdc");
    List<String> modes =
        modeArgument.equals("both") ? List.of("cdc", "history") : List.of(modeArgument.split(","));
    for (String mode : modes) {
      if (!SINK_OF_MODE.containsKey(mode)) {
        throw new IllegalArgumentException(
            "Cannot run --mode=" + modeArgument + ": use cdc, history or both");
      }
    }
    boolean pgStatStatements = Boolean.parseBoolean(args.string("pg-stat-statements", "false"));
    System.out.printf(
        "# cdc end to end: %,d Debezium change events (70%% inserts, 25%% updates, 5%% deletes),"
            + " %d partition(s), 1 task each, %d runs, cost profile %s, Redsink write.mode %s,"
            + " flush.max.bytes %s and converters %s,"
            + " Debezium JDBC sink insert.mode %s batch.size %d into %s, the first %,d events,"
            + " -Xmx %d MiB, %d cores%n",
        events,
        partitions,
        runs,
        costProfile + (pgStatStatements ? " (pg_stat_statements loaded)" : ""),
        String.join(" and ", modes),
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
    try (EmulatorProcess emulator = EmulatorProcess.start(costProfile, pgStatStatements)) {
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
              + " rows, sum(qty) %,d; as history: %,d versions of %,d keys, sum(qty) %,d%n",
          topic.events(),
          topic.messages(),
          (System.nanoTime() - t0) / 1e9,
          topic.rows(),
          topic.qty(),
          topic.versions(),
          topic.keys(),
          topic.versionQty());
      double idle = ConnectEndToEnd.idleCpuPerSecond(emulator);
      List<String> sinks = new ArrayList<>();
      modes.forEach(m -> sinks.add(SINK_OF_MODE.get(m)));
      sinks.add("debezium");
      for (int run = 1; run <= runs; run++) {
        List<String> order = new ArrayList<>(sinks);
        if (run % 2 == 0) {
          Collections.reverse(order);
        }
        Map<String, String> loaded = new HashMap<>();
        for (String which : order) {
          boolean redsink = !which.equals("debezium");
          if (!only.equals("both") && !only.equals(redsink ? "redsink" : "debezium")) {
            continue;
          }
          boolean history = which.equals("redsink-history");
          String table = (history ? "history_redsink" : "cdc_" + which) + "_" + run;
          Target target = redsink ? redsinkTarget : debeziumTarget;
          Topic read = redsink ? topic : debeziumTopic;
          if (!redsink && target.redshift()) {
            createDebeziumTable(target, table);
          }
          Map<String, String> config =
              redsink
                  ? converters(
                      redsink(endpoint, table, flushMaxBytes, history ? "history" : "cdc"),
                      rawBytes)
                  : debezium(target, table, debeziumBatch, read, debeziumMode);
          Map<String, Long> statisticsBefore = emulator.statistics();
          if (pgStatStatements) {
            resetStatementTimes(emulator);
          }
          Map<String, Object> phases = new HashMap<>();
          Run r;
          try {
            r = ConnectEndToEnd.load(connect, emulator, run, which, config, read.end(), phases);
          } catch (IllegalStateException e) {
            System.out.printf("run %d  %-8s  failed: %s%n", run, which, firstError(e));
            connect.deleteConnector(which + "-" + run);
            dropView(target, table + "_current");
            ConnectEndToEnd.drop(target, table);
            continue;
          }
          Map<String, Long> statements = since(emulator.statistics(), statisticsBefore);
          r = new Run(run, which, r.seconds(), read.events(), r.cpu(), idle, r.connectorThreads());
          results.add(r);
          if (pgStatStatements && redsink) {
            printStatementTimes(emulator, which, run);
          }
          String check = history ? checkHistory(target, table, read) : check(target, table, read);
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
          if (redsink) {
            printStatements(which, run, statements, phases.get("Loads"));
            loaded.put(which, table);
            if (loaded.containsKey("redsink") && loaded.containsKey("redsink-history")) {
              System.out.printf(
                  "run %d  %s_current against %s: %s%n",
                  run,
                  loaded.get("redsink-history"),
                  loaded.get("redsink"),
                  compareCurrentView(target, loaded.get("redsink-history"), loaded.get("redsink")));
            }
          } else {
            ConnectEndToEnd.drop(target, table);
          }
        }
        for (String table : loaded.values()) {
          dropView(redsinkTarget, table + "_current");
          ConnectEndToEnd.drop(redsinkTarget, table);
        }
      }
    } finally {
      if (connect != null) {
        connect.stop();
      }
    }
    double redsink = ConnectEndToEnd.median(results, "redsink");
    double debezium = ConnectEndToEnd.median(results, "debezium");
    double history = ConnectEndToEnd.median(results, "redsink-history");
    System.out.printf(
        "%nmedian change events/s: Redsink %,.0f, Debezium JDBC sink %,.0f%s%n",
        redsink,
        debezium,
        Double.isNaN(redsink / debezium) ? "" : String.format(", ratio %.2f×", redsink / debezium));
    if (!Double.isNaN(history)) {
      System.out.printf(
          "median change events/s of write.mode=history: %,.0f%s%n",
          history,
          Double.isNaN(history / redsink)
              ? ""
              : String.format(", %.2f× write.mode=cdc's in the same run", history / redsink));
    }
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
    return new Topic(
        name,
        events,
        messages,
        end,
        changes.liveRows(),
        changes.sumOfQty(),
        changes.keys(),
        changes.versions(),
        changes.sumOfVersionQty());
  }

  /** Redsink's connector as the Debezium section of docs/table-layouts.md sets it up. */
  static Map<String, String> redsink(Endpoint endpoint, String table, String flushMaxBytes) {
    return redsink(endpoint, table, flushMaxBytes, "cdc");
  }

  /** The same, in {@code write.mode} cdc or history. */
  static Map<String, String> redsink(
      Endpoint endpoint, String table, String flushMaxBytes, String writeMode) {
    Map<String, String> c = BenchConnectors.redsink(endpoint, table, 0, "");
    if (!flushMaxBytes.isEmpty()) {
      c.put("flush.max.bytes", flushMaxBytes);
    }
    c.remove("batch.size");
    c.put("topics", ChangeEvents.TOPIC);
    c.put("key.converter", JsonConverter.class.getName());
    c.put("key.converter.schemas.enable", "true");
    c.put("table.layout", "typed");
    c.put("write.mode", writeMode);
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

  /**
   * "history ok" when a write.mode=history table holds what the events make of it: a version per
   * insert and update (their count and sum of qty), a version of every key ever inserted, one
   * active version per live key and none of a deleted one (the live rows and their sum of qty), the
   * active versions open and the others closed, each closed version ended at its key's next
   * version's start (or its delete), and the {@code <table>_current} view showing the live rows;
   * else what differs.
   */
  private static String checkHistory(Target target, String table, Topic topic) throws SQLException {
    List<String> wrong = new ArrayList<>();
    try (Connection c = target.connect();
        Statement s = c.createStatement()) {
      try (ResultSet rs =
          s.executeQuery(
              "SELECT COUNT(*), SUM(qty), COUNT(DISTINCT order_id),"
                  + " SUM(CASE WHEN _record_is_active THEN 1 ELSE 0 END),"
                  + " SUM(CASE WHEN _record_is_active THEN qty ELSE 0 END),"
                  + " COUNT(DISTINCT CASE WHEN _record_is_active THEN order_id END),"
                  + " SUM(CASE WHEN _record_is_active = (_record_delete_time IS NULL) THEN 0"
                  + " ELSE 1 END),"
                  + " SUM(CASE WHEN _record_delete_time < _record_create_time THEN 1 ELSE 0 END)"
                  + " FROM "
                  + table)) {
        rs.next();
        expect(wrong, "versions", rs.getLong(1), topic.versions());
        expect(wrong, "sum(qty) of the versions", rs.getLong(2), topic.versionQty());
        expect(wrong, "keys", rs.getLong(3), topic.keys());
        expect(wrong, "active versions", rs.getLong(4), topic.rows());
        expect(wrong, "sum(qty) of the active versions", rs.getLong(5), topic.qty());
        expect(wrong, "keys with an active version", rs.getLong(6), topic.rows());
        expect(wrong, "versions whose delete time disagrees with is_active", rs.getLong(7), 0);
        expect(wrong, "versions closed before they opened", rs.getLong(8), 0);
      }
      try (ResultSet rs =
          s.executeQuery(
              "SELECT COUNT(*) FROM (SELECT _record_delete_time, LEAD(_record_create_time) OVER"
                  + " (PARTITION BY order_id ORDER BY _record_create_time) AS next_start FROM "
                  + table
                  + ") v WHERE next_start IS NOT NULL AND (_record_delete_time IS NULL OR"
                  + " _record_delete_time <> next_start)")) {
        rs.next();
        expect(wrong, "versions not ended at their key's next version", rs.getLong(1), 0);
      }
      try (ResultSet rs = s.executeQuery("SELECT COUNT(*), SUM(qty) FROM " + table + "_current")) {
        rs.next();
        expect(wrong, "rows of " + table + "_current", rs.getLong(1), topic.rows());
        expect(wrong, "sum(qty) of " + table + "_current", rs.getLong(2), topic.qty());
      }
    }
    return wrong.isEmpty() ? "history ok" : "HISTORY WRONG: " + String.join("; ", wrong);
  }

  private static void expect(List<String> wrong, String what, long found, long expected) {
    if (found != expected) {
      wrong.add(String.format("%s %,d (expected %,d)", what, found, expected));
    }
  }

  /** The Debezium table's columns, in its order. */
  private static final List<String> COLUMNS =
      List.of(
          "order_id",
          "store",
          "qty",
          "customer",
          "price",
          "discount",
          "weight",
          "paid",
          "note",
          "status",
          "ship_day",
          "created",
          "updated",
          "ref",
          "attrs");

  /**
   * "equal" when the history table's {@code <table>_current} view and the cdc table hold the same
   * rows, every column compared (a SUPER as its JSON text); else how many rows each has that the
   * other lacks.
   */
  private static String compareCurrentView(Target target, String historyTable, String cdcTable)
      throws SQLException {
    String columns =
        COLUMNS.stream()
            .map(col -> col.equals("attrs") ? "JSON_SERIALIZE(attrs) AS attrs" : col)
            .collect(Collectors.joining(", "));
    String view = "SELECT " + columns + " FROM " + historyTable + "_current";
    String cdc = "SELECT " + columns + " FROM " + cdcTable;
    try (Connection c = target.connect();
        Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery(
                "SELECT (SELECT COUNT(*) FROM ("
                    + view
                    + " EXCEPT "
                    + cdc
                    + ") a), (SELECT COUNT(*) FROM ("
                    + cdc
                    + " EXCEPT "
                    + view
                    + ") b), (SELECT COUNT(*) FROM "
                    + cdcTable
                    + ")")) {
      rs.next();
      long onlyView = rs.getLong(1);
      long onlyCdc = rs.getLong(2);
      if (onlyView == 0 && onlyCdc == 0) {
        return String.format("equal, %,d rows, every column", rs.getLong(3));
      }
      return String.format(
          "DIFFERENT: %,d rows only in the view, %,d only in the cdc table", onlyView, onlyCdc);
    }
  }

  /**
   * Drops a history table's view, which a table with a view bound to it cannot be dropped under.
   */
  private static void dropView(Target target, String view) throws SQLException {
    try (Connection c = target.connect();
        Statement s = c.createStatement()) {
      s.execute("DROP VIEW IF EXISTS " + view);
    }
  }

  /** Counts after minus counts before. */
  private static Map<String, Long> since(Map<String, Long> after, Map<String, Long> before) {
    Map<String, Long> d = new LinkedHashMap<>();
    after.forEach((k, v) -> d.put(k, v - before.getOrDefault(k, 0L)));
    return d;
  }

  /**
   * What the emulator counted at its Redshift front end over one connector's load, connector start
   * and stop included, in total and per load.
   */
  private static void printStatements(
      String which, int run, Map<String, Long> counts, Object loadsAttribute) {
    long loads = loadsAttribute instanceof Number n ? n.longValue() : 0;
    StringBuilder kinds = new StringBuilder();
    StringBuilder perLoad = new StringBuilder();
    counts.forEach(
        (k, v) -> {
          if (Character.isUpperCase(k.charAt(0)) && v > 0) {
            kinds.append(' ').append(k).append('=').append(v);
            if (loads > 0) {
              perLoad
                  .append(' ')
                  .append(k)
                  .append('=')
                  .append(String.format("%.2f", (double) v / loads));
            }
          }
        });
    System.out.printf(
        "#   %s-%d statements at the front end: %,d in %d loads (%.2f per load), commits %,d (%.2f"
            + " per load), COPYs %,d, rows written %,d; by kind:%s; per load:%s%n",
        which,
        run,
        counts.getOrDefault("statements", 0L),
        loads,
        loads > 0 ? (double) counts.getOrDefault("statements", 0L) / loads : Double.NaN,
        counts.getOrDefault("commits", 0L),
        loads > 0 ? (double) counts.getOrDefault("commits", 0L) / loads : Double.NaN,
        counts.getOrDefault("copies", 0L),
        counts.getOrDefault("rows_written", 0L),
        kinds,
        perLoad);
  }

  /** The emulator's PostgreSQL, as its superuser. */
  private static Connection backend(EmulatorProcess emulator) throws SQLException {
    return DriverManager.getConnection(
        "jdbc:postgresql://127.0.0.1:" + emulator.backendPort() + "/dev?sslmode=disable",
        "postgres",
        "");
  }

  private static void resetStatementTimes(EmulatorProcess emulator) throws SQLException {
    try (Connection c = backend(emulator);
        Statement s = c.createStatement()) {
      s.execute("SELECT pg_stat_statements_reset()");
    }
  }

  /**
   * The statements that took the emulator's PostgreSQL the most time over one connector's load,
   * from pg_stat_statements, each load's staging table's name made one so that a statement of every
   * load counts as one: calls, total, mean and longest time, rows, and the statement's start.
   */
  private static void printStatementTimes(EmulatorProcess emulator, String which, int run)
      throws SQLException {
    String statement =
        "regexp_replace(regexp_replace(query, 'redsink_staging_[0-9a-f]+', 'redsink_staging_*',"
            + " 'g'), '\\s+', ' ', 'g')";
    try (Connection c = backend(emulator);
        Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery(
                "SELECT SUM(calls), SUM(total_exec_time), SUM(total_exec_time) / SUM(calls),"
                    + " MAX(max_exec_time), SUM(rows), statement FROM (SELECT *, "
                    + statement
                    + " AS statement FROM pg_stat_statements) q GROUP BY statement"
                    + " ORDER BY 2 DESC LIMIT 12")) {
      System.out.printf(
          "#   %s-%d PostgreSQL time by statement (pg_stat_statements): calls, total ms, mean ms,"
              + " max ms, rows, statement%n",
          which, run);
      while (rs.next()) {
        String query = rs.getString(6);
        System.out.printf(
            "#     %6d %10.0f %9.1f %9.1f %10d  %s%n",
            rs.getLong(1),
            rs.getDouble(2),
            rs.getDouble(3),
            rs.getDouble(4),
            rs.getLong(5),
            query.length() > 240 ? query.substring(0, 240) + "…" : query);
      }
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
