package dev.redsink.emulator.s3;

import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;

/** AWS SDK v2 clients configured as a user of the local S3 would, with retries off. */
public final class TestClients {
  private TestClients() {}

  /** A path-style client with the given secret and no retries (one fault = one failure). */
  public static S3Client withSecret(LocalS3 s3, String secret) {
    return S3Client.builder()
        .endpointOverride(s3.endpoint())
        .forcePathStyle(true)
        .region(Region.of(s3.region()))
        .credentialsProvider(
            StaticCredentialsProvider.create(AwsBasicCredentials.create(s3.accessKeyId(), secret)))
        .overrideConfiguration(o -> o.retryStrategy(b -> b.maxAttempts(1)))
        .build();
  }

  /** A user client with the right credentials and no retries. */
  public static S3Client of(LocalS3 s3) {
    return withSecret(s3, s3.secretAccessKey());
  }
}
