package dev.redsink.core.stage;

import dev.redsink.core.config.ConfigKeys;
import dev.redsink.core.error.AuthorizationException;
import dev.redsink.core.error.FatalException;
import dev.redsink.core.error.RedsinkException;
import dev.redsink.core.error.TransientException;
import java.io.ByteArrayInputStream;
import java.util.function.Supplier;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.ChecksumAlgorithm;
import software.amazon.awssdk.services.s3.model.S3Exception;

/** {@link ObjectStore} over the AWS SDK v2, translating S3 failures into Redsink's categories. */
public final class S3ObjectStore implements ObjectStore {
  private static final String OCTET_STREAM = "application/octet-stream";

  private final S3Client s3;
  private final String bucket;
  private final UploadEncryption encryption;

  public S3ObjectStore(S3Client s3, String bucket) {
    this(s3, bucket, UploadEncryption.NONE);
  }

  public S3ObjectStore(S3Client s3, String bucket, UploadEncryption encryption) {
    this.s3 = s3;
    this.bucket = bucket;
    this.encryption = encryption;
  }

  /**
   * The store for a sink's configuration: its bucket and encryption, with a client built from its
   * keys.
   */
  public static S3ObjectStore of(dev.redsink.core.config.RedsinkConfig config) {
    return new S3ObjectStore(
        S3Clients.create(config), config.get(ConfigKeys.S3_BUCKET), UploadEncryption.of(config));
  }

  @Override
  public void close() {
    s3.close();
  }

  @Override
  public String bucket() {
    return bucket;
  }

  @Override
  public void put(String key, byte[] bytes, String crc32cBase64) {
    call(
        "upload",
        key,
        () ->
            s3.putObject(
                r ->
                    encryption
                        .apply(r)
                        .bucket(bucket)
                        .key(key)
                        .contentLength((long) bytes.length)
                        .checksumAlgorithm(ChecksumAlgorithm.CRC32_C)
                        .checksumCRC32C(crc32cBase64),
                // fromBytes would copy the whole file first; a stream over it does not.
                RequestBody.fromContentProvider(
                    () -> new ByteArrayInputStream(bytes), bytes.length, OCTET_STREAM)));
  }

  @Override
  public void delete(String key) {
    call("delete", key, () -> s3.deleteObject(r -> r.bucket(bucket).key(key)));
  }

  @Override
  public void copy(String fromKey, String toKey) {
    call(
        "copy",
        fromKey,
        () ->
            s3.copyObject(
                r ->
                    encryption
                        .apply(r)
                        .sourceBucket(bucket)
                        .sourceKey(fromKey)
                        .destinationBucket(bucket)
                        .destinationKey(toKey)));
  }

  private void call(String operation, String key, Supplier<?> request) {
    String url = "s3://" + bucket + "/" + key;
    try {
      request.get();
    } catch (S3Exception e) {
      throw classify(operation, url, e);
    } catch (SdkClientException e) {
      String reason = String.valueOf(e.getMessage());
      if (reason.startsWith("Unable to load credentials")) {
        // No provider of the default chain gave credentials (or STS refused its token or role):
        // retrying changes nothing.
        throw new AuthorizationException(
            "Cannot "
                + operation
                + " "
                + url
                + ": the runtime has no AWS credentials for S3: "
                + reason.lines().findFirst().orElse("")
                + "; set aws_access_key_id and aws_secret_access_key, or give the SDK's default"
                + " chain a source (AWS_WEB_IDENTITY_TOKEN_FILE with AWS_ROLE_ARN on EKS,"
                + " AWS_PROFILE, container credentials); see docs/deploying.md",
            e);
      }
      throw new TransientException(
          "Cannot " + operation + " " + url + ": S3 " + operation + " failed: " + reason, e);
    }
  }

  /** Maps an S3 error response to a category: 5xx and throttling are transient. */
  static RedsinkException classify(String operation, String url, S3Exception e) {
    int status = e.statusCode();
    String code = e.awsErrorDetails() == null ? "" : e.awsErrorDetails().errorCode();
    String message =
        "Cannot "
            + operation
            + " "
            + url
            + ": S3 "
            + operation
            + " failed with status "
            + status
            + (code == null || code.isEmpty() ? "" : " (" + code + ")");
    if (status >= 500
        || status == 429
        || "SlowDown".equals(code)
        || "RequestTimeout".equals(code)) {
      return new TransientException(message, e);
    }
    if ("InvalidToken".equals(code) || "ExpiredToken".equals(code)) {
      return new AuthorizationException(
          message
              + "; the runtime-side credentials are temporary keys whose session token is missing,"
              + " wrong or expired: with an ASIA… aws_access_key_id set aws_session_token to the"
              + " token of the same session, or leave the keys out so the SDK's default chain"
              + " (web identity, profile, container credentials) fetches and renews them",
          e);
    }
    if ("InvalidAccessKeyId".equals(code) || "SignatureDoesNotMatch".equals(code)) {
      return new AuthorizationException(
          message
              + "; S3 does not know the runtime-side access key, or its secret does not match:"
              + " check aws_access_key_id and aws_secret_access_key, or, without them, what the"
              + " SDK's default chain found (AWS_PROFILE, AWS_WEB_IDENTITY_TOKEN_FILE and"
              + " AWS_ROLE_ARN, container credentials)",
          e);
    }
    if (status == 401 || status == 403) {
      return new AuthorizationException(
          message
              + "; the runtime-side credentials need s3:PutObject, s3:DeleteObject (and"
              + " s3:GetObject for archive) on s3_prefix, and aws_region must match the bucket;"
              + " a bucket policy that requires server-side encryption denies uploads without"
              + " s3_sse (AES256 or aws:kms)",
          e);
    }
    return new FatalException(message, e);
  }
}
