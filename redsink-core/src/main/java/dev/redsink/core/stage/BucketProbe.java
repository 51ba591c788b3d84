package dev.redsink.core.stage;

import dev.redsink.core.config.ConfigKeys;
import dev.redsink.core.config.RedsinkConfig;
import dev.redsink.core.error.ErrorCategory;
import dev.redsink.core.error.RedsinkException;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Supplier;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.S3Exception;

/**
 * The runtime side's S3 calls the preflight makes on the configured bucket and prefix. A failure is
 * a {@link RedsinkException} whose message is S3's error code and status, or the client's.
 */
public final class BucketProbe implements AutoCloseable {
  private final RedsinkConfig config;
  private final S3Client s3;

  public BucketProbe(RedsinkConfig config) {
    this.config = config;
    this.s3 = S3Clients.create(config);
  }

  /** The object key for a probe file under s3_prefix. */
  public String key(String fileName) {
    String prefix = config.get(ConfigKeys.S3_PREFIX);
    return prefix.isEmpty() || prefix.endsWith("/") ? prefix + fileName : prefix + "/" + fileName;
  }

  public String url(String key) {
    return "s3://" + config.get(ConfigKeys.S3_BUCKET) + "/" + key;
  }

  /** Uploads with a CRC32C checksum the server verifies. */
  public void put(String key, byte[] bytes) {
    call(
        () ->
            s3.putObject(
                b ->
                    UploadEncryption.of(config)
                        .apply(b)
                        .bucket(config.get(ConfigKeys.S3_BUCKET))
                        .key(key)
                        .checksumCRC32C(Crc32c.base64(bytes)),
                RequestBody.fromBytes(bytes)));
  }

  public void delete(String key) {
    call(() -> s3.deleteObject(b -> b.bucket(config.get(ConfigKeys.S3_BUCKET)).key(key)));
  }

  /** The bucket's region as S3 reports it (us-east-1 for the empty location constraint). */
  public String region() {
    String location =
        call(
            () ->
                s3.getBucketLocation(b -> b.bucket(config.get(ConfigKeys.S3_BUCKET)))
                    .locationConstraintAsString());
    return location == null || location.isEmpty() ? "us-east-1" : location;
  }

  /** Whether the bucket policy limits s3:signatureAge; empty when the bucket has no policy. */
  public Optional<Boolean> policyLimitsSignatureAge() {
    return call(this::policy).map(p -> p.toLowerCase(Locale.ROOT).contains("s3:signatureage"));
  }

  private Optional<String> policy() {
    try {
      return Optional.of(
          s3.getBucketPolicy(b -> b.bucket(config.get(ConfigKeys.S3_BUCKET))).policy());
    } catch (S3Exception e) {
      // AWS says NoSuchBucketPolicy; s3proxy (the emulator's S3) says NoSuchPolicy.
      if ("NoSuchBucketPolicy".equals(code(e)) || "NoSuchPolicy".equals(code(e))) {
        return Optional.empty();
      }
      throw e;
    }
  }

  private static <T> T call(Supplier<T> request) {
    try {
      return request.get();
    } catch (SdkException e) {
      throw new RedsinkException(ErrorCategory.FATAL, describe(e), e);
    }
  }

  /** What went wrong, for a person: the S3 error code and status, or the client's message. */
  private static String describe(SdkException e) {
    if (e instanceof S3Exception s3e) {
      return code(s3e) + " (HTTP " + s3e.statusCode() + ")";
    }
    return e.getMessage();
  }

  private static String code(S3Exception e) {
    return e.awsErrorDetails() == null || e.awsErrorDetails().errorCode() == null
        ? "HTTP " + e.statusCode()
        : e.awsErrorDetails().errorCode();
  }

  @Override
  public void close() {
    s3.close();
  }
}
