package dev.redsink.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redsink.emulator.RedshiftEmulator;
import dev.redsink.emulator.RedshiftEmulatorExtension;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code redsink check} with a jdbc:redshift:iam:// connection string: it connects as the DbUser
 * GetClusterCredentials logs in (here created by AutoCreate, with no privilege yet) and tests that
 * user's privileges; an identity the API refuses is reported with the IAM advice, the AWS error,
 * and no secret.
 */
@ExtendWith(RedshiftEmulatorExtension.class)
class CheckIamIT {
  @TempDir Path dir;

  @Test
  void checksThePrivilegesOfTheIamDatabaseUser(RedshiftEmulator emulator) throws Exception {
    CommandLineRun run = check(emulator, emulator.s3().secretAccessKey());
    assertThat(run.out())
        .contains("✓ Redshift reachable")
        .contains("GRANT CREATE ON SCHEMA public TO iam_checker")
        .doesNotContain(emulator.s3().secretAccessKey());
    assertThat(emulator.aws().calls())
        .extracting(Object::toString)
        .contains(
            "redshift:GetClusterCredentials by arn:aws:iam::123456789012:user/redsink -> 200");
  }

  @Test
  void anIdentityTheApiRefusesGetsTheIamAdvice(RedshiftEmulator emulator) throws Exception {
    CommandLineRun run = check(emulator, "not-the-secret");
    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.out())
        .contains("✗ Redshift reachable")
        .contains("AWS: The request signature we calculated does not match")
        .contains("redshift:GetClusterCredentials on")
        .contains("docs/deploying.md")
        .doesNotContain("not-the-secret");
  }

  private CommandLineRun check(RedshiftEmulator emulator, String secret) throws Exception {
    String url =
        emulator.iamJdbcUrl()
            + "&DbUser=iam_checker&AutoCreate=true&IAMDisableCache=true&AccessKeyID="
            + emulator.s3().accessKeyId()
            + "&SecretAccessKey="
            + secret;
    Path file =
        CheckConnectorFile.write(
            dir, emulator, "unused", "unused", "connection_string = \"" + url + "\"", "");
    return CommandLineRun.of("check", file.toString());
  }
}
