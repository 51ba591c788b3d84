package dev.redsink.core.stage;

import dev.redsink.core.config.ConfigKeys;
import dev.redsink.core.config.RedsinkConfig;
import java.time.Duration;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.AwsSessionCredentials;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.core.checksums.RequestChecksumCalculation;
import software.amazon.awssdk.core.checksums.ResponseChecksumValidation;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.S3ClientBuilder;

/** Builds the runtime-side S3 client from the configuration. */
public final class S3Clients {

  private S3Clients() {}

  /**
   * Static keys when configured, else the default credential chain; s3_endpoint turns on path-style
   * addressing. The SDK's own retries are off because {@link Stager} retries with the configured
   * policy. Checksums are sent as a header we compute, not as aws-chunked trailers, which some
   * S3-compatible servers store corrupted (the SDK's default since 2.30 sends aws-chunked bodies
   * with trailing checksums).
   */
  public static S3Client create(RedsinkConfig config) {
    // The socket timeout bounds only reads: s3_timeout bounds a whole request, so a PUT stalled
    // while sending fails as transient and the Stager retries it. SDK retries are off, so the call
    // timeout equals the attempt timeout.
    Duration attemptTimeout = config.get(ConfigKeys.S3_TIMEOUT);
    S3ClientBuilder builder =
        S3Client.builder()
            .region(Region.of(config.get(ConfigKeys.AWS_REGION)))
            .requestChecksumCalculation(RequestChecksumCalculation.WHEN_REQUIRED)
            .responseChecksumValidation(ResponseChecksumValidation.WHEN_REQUIRED)
            .overrideConfiguration(
                o ->
                    o.retryStrategy(AwsRetryStrategy.doNotRetry())
                        .apiCallAttemptTimeout(attemptTimeout)
                        .apiCallTimeout(attemptTimeout));
    config
        .find(ConfigKeys.S3_ENDPOINT)
        .ifPresent(endpoint -> builder.endpointOverride(endpoint).forcePathStyle(true));
    AwsCredentialsProvider credentials =
        config
            .staticCredentials()
            .<AwsCredentialsProvider>map(
                c ->
                    StaticCredentialsProvider.create(
                        c.sessionToken().isPresent()
                            ? AwsSessionCredentials.create(
                                c.accessKeyId().reveal(),
                                c.secretAccessKey().reveal(),
                                c.sessionToken().get().reveal())
                            : AwsBasicCredentials.create(
                                c.accessKeyId().reveal(), c.secretAccessKey().reveal())))
            .orElseGet(() -> DefaultCredentialsProvider.builder().build());
    builder.credentialsProvider(credentials);
    return builder.build();
  }
}
