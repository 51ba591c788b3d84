package dev.redsink.emulator.kafka;

import dev.redsink.emulator.aws.MskIamTokens;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
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
import org.apache.kafka.clients.admin.ScramCredentialInfo;
import org.apache.kafka.clients.admin.ScramMechanism;
import org.apache.kafka.clients.admin.UserScramCredentialUpsertion;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.utils.Time;

/**
 * A one-node Kafka (KRaft, broker and controller in one) on 127.0.0.1 with its data in a temporary
 * directory, built from the Kafka jars on the class path: no download, no install.
 */
public final class EmbeddedKafka implements AutoCloseable {
  private static final Duration READY = Duration.ofSeconds(60);

  /** The password of the TLS key store the secure listener uses (the emulator's own). */
  private static final String KEY_STORE_PASSWORD = "redsink-emulator";

  private final KafkaRaftServer server;
  private final Path dir;
  private final int port;
  private final int securePort;

  private EmbeddedKafka(KafkaRaftServer server, Path dir, int port, int securePort) {
    this.server = server;
    this.dir = dir;
    this.port = port;
    this.securePort = securePort;
  }

  /** Formats a fresh log directory, starts the node and waits until it answers. */
  public static EmbeddedKafka start() {
    return start(false, null);
  }

  /**
   * A node with a second listener as production clusters have one: SASL_SSL with SCRAM-SHA-512
   * ({@link #secureBootstrapServers()}), TLS with the emulator's certificate for 127.0.0.1 (its PEM
   * is {@code RedshiftEmulator.tlsCertificate()}); add users with {@link #createScramUser}.
   */
  public static EmbeddedKafka startWithScram() {
    return start(true, null);
  }

  /**
   * {@link #startWithScram()} whose secure listener also takes Amazon MSK's IAM authentication
   * (SASL/OAUTHBEARER with aws-msk-iam-auth's tokens), checked against the emulator's AWS account
   * ({@code RedshiftEmulator.aws()}): a client signs with keys the emulator knows, its own or
   * STS's.
   */
  public static EmbeddedKafka startWithMskIam(MskIamTokens tokens) {
    return start(true, tokens);
  }

  private static EmbeddedKafka start(boolean scram, MskIamTokens mskIam) {
    Path dir = null;
    try {
      dir = Files.createTempDirectory("redsink-kafka-");
      int[] ports = freePorts(3);
      int port = ports[0];
      int controllerPort = ports[1];
      int securePort = scram ? ports[2] : -1;
      Properties props = properties(dir, port, controllerPort);
      if (scram) {
        addScramListener(props, dir, port, controllerPort, securePort);
      }
      if (mskIam != null) {
        props.put("sasl.enabled.mechanisms", "SCRAM-SHA-512,OAUTHBEARER");
        props.put(
            "listener.name.sasl_ssl.oauthbearer.sasl.jaas.config",
            // The broker logs itself in with an unsecured token; clients' tokens are MSK's.
            "org.apache.kafka.common.security.oauthbearer.OAuthBearerLoginModule required"
                + " unsecuredLoginStringClaim_sub=\"broker\" "
                + MskIamValidator.OPTION
                + "=\""
                + MskIamValidator.register(dir.toString(), mskIam)
                + "\";");
        props.put(
            "listener.name.sasl_ssl.oauthbearer.sasl.server.callback.handler.class",
            MskIamValidator.class.getName());
      }
      format(dir, props);
      KafkaRaftServer server = new KafkaRaftServer(KafkaConfig.fromProps(props), Time.SYSTEM);
      server.startup();
      EmbeddedKafka kafka = new EmbeddedKafka(server, dir, port, securePort);
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

  private static void addScramListener(
      Properties p, Path dir, int port, int controllerPort, int securePort) throws IOException {
    Path keyStore = dir.resolve("broker-tls.p12");
    try (InputStream in =
        EmbeddedKafka.class.getResourceAsStream("/dev/redsink/emulator/wire/emulator-tls.p12")) {
      Files.copy(in, keyStore);
    }
    p.put(
        "listeners",
        "PLAINTEXT://127.0.0.1:"
            + port
            + ",CONTROLLER://127.0.0.1:"
            + controllerPort
            + ",SASL_SSL://127.0.0.1:"
            + securePort);
    p.put(
        "advertised.listeners",
        "PLAINTEXT://127.0.0.1:" + port + ",SASL_SSL://127.0.0.1:" + securePort);
    p.put(
        "listener.security.protocol.map",
        "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT,SASL_SSL:SASL_SSL");
    p.put("sasl.enabled.mechanisms", "SCRAM-SHA-512");
    p.put(
        "listener.name.sasl_ssl.scram-sha-512.sasl.jaas.config",
        "org.apache.kafka.common.security.scram.ScramLoginModule required;");
    p.put("ssl.keystore.type", "PKCS12");
    p.put("ssl.keystore.location", keyStore.toString());
    p.put("ssl.keystore.password", KEY_STORE_PASSWORD);
    p.put("ssl.key.password", KEY_STORE_PASSWORD);
  }

  /** host:port of the SASL_SSL listener of {@link #startWithScram()}. */
  public String secureBootstrapServers() {
    if (securePort < 0) {
      throw new IllegalStateException("This broker has no SASL_SSL listener: use startWithScram()");
    }
    return "127.0.0.1:" + securePort;
  }

  /** Adds (or replaces) a SCRAM-SHA-512 user of the secure listener. */
  public void createScramUser(String user, String password) {
    try (Admin admin = admin()) {
      admin
          .alterUserScramCredentials(
              List.of(
                  new UserScramCredentialUpsertion(
                      user, new ScramCredentialInfo(ScramMechanism.SCRAM_SHA_512, 8192), password)))
          .all()
          .get(30, TimeUnit.SECONDS);
    } catch (ExecutionException | java.util.concurrent.TimeoutException e) {
      throw new IllegalStateException("Cannot create SCRAM user " + user + ": " + e, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while creating SCRAM user " + user, e);
    }
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
    MskIamValidator.unregister(dir.toString());
    try {
      server.shutdown();
      server.awaitShutdown();
    } finally {
      deleteQuietly(dir);
    }
  }

  /** Distinct free ports: each socket stays open until all are found, so none repeats. */
  private static int[] freePorts(int count) throws IOException {
    ServerSocket[] sockets = new ServerSocket[count];
    try {
      int[] ports = new int[count];
      for (int i = 0; i < count; i++) {
        sockets[i] = new ServerSocket(0);
        ports[i] = sockets[i].getLocalPort();
      }
      return ports;
    } finally {
      for (ServerSocket socket : sockets) {
        if (socket != null) {
          socket.close();
        }
      }
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
