package dev.redsink.core.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redsink.core.RedshiftSink;
import dev.redsink.core.error.RedsinkException;
import dev.redsink.emulator.RedshiftEmulator;
import dev.redsink.emulator.RedshiftEmulatorExtension;
import dev.redsink.emulator.fault.BucketPolicy;
import dev.redsink.testkit.Warehouse;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * s3_sse against a bucket whose policy denies unencrypted uploads: without it the first upload is
 * refused with the fix named and nothing loads; with AES256 or aws:kms every file Redsink writes
 * asks for that encryption and the rows load.
 */
@ExtendWith(RedshiftEmulatorExtension.class)
class ServerSideEncryptionIT {
  private static final String KMS_KEY =
      "arn:aws:kms:us-east-1:123456789012:key/1234abcd-12ab-34cd-56ef-1234567890ab";

  private BucketPolicy policy;

  @AfterEach
  void allowPlainUploadsAgain() {
    if (policy != null) {
      policy.requireEncryption(false);
    }
  }

  @Test
  void aPolicyRequiringEncryptionRefusesPlainUploadsAndTakesEncryptedOnes(RedshiftEmulator emulator)
      throws Exception {
    SinkFixture fx = new SinkFixture(emulator);
    policy = emulator.s3().policy();
    policy.requireEncryption(true);
    String table = Warehouse.uniqueTable("sse");

    Map<String, Object> plain = fx.config(table);
    assertThatThrownBy(
            () -> {
              try (RedshiftSink sink = RedshiftSink.open(plain)) {
                sink.write(SinkFixture.records("t", 0, 0, 3));
              }
            })
        .isInstanceOf(RedsinkException.class)
        .hasMessageContaining("AccessDenied")
        .hasMessageContaining("s3_sse");

    int before = policy.encryptionOfWrites().size();
    Map<String, Object> aes = fx.config(table);
    aes.put("s3_sse", "AES256");
    try (RedshiftSink sink = RedshiftSink.open(aes)) {
      assertThat(sink.write(SinkFixture.records("t", 0, 0, 100)).loaded()).isEqualTo(100);
    }
    Map<String, Object> kms = fx.config(table);
    kms.put("s3_sse", "aws:kms");
    kms.put("s3_sse_kms_key_id", KMS_KEY);
    try (RedshiftSink sink = RedshiftSink.open(kms)) {
      assertThat(sink.write(SinkFixture.records("t", 0, 100, 100)).loaded()).isEqualTo(100);
    }

    assertThat(fx.count(table)).isEqualTo(200);
    List<String> writes = policy.encryptionOfWrites();
    assertThat(writes.subList(before, writes.size()))
        .contains("AES256", "aws:kms")
        .containsOnly("AES256", "aws:kms");
  }
}
