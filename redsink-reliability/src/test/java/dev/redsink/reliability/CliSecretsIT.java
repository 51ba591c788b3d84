package dev.redsink.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redsink.emulator.RedshiftEmulator;
import dev.redsink.testkit.JvmProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code redsink check} prints no configured secret, whether the checks pass or fail: a good setup,
 * a wrong database password, a wrong S3 secret key and a password given by environment override, in
 * one run as a user would start it (stdout and the logs on stderr). {@code /metrics} is covered by
 * {@link RunKillRestartIT}.
 */
@ExtendWith(ScenarioWarehouseExtension.class)
class CliSecretsIT {

  private static final String WRONG_PASSWORD = "Hunter2WrongPw";
  private static final String WRONG_SECRET_KEY = "WrongS3Secret99";

  private final ScenarioWarehouse warehouse;

  CliSecretsIT(ScenarioWarehouse warehouse) {
    this.warehouse = warehouse;
  }

  @Test
  void checkOutputHoldsNoSecretWhetherItPassesOrFails() throws Exception {
    RedshiftEmulator e = warehouse.emulator();
    String table = ScenarioWarehouse.uniqueTable("sec");
    Path dir = Path.of("target", "children", table).toAbsolutePath();
    String good = warehouse.connectionString();
    Path passing = connector(dir, "good", table, good);
    Path wrongPassword =
        connector(dir, "wrongpw", table, ScenarioWarehouse.connectionString(e, WRONG_PASSWORD));
    Path wrongKey = connector(dir, "wrongkey", table, good);
    Files.writeString(
        wrongKey,
        Files.readString(wrongKey)
            .replace(
                "aws_secret_access_key = \"" + e.s3().secretAccessKey() + "\"",
                "aws_secret_access_key = \"" + WRONG_SECRET_KEY + "\""));
    Path fromEnvironment = connector(dir, "envpw", table, null);

    JvmProcess check =
        Children.redsink(
            dir,
            "check",
            Map.of("REDSINK_CONNECTORS_SINK_ENVPW_PLUGIN_CONFIG_CONNECTION_STRING", good),
            "check",
            passing.toString(),
            wrongPassword.toString(),
            wrongKey.toString(),
            fromEnvironment.toString());
    int exit = check.waitFor(java.time.Duration.ofMinutes(3));
    String output = check.output();

    assertThat(exit).as(output).isEqualTo(1);
    assertThat(check.stdout())
        .contains("Checking connector 'good'")
        .contains("Checking connector 'wrongpw'")
        .contains("✗ Redshift reachable — postgres://redsink:****@")
        .contains("password authentication failed")
        .contains("Checking connector 'wrongkey'")
        .contains("✗ S3 put with CRC32C checksum on s3_prefix")
        .contains("SignatureDoesNotMatch")
        .contains("Checking connector 'envpw'")
        .contains("(value hidden)")
        .contains("2 of 32 checks failed.");
    assertThat(check.stdout().split("✓ COPY with aws_iam_role", -1))
        .as("connectors whose COPY check passed (good, envpw)")
        .hasSize(3);
    for (String secret :
        List.of(e.password(), e.s3().secretAccessKey(), WRONG_PASSWORD, WRONG_SECRET_KEY)) {
      assertThat(output).as("check output").doesNotContain(secret);
    }
    Figures.record(
        "secrets in redsink check (pass, wrong password, wrong S3 key, env override)",
        0,
        0,
        0,
        0,
        -1,
        "no password or secret key in stdout or logs; failures named");
  }

  private Path connector(Path dir, String key, String table, String connectionString)
      throws Exception {
    return warehouse.connectorFile(
        dir, key, "sec." + table, table + "_" + key, 100, connectionString);
  }
}
