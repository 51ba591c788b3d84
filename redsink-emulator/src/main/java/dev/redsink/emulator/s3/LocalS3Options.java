package dev.redsink.emulator.s3;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * How to start a {@link LocalS3}: port (0 = any free port), credentials, region, buckets, and where
 * objects live (in memory unless a storage directory is given).
 */
public record LocalS3Options(
    int port,
    String accessKeyId,
    String secretAccessKey,
    String region,
    List<String> buckets,
    BucketCreation bucketCreation,
    Optional<Path> storageDir) {

  public static final String DEFAULT_ACCESS_KEY_ID = "redsink";
  public static final String DEFAULT_SECRET_ACCESS_KEY = "redsink-secret";
  public static final String DEFAULT_REGION = "us-east-1";

  public LocalS3Options {
    if (port < 0 || port > 65535) {
      throw new IllegalArgumentException(
          "Cannot start local S3: port must be 0-65535, was " + port);
    }
    buckets = List.copyOf(buckets);
  }

  /** Port 0, redsink/redsink-secret, us-east-1, no buckets, explicit creation, in memory. */
  public static LocalS3Options defaults() {
    return new LocalS3Options(
        0,
        DEFAULT_ACCESS_KEY_ID,
        DEFAULT_SECRET_ACCESS_KEY,
        DEFAULT_REGION,
        List.of(),
        BucketCreation.EXPLICIT,
        Optional.empty());
  }

  public LocalS3Options withPort(int newPort) {
    return new LocalS3Options(
        newPort, accessKeyId, secretAccessKey, region, buckets, bucketCreation, storageDir);
  }

  public LocalS3Options withCredentials(String newAccessKeyId, String newSecretAccessKey) {
    return new LocalS3Options(
        port, newAccessKeyId, newSecretAccessKey, region, buckets, bucketCreation, storageDir);
  }

  public LocalS3Options withRegion(String newRegion) {
    return new LocalS3Options(
        port, accessKeyId, secretAccessKey, newRegion, buckets, bucketCreation, storageDir);
  }

  public LocalS3Options withBuckets(String... newBuckets) {
    return new LocalS3Options(
        port,
        accessKeyId,
        secretAccessKey,
        region,
        List.of(newBuckets),
        bucketCreation,
        storageDir);
  }

  public LocalS3Options withBucketCreation(BucketCreation newBucketCreation) {
    return new LocalS3Options(
        port, accessKeyId, secretAccessKey, region, buckets, newBucketCreation, storageDir);
  }

  public LocalS3Options withStorageDir(Path dir) {
    return new LocalS3Options(
        port, accessKeyId, secretAccessKey, region, buckets, bucketCreation, Optional.of(dir));
  }
}
