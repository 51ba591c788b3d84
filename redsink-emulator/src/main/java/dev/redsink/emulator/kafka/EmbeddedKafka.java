package dev.redsink.emulator.kafka;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import kafka.server.KafkaConfig;
import kafka.server.KafkaRaftServer;
import kafka.tools.StorageTool;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.utils.Time;

/**
 * A one-node Kafka (KRaft, broker and controller in one) on 127.0.0.1 with its data in a temporary
 * directory, built from the Kafka jars on the class path: no download, no install.
 */
public final class EmbeddedKafka implements AutoCloseable {
  private static final Duration READY = Duration.ofSeconds(60);

  private final KafkaRaftServer server;
  private final Path dir;
  private final int port;

  private EmbeddedKafka(KafkaRaftServer server, Path dir, int port) {
    this.server = server;
    this.dir = dir;
    this.port = port;
  }

  /** Formats a fresh log directory, starts the node and waits until it answers. */
  public static EmbeddedKafka start() {
    Path dir = null;
    try {
      dir = Files.createTempDirectory("redsink-kafka-");
      int port = freePort();
      int controllerPort = freePort();
      Properties props = properties(dir, port, controllerPort);
      format(dir, props);
      KafkaRaftServer server = new KafkaRaftServer(KafkaConfig.fromProps(props), Time.SYSTEM);
      server.startup();
      EmbeddedKafka kafka = new EmbeddedKafka(server, dir, port);
      kafka.awaitReady();
      return kafka;
    } catch (IOException e) {
      deleteQuietly(dir);
      throw new UncheckedIOException("Cannot start the embedded Kafka broker", e);
    }
  }

  private static Properties properties(Path dir, int port, int controllerPort) {
    Properties p = new Properties();
    p.put("process.roles", "broker,controller");
    p.put("node.id", "1");
    p.put("controller.quorum.voters", "1@127.0.0.1:" + controllerPort);
    p.put(
        "listeners", "PLAINTEXT://127.0.0.1:" + port + ",CONTROLLER://127.0.0.1:" + controllerPort);
    p.put("advertised.listeners", "PLAINTEXT://127.0.0.1:" + port);
    p.put("controller.listener.names", "CONTROLLER");
    p.put("inter.broker.listener.name", "PLAINTEXT");
    p.put("listener.security.protocol.map", "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT");
    p.put("log.dirs", dir.resolve("logs").toString());
    p.put("num.partitions", "2");
    p.put("offsets.topic.replication.factor", "1");
    p.put("offsets.topic.num.partitions", "1");
    p.put("transaction.state.log.replication.factor", "1");
    p.put("transaction.state.log.min.isr", "1");
    p.put("share.coordinator.state.topic.replication.factor", "1");
    p.put("share.coordinator.state.topic.min.isr", "1");
    p.put("group.initial.rebalance.delay.ms", "0");
    p.put("auto.create.topics.enable", "true");
    return p;
  }

  private static void format(Path dir, Properties props) throws IOException {
    Path file = dir.resolve("server.properties");
    try (var writer = Files.newBufferedWriter(file)) {
      props.store(writer, "redsink embedded broker");
    }
    ByteArrayOutputStream output = new ByteArrayOutputStream();
    int code;
    try (PrintStream print = new PrintStream(output, true, StandardCharsets.UTF_8)) {
      code =
          StorageTool.execute(
              new String[] {
                "format", "--cluster-id", Uuid.randomUuid().toString(), "--config", file.toString()
              },
              print);
    }
    if (code != 0) {
      throw new IOException(
          "Cannot format the Kafka log directory: " + output.toString(StandardCharsets.UTF_8));
    }
  }

  private void awaitReady() {
    long deadline = System.nanoTime() + READY.toNanos();
    try (Admin admin = admin()) {
      while (true) {
        try {
          admin.describeCluster().nodes().get(5, TimeUnit.SECONDS);
          return;
        } catch (ExecutionException | java.util.concurrent.TimeoutException e) {
          if (System.nanoTime() > deadline) {
            close();
            throw new IllegalStateException(
                "The embedded Kafka broker did not start in " + READY, e);
          }
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          close();
          throw new IllegalStateException("Interrupted while starting Kafka", e);
        }
      }
    }
  }

  /** host:port for bootstrap.servers. */
  public String bootstrapServers() {
    return "127.0.0.1:" + port;
  }

  /** An admin client for this broker; close it after use. */
  public Admin admin() {
    return Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers()));
  }

  /** Creates topics with the given partition count (replication factor 1). */
  public void createTopics(List<String> topics, int partitions) {
    try (Admin admin = admin()) {
      admin
          .createTopics(topics.stream().map(t -> new NewTopic(t, partitions, (short) 1)).toList())
          .all()
          .get(30, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while creating topics", e);
    } catch (ExecutionException | java.util.concurrent.TimeoutException e) {
      throw new IllegalStateException("Cannot create topics " + topics + ": " + e.getMessage(), e);
    }
  }

  @Override
  public void close() {
    try {
      server.shutdown();
      server.awaitShutdown();
    } finally {
      deleteQuietly(dir);
    }
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }

  private static void deleteQuietly(Path dir) {
    if (dir == null || !Files.exists(dir)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(dir)) {
      paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException e) {
      // a temporary directory; best effort
    }
  }
}
