package dev.redsink.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redsink.testkit.JvmProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The production artifact, target/redsink.jar, holds the command and its drivers but neither the
 * Redshift emulator (embedded PostgreSQL, DuckDB's native libraries, s3proxy) nor a Kafka broker:
 * those ship in redsink-demo.jar.
 */
class ProductionJarIT {
  private static final Path JAR = Paths.get("target", "redsink.jar");

  /** Entry name prefixes (or names) that belong to the demo artifact only. */
  private static final List<String> DEMO_ONLY =
      List.of(
          "dev/redsink/emulator/",
          "dev/redsink/demo/",
          "org/duckdb/",
          "libduckdb_java",
          "io/zonky/",
          "postgres-linux-",
          "org/gaul/s3proxy/",
          "kafka/server/",
          "org/apache/kafka/metadata/",
          "org/apache/kafka/storage/internals/log/",
          "org/apache/kafka/raft/",
          "org/apache/kafka/controller/",
          "scala/");

  @Test
  void holdsTheCommandWithoutTheEmulatorOrAKafkaBroker() throws Exception {
    assertThat(JAR).as("built by the package phase").exists();
    List<String> entries;
    try (JarFile jar = new JarFile(JAR.toFile())) {
      entries = jar.stream().map(ZipEntry::getName).toList();
    }
    assertThat(entries)
        .contains(
            "dev/redsink/cli/Redsink.class",
            "dev/redsink/core/RedshiftSink.class",
            "com/amazon/redshift/jdbc/Driver.class",
            "org/apache/kafka/clients/consumer/KafkaConsumer.class",
            // IAM to Redshift (provisioned, Serverless), role credentials, SSO profiles, MSK IAM
            "software/amazon/awssdk/services/redshift/RedshiftClient.class",
            "software/amazon/awssdk/services/redshiftserverless/RedshiftServerlessClient.class",
            "software/amazon/awssdk/services/sts/StsClient.class",
            "software/amazon/awssdk/services/sso/SsoClient.class",
            "software/amazon/msk/auth/iam/IAMLoginModule.class",
            "software/amazon/msk/auth/iam/IAMOAuthBearerLoginCallbackHandler.class");
    assertThat(Files.size(JAR)).as("redsink.jar stays under 80 MB").isLessThan(80L << 20);
    assertThat(entries)
        .as("entries of the demo artifact only")
        .filteredOn(name -> DEMO_ONLY.stream().anyMatch(name::startsWith))
        .isEmpty();
  }

  @Test
  void pointsAtTheDemoArtifactForDemoAndEmulator(@TempDir Path dir) throws Exception {
    try (JvmProcess help = RedsinkLaunch.start(dir, Map.of(), "--help")) {
      assertThat(help.awaitExit(Duration.ofMinutes(1))).isZero();
      assertThat(help.stdout())
          .containsPattern("(?m)^  run ")
          .containsPattern("(?m)^  ledger ")
          .contains("in redsink-demo.jar:", "  ./redsink demo, ./redsink emulator")
          .doesNotContainPattern("(?m)^  demo ")
          .doesNotContainPattern("(?m)^  emulator ");
    }
  }
}
