package dev.redsink.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redsink.emulator.RedshiftEmulator;
import dev.redsink.emulator.RedshiftEmulatorExtension;
import dev.redsink.emulator.aws.MskIamTokens;
import dev.redsink.emulator.kafka.EmbeddedKafka;
import dev.redsink.testkit.JvmProcess;
import dev.redsink.testkit.Warehouse;
import dev.redsink.testkit.WebIdentityToken;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code redsink run} against a broker that takes only SASL_SSL with SCRAM-SHA-512, every Kafka
 * setting and secret given as REDSINK_KAFKA_* environment variables, none on the command line or in
 * the file: the records load, no secret is printed; a wrong password stops the run with Kafka's
 * authentication error and loads nothing. The same listener takes Amazon MSK's IAM authentication
 * (OAUTHBEARER tokens of aws-msk-iam-auth, checked against the emulator's AWS account): a pod's web
 * identity loads (MskIamTokensTest refuses the tokens of unknown keys).
 */
@ExtendWith(RedshiftEmulatorExtension.class)
class RunKafkaSecurityIT {
  private static final String PASSWORD = "scram-secret-7Hq";
  private static EmbeddedKafka kafka;

  @BeforeAll
  static void kafka(RedshiftEmulator emulator) {
    kafka = EmbeddedKafka.startWithMskIam(new MskIamTokens(emulator.aws().keys(), "us-east-1"));
    kafka.createScramUser("redsink", PASSWORD);
    kafka.createTopics(List.of("secure.orders", "msk.orders"), 1);
  }

  @AfterAll
  static void stop() {
    kafka.close();
  }

  @Test
  void scramOverTlsWithSecretsFromTheEnvironment(RedshiftEmulator emulator, @TempDir Path dir)
      throws Exception {
    produce(300);
    Path connector = dir.resolve("secure.toml");
    Files.writeString(connector, TestConnectors.file(emulator, "secure", "secure_orders", 100));

    try (JvmProcess run =
        RedsinkLaunch.start(dir, environment(emulator, PASSWORD), "run", connector.toString())) {
      run.awaitOutput("Loading; stop with Ctrl-C or SIGTERM.", Duration.ofSeconds(90));
      Awaitility.await().atMost(Duration.ofSeconds(60)).until(() -> count(emulator) >= 300);
      assertThat(run.terminate(Duration.ofSeconds(60))).as(run.stderr()).isZero();
      assertThat(run.stdout())
          .contains(
              "Note: Kafka property sasl.jaas.config set by REDSINK_KAFKA_SASL_JAAS_CONFIG (value"
                  + " hidden)")
          .doesNotContain(PASSWORD);
      assertThat(run.stderr()).doesNotContain(PASSWORD);
    }
    assertThat(count(emulator)).isEqualTo(300);
  }

  @Test
  void aWrongPasswordStopsTheRunWithKafkasAuthenticationError(
      RedshiftEmulator emulator, @TempDir Path dir) throws Exception {
    Path connector = dir.resolve("secure.toml");
    Files.writeString(
        connector, TestConnectors.file(emulator, "secure", "secure_orders_wrong", 100));
    try (JvmProcess run =
        RedsinkLaunch.start(
            dir, environment(emulator, "not-the-password"), "run", connector.toString())) {
      assertThat(run.waitFor(Duration.ofSeconds(90))).isNotZero();
      assertThat(run.stdout() + run.stderr())
          .contains("Authentication failed")
          .doesNotContain("not-the-password");
    }
    assertThat(count(emulator, "secure_orders_wrong")).isZero();
  }

  @Test
  void amazonMskIamWithTheWebIdentityOfAPod(RedshiftEmulator emulator, @TempDir Path dir)
      throws Exception {
    produce("msk.orders", 200);
    Path connector = dir.resolve("msk.toml");
    Files.writeString(connector, TestConnectors.file(emulator, "msk", "secure_orders_msk", 100));
    Map<String, String> env = mskIam(emulator);
    env.put(
        "AWS_WEB_IDENTITY_TOKEN_FILE",
        WebIdentityToken.write(dir.resolve("token"), "system:serviceaccount:data:redsink")
            .toString());
    env.put("AWS_ROLE_ARN", "arn:aws:iam::123456789012:role/redsink-msk");
    int before = emulator.aws().calls().size();
    try (JvmProcess run = RedsinkLaunch.start(dir, env, "run", connector.toString())) {
      run.awaitOutput("Loading; stop with Ctrl-C or SIGTERM.", Duration.ofSeconds(90));
      Awaitility.await()
          .atMost(Duration.ofSeconds(60))
          .until(() -> count(emulator, "secure_orders_msk") >= 200);
      assertThat(run.terminate(Duration.ofSeconds(60))).as(run.stderr()).isZero();
    }
    assertThat(count(emulator, "secure_orders_msk")).isEqualTo(200);
    assertThat(emulator.aws().calls().subList(before, emulator.aws().calls().size()))
        .extracting(Object::toString)
        .contains("sts:AssumeRoleWithWebIdentity by web identity -> 200");
  }

  /** OAUTHBEARER with aws-msk-iam-auth, as AWS documents it, over the broker's TLS. */
  private static Map<String, String> mskIam(RedshiftEmulator emulator) {
    Map<String, String> env =
        secureListener(
            emulator,
            "OAUTHBEARER",
            "org.apache.kafka.common.security.oauthbearer.OAuthBearerLoginModule required;");
    env.put(
        "REDSINK_KAFKA_SASL_LOGIN_CALLBACK_HANDLER_CLASS",
        "software.amazon.msk.auth.iam.IAMOAuthBearerLoginCallbackHandler");
    env.put(
        "REDSINK_KAFKA_SASL_CLIENT_CALLBACK_HANDLER_CLASS",
        "software.amazon.msk.auth.iam.IAMOAuthBearerLoginCallbackHandler");
    env.put("AWS_REGION", "us-east-1");
    env.put("AWS_ENDPOINT_URL", emulator.s3().endpoint().toString());
    env.put("AWS_CONFIG_FILE", "/nonexistent/redsink-test-config");
    env.put("AWS_SHARED_CREDENTIALS_FILE", "/nonexistent/redsink-test-credentials");
    return env;
  }

  /** SCRAM-SHA-512 as user redsink with this password, over the broker's TLS. */
  private static Map<String, String> environment(RedshiftEmulator emulator, String password) {
    return secureListener(
        emulator,
        "SCRAM-SHA-512",
        "org.apache.kafka.common.security.scram.ScramLoginModule required username=\"redsink\""
            + " password=\""
            + password
            + "\";");
  }

  /** The secure listener with a SASL mechanism, trusting the emulator's certificate. */
  private static Map<String, String> secureListener(
      RedshiftEmulator emulator, String mechanism, String jaasConfig) {
    Map<String, String> env = new LinkedHashMap<>();
    env.put("REDSINK_KAFKA_BOOTSTRAP_SERVERS", kafka.secureBootstrapServers());
    env.put("REDSINK_KAFKA_SECURITY_PROTOCOL", "SASL_SSL");
    env.put("REDSINK_KAFKA_SASL_MECHANISM", mechanism);
    env.put("REDSINK_KAFKA_SASL_JAAS_CONFIG", jaasConfig);
    env.put("REDSINK_KAFKA_SSL_TRUSTSTORE_TYPE", "PEM");
    env.put("REDSINK_KAFKA_SSL_TRUSTSTORE_LOCATION", emulator.tlsCertificate().toString());
    return env;
  }

  private static void produce(int count) {
    produce("secure.orders", count);
  }

  private static void produce(String topic, int count) {
    TestProducer.send(kafka.bootstrapServers(), topic, count, i -> "{\"i\":" + i + "}");
  }

  private static long count(RedshiftEmulator emulator) throws Exception {
    return count(emulator, "secure_orders");
  }

  private static long count(RedshiftEmulator emulator, String table) throws Exception {
    Warehouse warehouse = new Warehouse(emulator);
    return warehouse.number(
                "SELECT COUNT(*) FROM pg_catalog.pg_tables WHERE tablename = '" + table + "'")
            == 0
        ? 0
        : warehouse.number("SELECT COUNT(*) FROM " + table);
  }
}
