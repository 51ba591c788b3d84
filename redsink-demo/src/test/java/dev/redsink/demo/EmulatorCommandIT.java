package dev.redsink.demo;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redsink.cli.RedsinkLaunch;
import dev.redsink.testkit.JvmProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;

/** {@code redsink emulator} as a script uses it: start, wait for the env file, use it, SIGTERM. */
class EmulatorCommandIT {

  @Test
  void writesUsableEnvFileAndStopsCleanlyOnSigterm(@TempDir Path dir) throws Exception {
    Path envFile = dir.resolve("emulator.env");
    try (JvmProcess redsink =
        RedsinkLaunch.start(
            DemoJar.NAME,
            DemoJar.MAIN,
            dir,
            Map.of(),
            "emulator",
            "--port",
            "0",
            "--s3-port",
            "0",
            "--env-file",
            envFile.toString())) {
      Awaitility.await().atMost(Duration.ofSeconds(90)).until(() -> Files.exists(envFile));
      Map<String, String> env = exports(Files.readString(envFile));

      assertThat(env)
          .containsOnlyKeys(
              "PGHOST",
              "PGPORT",
              "PGUSER",
              "PGPASSWORD",
              "PGDATABASE",
              "AWS_ENDPOINT_URL",
              "AWS_ACCESS_KEY_ID",
              "AWS_SECRET_ACCESS_KEY",
              "AWS_REGION",
              "REDSINK_IAM_ROLE",
              "REDSINK_S3_BUCKET",
              "REDSINK_IAM_JDBC_URL");
      String url =
          "jdbc:postgresql://"
              + env.get("PGHOST")
              + ":"
              + env.get("PGPORT")
              + "/"
              + env.get("PGDATABASE");
      try (Connection c =
              DriverManager.getConnection(url, env.get("PGUSER"), env.get("PGPASSWORD"));
          ResultSet rs = c.createStatement().executeQuery("SELECT 1")) {
        assertThat(rs.next()).isTrue();
      }
      // The IAM URL as users give it to the Amazon Redshift driver, signed with the exported keys.
      java.util.Properties keys = new java.util.Properties();
      keys.setProperty("AccessKeyID", env.get("AWS_ACCESS_KEY_ID"));
      keys.setProperty("SecretAccessKey", env.get("AWS_SECRET_ACCESS_KEY"));
      try (Connection c = DriverManager.getConnection(env.get("REDSINK_IAM_JDBC_URL"), keys);
          ResultSet rs = c.createStatement().executeQuery("SELECT current_user")) {
        assertThat(rs.next()).isTrue();
        assertThat(rs.getString(1)).isEqualTo(env.get("PGUSER"));
      }
      try (S3Client s3 =
          S3Client.builder()
              .endpointOverride(java.net.URI.create(env.get("AWS_ENDPOINT_URL")))
              .forcePathStyle(true)
              .region(Region.of(env.get("AWS_REGION")))
              .credentialsProvider(
                  StaticCredentialsProvider.create(
                      AwsBasicCredentials.create(
                          env.get("AWS_ACCESS_KEY_ID"), env.get("AWS_SECRET_ACCESS_KEY"))))
              .build()) {
        s3.putObject(
            b -> b.bucket(env.get("REDSINK_S3_BUCKET")).key("probe.txt"),
            RequestBody.fromString("hello"));
        assertThat(
                s3.getObjectAsBytes(b -> b.bucket(env.get("REDSINK_S3_BUCKET")).key("probe.txt"))
                    .asUtf8String())
            .isEqualTo("hello");
      }

      redsink.awaitOutput("Running; stop with Ctrl-C or SIGTERM.", Duration.ofSeconds(10));
      String shown = redsink.stdout();
      assertThat(shown)
          .contains("psql postgresql://redsink@127.0.0.1:" + env.get("PGPORT") + "/dev")
          .contains("jdbc:redshift://127.0.0.1:" + env.get("PGPORT") + "/dev?ssl=false")
          .contains("S3 endpoint: " + env.get("AWS_ENDPOINT_URL"))
          .contains("IAM role:    " + env.get("REDSINK_IAM_ROLE"))
          .contains("IAM JDBC:    jdbc:redshift:iam://redsink-emulator:us-east-1/dev?")
          .doesNotContain(env.get("PGPASSWORD"))
          .doesNotContain(env.get("AWS_SECRET_ACCESS_KEY"));

      assertThat(redsink.terminate(Duration.ofSeconds(30))).isZero();
      assertThat(redsink.stdout()).contains("Stopping the Redshift emulator.");
    }
  }

  private static Map<String, String> exports(String text) {
    Map<String, String> env = new LinkedHashMap<>();
    Matcher m = Pattern.compile("(?m)^export (\\w+)='([^']*)'$").matcher(text);
    while (m.find()) {
      env.put(m.group(1), m.group(2));
    }
    return env;
  }
}
