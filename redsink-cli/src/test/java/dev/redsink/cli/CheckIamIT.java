package dev.redsink.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redsink.emulator.EmulatorOptions;
import dev.redsink.emulator.RedshiftEmulator;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code redsink check} with a jdbc:redshift:iam:// connection string: it connects as the DbUser
 * GetClusterCredentials logs in and tests that user's privileges; an identity the API refuses is
 * reported with the IAM advice, the AWS error, and no secret.
 */
class CheckIamIT {
  private static RedshiftEmulator emulator;

  @TempDir Path dir;

  @BeforeAll
  static void start() {
    emulator = RedshiftEmulator.start(EmulatorOptions.defaults().user("loader", "Loader12"));
  }

  @AfterAll
  static void stop() {
    emulator.close();
  }

  @Test
  void checksThePrivilegesOfTheIamDatabaseUser() throws Exception {
    CommandLineRun run = check(emulator.s3().secretAccessKey());
    assertThat(run.out())
        .contains("✓ Redshift reachable")
        .contains("GRANT CREATE ON SCHEMA public TO loader")
        .doesNotContain(emulator.s3().secretAccessKey());
    assertThat(emulator.aws().calls())
        .extracting(Object::toString)
        .contains(
            "redshift:GetClusterCredentials by arn:aws:iam::123456789012:user/redsink -> 200");
  }

  @Test
  void anIdentityTheApiRefusesGetsTheIamAdvice() throws Exception {
    CommandLineRun run = check("not-the-secret");
    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.out())
        .contains("✗ Redshift reachable")
        .contains("AWS: The request signature we calculated does not match")
        .contains("redshift:GetClusterCredentials on")
        .contains("docs/deploying.md")
        .doesNotContain("not-the-secret");
  }

  private CommandLineRun check(String secret) throws Exception {
    String url =
        emulator.iamJdbcUrl()
            + "&DbUser=loader&IAMDisableCache=true&AccessKeyID="
            + emulator.s3().accessKeyId()
            + "&SecretAccessKey="
            + secret;
    Path file =
        CheckConnectorFile.write(
            dir, emulator, "unused", "unused", "connection_string = \"" + url + "\"", "");
    return CommandLineRun.of("check", file.toString());
  }
}
