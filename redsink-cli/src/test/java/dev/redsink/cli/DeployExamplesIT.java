package dev.redsink.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.redsink.emulator.RedshiftEmulator;
import dev.redsink.emulator.RedshiftEmulatorExtension;
import dev.redsink.emulator.kafka.EmbeddedKafka;
import dev.redsink.testkit.JvmProcess;
import dev.redsink.testkit.Warehouse;
import dev.redsink.testkit.WebIdentityToken;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * deploy/redsink-run as a pod on EKS runs it: the Dockerfile's ENTRYPOINT and CMD with its
 * connector file, the environment-specific values from REDSINK_* variables, and the AWS identity
 * from a web identity token (IRSA) for both S3 and the jdbc:redshift:iam:// connection. Only the
 * paths inside the image and the port are mapped to this machine.
 */
@ExtendWith(RedshiftEmulatorExtension.class)
class DeployExamplesIT {
  private static final Path DEPLOY = Path.of("..", "deploy", "redsink-run").toAbsolutePath();
  private static final String OVERRIDE = "REDSINK_CONNECTORS_SINK_ORDERS_PLUGIN_CONFIG_";

  @Test
  void theRedsinkRunImagesCommandLoadsWithAWebIdentity(RedshiftEmulator emulator, @TempDir Path dir)
      throws Exception {
    List<String> command = command(Files.readString(DEPLOY.resolve("Dockerfile")));
    int jar = command.indexOf("-jar");
    assertThat(command.subList(0, jar)).startsWith("java");
    assertThat(command.get(jar + 1)).isEqualTo("/opt/redsink/redsink.jar");
    int port = freePort();
    List<String> args = new ArrayList<>();
    for (String arg : command.subList(jar + 2, command.size())) {
      args.add(
          arg.equals("9404")
              ? Integer.toString(port)
              : arg.replace("/etc/redsink/connectors/", DEPLOY.resolve("connectors") + "/"));
    }

    try (EmbeddedKafka kafka = EmbeddedKafka.start()) {
      produce(kafka, 400);
      Map<String, String> env = new LinkedHashMap<>();
      env.put("REDSINK_KAFKA_BOOTSTRAP_SERVERS", kafka.bootstrapServers());
      env.put(OVERRIDE + "CONNECTION_STRING", emulator.iamJdbcUrl() + "&DbUser=" + emulator.user());
      env.put(OVERRIDE + "S3_BUCKET", emulator.bucket());
      env.put(OVERRIDE + "S3_ENDPOINT", emulator.s3().endpoint().toString());
      env.put(OVERRIDE + "AWS_REGION", emulator.region());
      env.put(OVERRIDE + "AWS_IAM_ROLE", emulator.iamRole());
      env.put(
          "AWS_WEB_IDENTITY_TOKEN_FILE",
          WebIdentityToken.write(dir.resolve("token"), "system:serviceaccount:data:redsink")
              .toString());
      env.put("AWS_ROLE_ARN", "arn:aws:iam::123456789012:role/redsink-run");
      env.put("AWS_ENDPOINT_URL", emulator.s3().endpoint().toString());
      env.put("AWS_REGION", emulator.region());
      env.put("AWS_CONFIG_FILE", dir.resolve("no-config").toString());
      env.put("AWS_SHARED_CREDENTIALS_FILE", dir.resolve("no-credentials").toString());

      try (JvmProcess run =
          RedsinkLaunch.start(dir, env, command.subList(1, jar), args.toArray(String[]::new))) {
        run.awaitOutput("Loading; stop with Ctrl-C or SIGTERM.", Duration.ofSeconds(90));
        Warehouse warehouse = new Warehouse(emulator);
        Awaitility.await().atMost(Duration.ofSeconds(60)).until(() -> rows(warehouse) >= 400);
        String metrics =
            HttpClient.newHttpClient()
                .send(
                    HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics"))
                        .build(),
                    HttpResponse.BodyHandlers.ofString())
                .body();
        assertThat(metrics).contains("redsink_records_loaded_total{connector=\"orders\"}");
        assertThat(run.terminate(Duration.ofSeconds(60))).as(run.stderr()).isZero();
        assertThat(rows(warehouse)).isEqualTo(400);
      }
    }
    // The SDK names the session itself when AWS_ROLE_SESSION_NAME is not set, as on EKS.
    assertThat(emulator.aws().calls())
        .extracting(Object::toString)
        .contains("sts:AssumeRoleWithWebIdentity by web identity -> 200")
        .anyMatch(
            call ->
                call.startsWith(
                        "redshift:GetClusterCredentials by"
                            + " arn:aws:sts::123456789012:assumed-role/redsink-run/")
                    && call.endsWith("-> 200"));
  }

  /** ENTRYPOINT followed by CMD, both in exec (JSON array) form. */
  private static List<String> command(String dockerfile) throws Exception {
    List<String> out = new ArrayList<>();
    ObjectMapper json = new ObjectMapper();
    for (String instruction : List.of("ENTRYPOINT", "CMD")) {
      Matcher m = Pattern.compile("(?m)^" + instruction + " (\\[.*])$").matcher(dockerfile);
      assertThat(m.find()).as(instruction + " in exec form").isTrue();
      for (var node : json.readTree(m.group(1))) {
        out.add(node.asText());
      }
    }
    return out;
  }

  private static long rows(Warehouse warehouse) throws Exception {
    return warehouse.number(
                "SELECT COUNT(*) FROM pg_catalog.pg_tables WHERE tablename = 'orders_eu'")
            == 0
        ? 0
        : warehouse.number("SELECT COUNT(*) FROM orders_eu");
  }

  private static void produce(EmbeddedKafka kafka, int count) {
    TestProducer.send(
        kafka.bootstrapServers(),
        "orders.eu",
        count,
        i -> "{\"order_id\":" + i + ",\"amount\":" + i + ".5}");
  }

  private static int freePort() throws Exception {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }
}
