package dev.redsink.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A Redsink runtime as its own process, as users run it: {@code java -jar redsink.jar run} with a
 * connector file, or Kafka Connect's {@code ConnectStandalone} with the plugin; and the window of
 * its load the benchmarks time (its first committed rows to a share of the topic), with the CPU its
 * process spent meanwhile.
 */
final class RuntimeProcess {
  private static final long TIMEOUT_MS = 30L * 60 * 1000;

  private RuntimeProcess() {}

  /** Load time, rows and CPU seconds between the first rows and the share asked for. */
  record Window(double seconds, long rows, double cpuSeconds) {}

  /** {@code redsink run} of a quick-start-style connector file: every setting at its default. */
  static Process redsinkRun(
      Path jar, Path work, String table, String topicPattern, Endpoint e, String bootstrap)
      throws IOException {
    return redsinkRun(
        jar, work, table, table, topicPattern, e, bootstrap, "", work.resolve(table + ".log"));
  }

  /**
   * {@code redsink run} of a connector file with key {@code key} (its consumer group), loading the
   * topics matching {@code topicPattern} into {@code targetTable}, plus {@code extraToml} in its
   * plugin configuration; output to {@code log}.
   */
  static Process redsinkRun(
      Path jar,
      Path work,
      String key,
      String targetTable,
      String topicPattern,
      Endpoint e,
      String bootstrap,
      String extraToml,
      Path log)
      throws IOException {
    Path file = connectorFile(work, key, targetTable, topicPattern, e, extraToml);
    return start(
        List.of(
            java(),
            "-jar",
            jar.toString(),
            "run",
            file.toString(),
            "--bootstrap-servers",
            bootstrap),
        log);
  }

  /**
   * A quick-start-style connector file {@code <key>.toml} in {@code work}: key {@code key}, topics
   * matching {@code topicPattern} into {@code targetTable}, plus {@code extraToml} in its plugin
   * configuration.
   */
  static Path connectorFile(
      Path work, String key, String targetTable, String topicPattern, Endpoint e, String extraToml)
      throws IOException {
    Path file = work.resolve(key + ".toml");
    Files.writeString(
        file,
        """
        type = "sink"
        key = "%s"
        enabled = true
        version = 0
        name = "benchmark"
        path = "libpicomq_connector_redshift_sink"

        [[topics]]
        pattern = '%s'
        schema = "json"
        batch_length = 1000
        poll_interval = "100ms"

        [plugin_config]
        connection_string = "%s&user=%s&password=%s"
        target_table = "%s"
        aws_iam_role = "%s"
        s3_bucket = "%s"
        s3_prefix = "bench/%s"
        aws_region = "%s"
        s3_endpoint = "%s"
        aws_access_key_id = "%s"
        aws_secret_access_key = "%s"
        payload_format = "text"
        %s
        """
            .formatted(
                key,
                topicPattern,
                e.jdbcUrl(),
                e.user(),
                e.password(),
                targetTable,
                e.iamRole(),
                e.bucket(),
                key,
                e.region(),
                e.s3Endpoint(),
                e.accessKeyId(),
                e.secretAccessKey(),
                extraToml));
    return file;
  }

