package dev.redsink.acceptance;

import dev.redsink.testkit.JvmProcess;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.management.MBeanServerConnection;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;

/**
 * A Kafka Connect worker of another Kafka release, run as users run one: Kafka's own {@code
 * ConnectDistributed} in a JVM of its own, from that release's jars, joined to the suite's broker,
 * the plugin unzipped onto its plugin.path. Its connectors, offsets and statuses live in Kafka
 * topics, as in production, so it can be killed with SIGKILL and started again and go on where it
 * was. The suite drives it through its REST API and reads its tasks' MBeans over remote JMX.
 */
final class WorkerProcess implements ConnectWorker, AutoCloseable {
  static final String MAIN_CLASS = "org.apache.kafka.connect.cli.ConnectDistributed";
  private static final Duration START = Duration.ofMinutes(2);

  private final String classPath;
  private final Path dir;
  private final Path workerProperties;
  private final Path logConfig;
  private final int jmxPort;
  private final ConnectRest rest;
  private JvmProcess process;
  private JMXConnector jmx;

  private WorkerProcess(
      String classPath,
      Path dir,
      Path workerProperties,
      Path logConfig,
      int restPort,
      int jmxPort) {
    this.classPath = classPath;
    this.dir = dir;
    this.workerProperties = workerProperties;
    this.logConfig = logConfig;
    this.jmxPort = jmxPort;
    this.rest = new ConnectRest(URI.create("http://127.0.0.1:" + restPort + "/"));
  }

  /**
   * Starts a worker of group {@code name} from {@code classPath}, its files in {@code dir}, and
   * waits until it takes requests.
   */
  static WorkerProcess start(
      String name, String classPath, Path dir, String bootstrapServers, Path pluginPath)
      throws IOException, InterruptedException {
    Files.createDirectories(dir);
    int restPort = freePort();
    Map<String, String> props = new LinkedHashMap<>();
    props.put("bootstrap.servers", bootstrapServers);
    props.put("group.id", name);
    for (String store : new String[] {"config", "offset", "status"}) {
      props.put(store + ".storage.topic", name + "-" + store + "s");
      props.put(store + ".storage.replication.factor", "1");
    }
    props.put("offset.storage.partitions", "1");
    props.put("status.storage.partitions", "1");
    // 3.x requires worker converters; the cells' connectors set their own.
    props.put("key.converter", "org.apache.kafka.connect.json.JsonConverter");
    props.put("value.converter", "org.apache.kafka.connect.json.JsonConverter");
    props.put("listeners", "http://127.0.0.1:" + restPort);
    props.put("rest.advertised.host.name", "127.0.0.1");
    props.put("plugin.path", pluginPath.toString());
    props.put("plugin.discovery", "service_load"); // since Kafka 3.6 (KIP-898)
    props.put("offset.flush.interval.ms", "500");
    // A killed worker's group member, and its tasks' consumers, are dropped after the broker's
    // minimum session (6 s), not Connect's 10 s and the consumer's 45 s; its tasks go to the
    // restarted worker at once instead of after scheduled.rebalance.max.delay.ms (5 min).
    props.put("session.timeout.ms", "6000");
    props.put("heartbeat.interval.ms", "2000");
    props.put("consumer.session.timeout.ms", "6000");
    props.put("consumer.heartbeat.interval.ms", "2000");
    props.put("scheduled.rebalance.max.delay.ms", "0");
    Path workerProperties = dir.resolve("worker.properties");
    Files.writeString(workerProperties, lines(props));
    Path logConfig = dir.resolve("log4j.properties");
    Files.writeString(
        logConfig,
        lines(
            Map.of(
                "log4j.rootLogger", "WARN, stdout",
                "log4j.appender.stdout", "org.apache.log4j.ConsoleAppender",
                "log4j.appender.stdout.layout", "org.apache.log4j.PatternLayout",
                "log4j.appender.stdout.layout.ConversionPattern", "[%d] %p %m (%c)%n",
                "log4j.logger.org.apache.kafka.connect.runtime.Connect", "INFO",
                "log4j.logger.org.reflections", "ERROR")));
    WorkerProcess worker =
        new WorkerProcess(classPath, dir, workerProperties, logConfig, restPort, freePort());
    worker.launch();
    return worker;
  }

  @Override
  public ConnectRest rest() {
    return rest;
  }

  /** The worker JVM's MBeans over remote JMX, connected again after a restart. */
  @Override
  public synchronized MBeanServerConnection mbeans() throws IOException {
    if (jmx != null) {
      try {
        jmx.getConnectionId();
      } catch (IOException e) {
        closeJmx();
      }
    }
    if (jmx == null) {
      jmx =
          JMXConnectorFactory.connect(
              new JMXServiceURL("service:jmx:rmi:///jndi/rmi://127.0.0.1:" + jmxPort + "/jmxrmi"));
    }
    return jmx.getMBeanServerConnection();
  }

  /**
   * Kills the worker as a crash does (SIGKILL: no task is stopped, no offset committed, no buffer
   * loaded) and starts it again on the same files and ports.
   */
  synchronized void killAndRestart() throws IOException, InterruptedException {
    closeJmx();
    process.kill();
    launch();
  }

  /** The logs (standard output and error) of every run of the worker, to show when a cell fails. */
  List<Path> logs() {
    try (Stream<Path> files = Files.list(dir)) {
      return files
          .filter(f -> f.getFileName().toString().matches("worker(-\\d+)?\\.(out|err)"))
          .sorted()
          .toList();
    } catch (IOException e) {
      return List.of(process.stdoutFile(), process.stderrFile());
    }
  }

  private void launch() throws IOException, InterruptedException {
    process =
        JvmProcess.of(MAIN_CLASS)
            .classPath(classPath)
            .jvmOptions(
                List.of(
                    "-Xmx512m",
                    "-XX:+UseSerialGC",
                    "-Dlog4j.configuration=" + logConfig.toUri(),
                    "-Dcom.sun.management.jmxremote.port=" + jmxPort,
                    "-Dcom.sun.management.jmxremote.rmi.port=" + jmxPort,
                    "-Dcom.sun.management.jmxremote.host=127.0.0.1",
                    "-Djava.rmi.server.hostname=127.0.0.1",
                    "-Dcom.sun.management.jmxremote.authenticate=false",
                    "-Dcom.sun.management.jmxremote.ssl=false"))
            .start(dir, "worker", List.of(workerProperties.toString()));
    process.await(
        "the worker's REST API",
        () -> {
          try {
            return rest.answers() && rest.connectors() != null;
          } catch (IOException e) {
            return false;
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
          }
        },
        START);
  }

  private void closeJmx() {
    if (jmx != null) {
      try {
        jmx.close();
      } catch (IOException e) {
        // the worker is gone
      }
      jmx = null;
    }
  }

  @Override
  public synchronized void close() {
    closeJmx();
    if (process != null) {
      process.close();
    }
  }

  private static String lines(Map<String, String> props) {
    return props.entrySet().stream()
            .map(e -> e.getKey() + "=" + e.getValue())
            .collect(Collectors.joining("\n"))
        + "\n";
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }
}
