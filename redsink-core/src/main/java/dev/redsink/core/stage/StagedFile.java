package dev.redsink.core.stage;

import java.util.UUID;

/**
 * One object Redsink put into the staging bucket: {@code s3://<bucket>/<prefix>/<uuidv7>.parquet}
 * (no leading slash when the prefix is empty) and its size for the COPY manifest.
 */
public record StagedFile(String bucket, String key, long contentLength) {

  /** The archive location of a staged file, as in the reference design. */
  public static final String ARCHIVE_PREFIX = "archive/messages/";

  /** The key of a Parquet file: prefix/uuid.parquet, or uuid.parquet for an empty prefix. */
  public static String parquetKey(String prefix, UUID uuid) {
    return join(prefix, uuid + ".parquet");
  }

  /** The key of a COPY manifest next to the files it lists. */
  public static String manifestKey(String prefix, UUID uuid) {
    return join(prefix, uuid + ".manifest");
  }

  /** The object's name without its prefix, e.g. {@code 0190….parquet}. */
  public String name() {
    return key.substring(key.lastIndexOf('/') + 1);
  }

  /** Where archive = true keeps this file: archive/messages/&lt;name&gt;. */
  public String archiveKey() {
    return ARCHIVE_PREFIX + name();
  }

  /** {@code s3://bucket/key}, as COPY and the manifest name it. */
  public String url() {
    return "s3://" + bucket + "/" + key;
  }

  private static String join(String prefix, String name) {
    return prefix.isEmpty() ? name : prefix + "/" + name;
  }
}
