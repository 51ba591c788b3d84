package dev.redsink.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redsink.emulator.RedshiftEmulator;
import dev.redsink.emulator.RedshiftEmulatorExtension;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** {@code redsink check} on a good setup and on each broken one the reference troubleshoots. */
@ExtendWith(RedshiftEmulatorExtension.class)
class CheckCommandIT {

  @TempDir Path dir;
  private RedshiftEmulator emulator;

  @BeforeEach
  void emulator(RedshiftEmulator emulator) {
    this.emulator = emulator;
  }

  @Test
  void passesOnAGoodSetup() throws IOException {
    CommandLineRun run =
        CommandLineRun.of("check", connector(emulator.password(), "", "").toString());

    assertThat(run.out())
        .contains("Checking connector 'orders_rs'")
        .contains("✓ configuration is valid")
        .contains("✓ Redshift reachable — SELECT 1 on postgres://redsink:****@127.0.0.1:")
        .contains("✓ privileges")
        .contains("✓ S3 put with CRC32C checksum on s3_prefix")
        .contains("✓ COPY with aws_iam_role")
        .contains("✓ S3 delete on s3_prefix")
        .contains("✓ bucket region")
        .contains("✓ bucket policy allows Parquet COPY — no bucket policy")
        .contains("All 8 checks passed.")
        .doesNotContain(emulator.password())
        .doesNotContain(emulator.s3().secretAccessKey());
    assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
  }

  @Test
  void aTargetSchemaNotCreatedYetNeedsCreateOnTheDatabase() throws IOException {
    CommandLineRun run =
        CommandLineRun.of(
            "check",
            connector(emulator.password(), "target_schema = \"check_new_schema\"", "").toString());

    assertThat(run.out())
        .contains(
            "✓ privileges — CREATE on the database (schema check_new_schema is created on first"
                + " use), TEMP tables");
    assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
  }

  @Test
  void wrongPasswordFailsWithTheConnectionFix() throws IOException {
    CommandLineRun run = CommandLineRun.of("check", connector("wrong-password", "", "").toString());

    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.out())
        .contains("✗ Redshift reachable")
        .contains("password authentication failed")
        .contains(
            "cause:   Wrong connection_string, or the endpoint is not reachable from the container")
        .contains("- privileges — skipped: Redshift is not reachable")
        .doesNotContain("wrong-password");
  }

  @Test
  void roleNotAttachedFailsWithTheCopyFix() throws IOException {
    Path file =
        connector(
            emulator.password(),
            "aws_iam_role = \"arn:aws:iam::123456789012:role/NotAttached\"\n",
            "");

    CommandLineRun run = CommandLineRun.of("check", file.toString());

    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.out())
        .contains("✗ COPY with aws_iam_role")
        .contains("is not authorized to assume IAM Role arn:aws:iam::123456789012:role/NotAttached")
        .contains("symptom: Redshift COPY failed after 3 attempts")
        .contains("fix:     attach aws_iam_role to the cluster")
        .contains("1 of 8 checks failed.");
  }

  @Test
  void missingBucketFailsWithTheUploadFix() throws IOException {
    CommandLineRun run =
        CommandLineRun.of(
            "check",
            connector(emulator.password(), "s3_bucket = \"no-such-bucket\"\n", "").toString());

    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.out())
        .contains("✗ S3 put with CRC32C checksum on s3_prefix — s3://no-such-bucket/")
        .contains("NoSuchBucket")
        .contains("symptom: S3 upload failed or S3 upload failed with status 403")
        .contains("- COPY with aws_iam_role — skipped: the probe file was not uploaded");
  }

  @Test
  void oneStaticKeyFailsWithTheBothKeysFix() throws IOException {
    Path file = connector(emulator.password(), "", "");
    String text = Files.readString(file).replaceAll("(?m)^aws_secret_access_key = .*$", "");
    Files.writeString(file, text);

    CommandLineRun run = CommandLineRun.of("check", file.toString());

    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.out())
        .contains("✗ configuration is valid")
        .contains(
            "symptom: Choosing to use aws_access_key_id and aws_secret_access_key then both MUST"
                + " be provided")
        .contains("cause:   Only one of the two static keys is set, or one is empty")
        .contains("- Redshift reachable — skipped: the configuration is invalid");
  }

  /** The Quick start pointed at the emulator; {@code extra} replaces plugin_config keys. */
  private Path connector(String password, String extra, String topLevel) throws IOException {
    return CheckConnectorFile.write(dir, emulator, emulator.user(), password, extra, topLevel);
  }
}
