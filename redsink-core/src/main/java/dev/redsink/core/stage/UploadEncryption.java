package dev.redsink.core.stage;

import dev.redsink.core.config.ConfigKeys;
import dev.redsink.core.config.RedsinkConfig;
import dev.redsink.core.config.S3Encryption;
import software.amazon.awssdk.services.s3.model.CopyObjectRequest;
import software.amazon.awssdk.services.s3.model.PutObjectRequest;
import software.amazon.awssdk.services.s3.model.ServerSideEncryption;

/** The server-side encryption (s3_sse) every request that writes an object asks for. */
public record UploadEncryption(S3Encryption sse, String kmsKeyId) {

  /** No header: the bucket's default encryption. */
  public static final UploadEncryption NONE = new UploadEncryption(S3Encryption.NONE, null);

  public static UploadEncryption of(RedsinkConfig config) {
    return new UploadEncryption(
        config.get(ConfigKeys.S3_SSE), config.get(ConfigKeys.S3_SSE_KMS_KEY_ID));
  }

  PutObjectRequest.Builder apply(PutObjectRequest.Builder request) {
    return request.serverSideEncryption(header()).ssekmsKeyId(keyId());
  }

  CopyObjectRequest.Builder apply(CopyObjectRequest.Builder request) {
    return request.serverSideEncryption(header()).ssekmsKeyId(keyId());
  }

  /** The x-amz-server-side-encryption value; null sends no header. */
  private ServerSideEncryption header() {
    return switch (sse) {
      case NONE -> null;
      case AES256 -> ServerSideEncryption.AES256;
      case KMS -> ServerSideEncryption.AWS_KMS;
    };
  }

  private String keyId() {
    return sse == S3Encryption.KMS ? kmsKeyId : null;
  }
}
