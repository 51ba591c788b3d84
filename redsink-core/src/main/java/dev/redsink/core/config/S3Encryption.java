package dev.redsink.core.config;

/**
 * The server-side encryption Redsink asks S3 for on every file it writes (staged files, manifests,
 * archive copies, the preflight's probe): the {@code x-amz-server-side-encryption} header a bucket
 * policy may require.
 *
 * @see <a
 *     href="https://docs.aws.amazon.com/AmazonS3/latest/userguide/specifying-kms-encryption.html">Specifying
 *     server-side encryption with AWS KMS</a>
 */
public enum S3Encryption {
  /** No header: the bucket's default encryption applies. */
  NONE("none"),
  /** SSE-S3, keys managed by S3. */
  AES256("AES256"),
  /** SSE-KMS, with s3_sse_kms_key_id or the account's AWS managed key aws/s3. */
  KMS("aws:kms");

  private final String keyword;

  S3Encryption(String keyword) {
    this.keyword = keyword;
  }

  /** The configuration spelling, which is also the header's value. */
  public String keyword() {
    return keyword;
  }
}
