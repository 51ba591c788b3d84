package dev.redsink.emulator.copy;

/** One S3 object a COPY reads, with its size in bytes. */
public record LoadFile(String bucket, String key, long size) {
  /** {@code s3://bucket/key}. */
  public String url() {
    return "s3://" + bucket + "/" + key;
  }

  /** The form Redshift prints in load errors: {@code https://s3.<region>.amazonaws.com/b/k}. */
  public String httpsUrl(String region) {
    return "https://s3." + region + ".amazonaws.com/" + bucket + "/" + key;
  }
}
