package dev.redsink.cli.check;

import dev.redsink.core.config.RedsinkConfig;
import dev.redsink.core.stage.S3Clients;
import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.Locale;
import java.util.Optional;
import java.util.zip.CRC32C;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.S3Exception;

/** The runtime side's S3 calls the preflight makes on the configured bucket and prefix. */
final class S3Probe implements AutoCloseable {
  private final RedsinkConfig config;
  private final S3Client s3;

  S3Probe(RedsinkConfig config) {
    this.config = config;
    this.s3 = S3Clients.create(config);
  }

  /** The object key for a probe file under s3_prefix. */
  String key(String fileName) {
    String prefix = config.s3Prefix();
    return prefix.isEmpty() || prefix.endsWith("/") ? prefix + fileName : prefix + "/" + fileName;
  }

  String url(String key) {
    return "s3://" + config.s3Bucket() + "/" + key;
  }

  /** Uploads with a CRC32C checksum the server verifies. */
  void put(String key, byte[] bytes) {
    CRC32C crc = new CRC32C();
    crc.update(bytes);
    String checksum =
        Base64.getEncoder()
            .encodeToString(ByteBuffer.allocate(4).putInt((int) crc.getValue()).array());
    s3.putObject(
        b -> b.bucket(config.s3Bucket()).key(key).checksumCRC32C(checksum),
        RequestBody.fromBytes(bytes));
  }

  void delete(String key) {
    s3.deleteObject(b -> b.bucket(config.s3Bucket()).key(key));
  }

  /** The bucket's region as S3 reports it (us-east-1 for the empty location constraint). */
  String region() {
    String location =
        s3.getBucketLocation(b -> b.bucket(config.s3Bucket())).locationConstraintAsString();
    return location == null || location.isEmpty() ? "us-east-1" : location;
  }

  /** The bucket policy, empty when the bucket has none. */
  Optional<String> policy() {
    try {
      return Optional.of(s3.getBucketPolicy(b -> b.bucket(config.s3Bucket())).policy());
    } catch (S3Exception e) {
      // AWS says NoSuchBucketPolicy; s3proxy (the emulator's S3) says NoSuchPolicy.
      if ("NoSuchBucketPolicy".equals(code(e)) || "NoSuchPolicy".equals(code(e))) {
        return Optional.empty();
      }
      throw e;
    }
  }

  /** What went wrong, for a person: the S3 error code and status, or the client's message. */
  static String describe(SdkException e) {
    if (e instanceof S3Exception s3e) {
      return code(s3e) + " (HTTP " + s3e.statusCode() + ")";
    }
    return e.getMessage();
  }

  static String code(S3Exception e) {
    return e.awsErrorDetails() == null || e.awsErrorDetails().errorCode() == null
        ? "HTTP " + e.statusCode()
        : e.awsErrorDetails().errorCode();
  }

  static boolean limitsSignatureAge(String policy) {
    return policy.toLowerCase(Locale.ROOT).contains("s3:signatureage");
  }

  @Override
  public void close() {
    s3.close();
  }
}