  /** Kafka Connect standalone with the plugin at its defaults and ByteArrayConverter values. */
  static Process connectStandalone(
      Path work, String table, String topics, Endpoint e, String bootstrap) throws IOException {
    Path worker = work.resolve(table + "-worker.properties");
    Files.writeString(
        worker,
        String.join(
            "\n",
            "bootstrap.servers=" + bootstrap,
            "key.converter=org.apache.kafka.connect.converters.ByteArrayConverter",
            "value.converter=org.apache.kafka.connect.converters.ByteArrayConverter",
            "offset.storage.file.filename=" + work.resolve(table + ".offsets"),
            "plugin.discovery=service_load",
            "listeners=http://127.0.0.1:0",
            ""));
    Path connector = work.resolve(table + "-connector.properties");
    Files.writeString(
        connector,
        String.join(
            "\n",
            "name=" + table,
            "connector.class=dev.redsink.kafka.connect.RedshiftSinkConnector",
            "tasks.max=1",
            "topics=" + topics,
            "connection.string=" + e.jdbcUrl() + "&user=" + e.user() + "&password=" + e.password(),
            "target.table=" + table,
            "aws.iam.role=" + e.iamRole(),
            "s3.bucket=" + e.bucket(),
            "s3.prefix=bench/" + table,
            "aws.region=" + e.region(),
            "s3.endpoint=" + e.s3Endpoint(),
            "aws.access.key.id=" + e.accessKeyId(),
            "aws.secret.access.key=" + e.secretAccessKey(),
            "payload.format=text",
            ""));
    return start(
        List.of(
            java(),
            "-cp",
            System.getProperty("java.class.path"),
            "org.apache.kafka.connect.cli.ConnectStandalone",
            worker.toString(),
            connector.toString()),
        work.resolve(table + ".log"));
  }

  private static Process start(List<String> command, Path log) throws IOException {
    return new ProcessBuilder(command)
        .redirectErrorStream(true)
        .redirectOutput(log.toFile())
        .start();
  }

  static String java() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  /**
   * Waits for the tables' rows: times the window from the first committed rows until {@code share}
   * of {@code records}, then waits for all of them.
   *
   * @throws IOException when the processes exit or the rows do not all arrive in time
   */
  static Window watch(
      Process process, Endpoint endpoint, List<String> tables, long records, double share)
      throws Exception {
    return watch(List.of(process), endpoint, tables, records, share);
  }

  /** {@link #watch(Process, Endpoint, List, long, double)} over several processes' CPU. */
  static Window watch(
      List<Process> processes, Endpoint endpoint, List<String> tables, long records, double share)
      throws Exception {
    long deadline = System.currentTimeMillis() + TIMEOUT_MS;
    long firstRows = -1;
    long firstNanos = 0;
    double firstCpu = 0;
    Window window = null;
    try (Connection c =
        DriverManager.getConnection(endpoint.jdbcUrl(), endpoint.user(), endpoint.password())) {
      while (true) {
        long rows = rows(c, tables);
        long now = System.nanoTime();
        double cpu = cpu(processes);
        if (firstRows < 0 && rows > 0) {
          firstRows = rows;
          firstNanos = now;
          firstCpu = cpu;
        }
        if (window == null && rows >= records * share && firstRows >= 0) {
          window = new Window((now - firstNanos) / 1e9, rows - firstRows, cpu - firstCpu);
        }
        if (rows >= records) {
          require(rows == records, "more rows than records: " + rows);
          return window;
        }
        for (Process p : processes) {
          require(p.isAlive(), "a runtime process exited; see its log");
        }
        require(System.currentTimeMillis() < deadline, "rows did not arrive");
        Thread.sleep(100);
      }
    }
  }

  private static double cpu(List<Process> processes) {
    double sum = 0;
    for (Process p : processes) {
      sum += CpuTime.of(p.pid());
    }
    return sum;
  }

  private static long rows(Connection c, List<String> tables) {
    long sum = 0;
    for (String table : tables) {
      try (Statement s = c.createStatement();
          ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM " + table)) {
        rs.next();
        sum += rs.getLong(1);
      } catch (SQLException e) {
        // not created yet
      }
    }
    return sum;
  }

  /** SIGTERM, then SIGKILL after 30 s. */
  static void stop(Process process) throws InterruptedException {
    stop(List.of(process));
  }

  static void stop(List<Process> processes) throws InterruptedException {
    List<Process> alive = new ArrayList<>(processes);
    alive.forEach(Process::destroy);
    for (Process p : alive) {
      if (!p.waitFor(30, TimeUnit.SECONDS)) {
        p.destroyForcibly();
      }
    }
  }

  private static void require(boolean condition, String message) throws IOException {
    if (!condition) {
      throw new IOException(message);
    }
  }
}
