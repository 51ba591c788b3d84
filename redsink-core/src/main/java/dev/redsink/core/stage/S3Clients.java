package dev.redsink.core.stage;

import dev.redsink.core.config.Durations;
import dev.redsink.core.config.RedsinkConfig;
import dev.redsink.core.error.InvalidConfigException;
import java.time.Duration;
import java.util.List;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
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

  /**
   * The longest one S3 request may take, body upload included. The HTTP client's socket timeout
   * bounds only reads, so a PUT whose connection stalls while sending (or a server that trickles
   * its reply) would hang the load for ever; after this the attempt is abandoned as a transient
   * failure and the {@link Stager} retries it under a new connection. Two minutes carry a 128 MiB
   * staged file at about 1 MiB/s.
   */
  public static final Duration ATTEMPT_TIMEOUT = Duration.ofMinutes(2);

  /**
   * JVM system property overriding {@link #ATTEMPT_TIMEOUT} with a duration such as {@code 500ms}
   * or {@code 5m}: for slow links, and for tests that stall a PUT past it.
   */
  public static final String ATTEMPT_TIMEOUT_PROPERTY = "redsink.s3.attemptTimeout";

  private S3Clients() {}

  /**
   * Static keys when configured, else the default credential chain; s3_endpoint turns on path-style
   * addressing. The SDK's own retries are off because {@link Stager} retries with the configured
   * policy. Checksums are sent as a header we compute, not as aws-chunked trailers, which some
   * S3-compatible servers store corrupted (dependencies.md §2).
   */
  public static S3Client create(RedsinkConfig config) {
    return create(config, attemptTimeout());
  }

  /**
   * As {@link #create(RedsinkConfig)} with the given per-request timeout (SDK retries are off, so
   * the call timeout equals it).
   */
  public static S3Client create(RedsinkConfig config, Duration attemptTimeout) {
    S3ClientBuilder builder =
        S3Client.builder()
            .region(Region.of(config.awsRegion()))
            .requestChecksumCalculation(RequestChecksumCalculation.WHEN_REQUIRED)
            .responseChecksumValidation(ResponseChecksumValidation.WHEN_REQUIRED)
            .overrideConfiguration(
                o ->
                    o.retryStrategy(AwsRetryStrategy.doNotRetry())
                        .apiCallAttemptTimeout(attemptTimeout)
                        .apiCallTimeout(attemptTimeout));
    config
        .s3Endpoint()
        .ifPresent(endpoint -> builder.endpointOverride(endpoint).forcePathStyle(true));
    AwsCredentialsProvider credentials =
        config
            .staticCredentials()
            .<AwsCredentialsProvider>map(
                c ->
                    StaticCredentialsProvider.create(
                        AwsBasicCredentials.create(
                            c.accessKeyId().reveal(), c.secretAccessKey().reveal())))
            .orElseGet(() -> DefaultCredentialsProvider.builder().build());
    builder.credentialsProvider(credentials);
    return builder.build();
  }

  /** {@link #ATTEMPT_TIMEOUT}, or the value of {@link #ATTEMPT_TIMEOUT_PROPERTY} when set. */
  static Duration attemptTimeout() {
    String value = System.getProperty(ATTEMPT_TIMEOUT_PROPERTY);
    if (value == null || value.isBlank()) {
      return ATTEMPT_TIMEOUT;
    }
    return Durations.parse(value)
        .filter(d -> !d.isZero() && !d.isNegative())
        .orElseThrow(
            () ->
                new InvalidConfigException(
                    List.of(
                        "system property "
                            + ATTEMPT_TIMEOUT_PROPERTY
                            + " = '"
                            + value
                            + "' is not a positive duration (e.g. 500ms, 30s, 5m)")));
  }
}
