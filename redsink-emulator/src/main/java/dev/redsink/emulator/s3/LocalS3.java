package dev.redsink.emulator.s3;

import dev.redsink.emulator.aws.AccessKeys;
import dev.redsink.emulator.aws.AwsApis;
import dev.redsink.emulator.aws.Cluster;
import dev.redsink.emulator.aws.Principal;
import dev.redsink.emulator.copy.IamRoles;
import dev.redsink.emulator.fault.BucketPolicy;
import dev.redsink.emulator.fault.FaultingFront;
import dev.redsink.emulator.fault.S3Faults;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Files;
import java.time.Clock;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.gaul.s3proxy.AccessGrant;
import org.gaul.s3proxy.S3Proxy;
import org.gaul.s3proxy.auth.AuthenticationType;
import org.gaul.s3proxy.blobstore.BlobStore;
import org.gaul.s3proxy.nio2blob.FilesystemNio2BlobStore;
import org.gaul.s3proxy.nio2blob.TransientNio2BlobStore;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.retries.StandardRetryStrategy;
import software.amazon.awssdk.retries.api.BackoffStrategy;
import software.amazon.awssdk.retries.api.RetryStrategy;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.BucketAlreadyExistsException;
import software.amazon.awssdk.services.s3.model.BucketAlreadyOwnedByYouException;

/**
 * A local S3: an embedded s3proxy (SigV4 checked, path-style, CRC32C checked on upload) reached
 * through a {@link FaultingFront}, so armed {@link #faults()} apply to every client, including the
 * emulator's own reads through {@link #client()}. The same endpoint answers the AWS API calls of
 * {@link #apis()} (STS, Redshift, Redshift Serverless); S3 accepts the long-term key of the
 * options, which belongs to the IAM user {@value #IAM_USER}, and every unexpired temporary key STS
 * issued.
 */
public final class LocalS3 implements AutoCloseable {
  private static final long START_TIMEOUT_MS = 30_000;

  /** The IAM user the options' access key belongs to. */
  public static final String IAM_USER = "redsink";

  private final LocalS3Options options;
  private final S3Proxy proxy;
  private final FaultingFront front;
  private final S3Faults faults;
  private final BucketPolicy policy;
  private final AwsApis apis;
  private final S3Client backendClient;
  private final S3Client client;
  private final Set<String> knownBuckets = ConcurrentHashMap.newKeySet();

  private LocalS3(
      LocalS3Options options,
      S3Proxy proxy,
      S3Faults faults,
      BucketPolicy policy,
      AwsApis apis,
      FaultingFront front) {
    this.options = options;
    this.apis = apis;
    this.proxy = proxy;
    this.faults = faults;
    this.policy = policy;
    this.front = front;
    this.backendClient = newClient(URI.create("http://127.0.0.1:" + proxy.getPort()), options);
    this.client = newClient(endpoint(), options);
  }

  /**
   * Starts s3proxy on a private port and the faulting front on {@code options.port()}, with no
   * cluster behind its Redshift APIs but the default one's name.
   */
  public static LocalS3 start(LocalS3Options options) {
    return start(
        options,
        new Cluster(IamRoles.CLUSTER, IamRoles.CLUSTER, options.region(), "dev", () -> 5439));
  }

  /** Starts a local S3 whose Redshift APIs describe {@code cluster}. */
  public static LocalS3 start(LocalS3Options options, Cluster cluster) {
    AccessKeys keys =
        new AccessKeys(
            Clock.systemUTC(),
            options.accessKeyId(),
            options.secretAccessKey(),
            Principal.user(IamRoles.ACCOUNT, IAM_USER));
    AwsApis apis = new AwsApis(keys, cluster, Clock.systemUTC());
    S3Proxy proxy = startProxy(options, keys);
    S3Faults faults = new S3Faults();
    BucketPolicy policy = new BucketPolicy();
    LocalS3[] self = new LocalS3[1];
    try {
      FaultingFront front =
          FaultingFront.start(
              options.port(),
              new InetSocketAddress("127.0.0.1", proxy.getPort()),
              faults,
              policy,
              bucket -> self[0].bucketSeen(bucket),
              apis);
      self[0] = new LocalS3(options, proxy, faults, policy, apis, front);
      options.buckets().forEach(self[0]::createBucket);
      return self[0];
    } catch (IOException e) {
      stopQuietly(proxy);
      throw new UncheckedIOException("Cannot start local S3: " + e.getMessage(), e);
    }
  }

  private static S3Proxy startProxy(LocalS3Options options, AccessKeys keys) {
    try {
      BlobStore store =
          new FlatKeyStore(
              options.storageDir().isPresent()
                  ? new FilesystemNio2BlobStore(
                      Files.createDirectories(options.storageDir().get()).toString())
                  : new TransientNio2BlobStore());
      S3Proxy proxy =
          S3Proxy.builder()
              .blobStore(store)
              .endpoint(URI.create("http://127.0.0.1:0"))
              .awsAuthentication(
                  AuthenticationType.AWS_V2_OR_V4, options.accessKeyId(), options.secretAccessKey())
              // x-amz-security-token, which temporary keys sign, is not among s3proxy's known
              // headers; the front checks the token itself (S3Credentials).
              .ignoreUnknownHeaders(true)
              .build();
      // Every live key of the account may sign, the temporary ones STS issues included.
      proxy.setBlobStoreLocator(
          (identity, container, blob) ->
              identity == null
                  ? null
                  : keys.liveSecret(identity)
                      .map(secret -> new AccessGrant(secret, store))
                      .orElse(null));
      proxy.start();
      long deadline = System.currentTimeMillis() + START_TIMEOUT_MS;
      while (!"STARTED".equals(proxy.getState())) {
        if (System.currentTimeMillis() > deadline) {
          stopQuietly(proxy);
          throw new IllegalStateException("Cannot start local S3: s3proxy did not start in 30 s");
        }
        Thread.sleep(10);
      }
      return proxy;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Cannot start local S3: interrupted", e);
    } catch (Exception e) {
      throw new IllegalStateException("Cannot start local S3: " + e.getMessage(), e);
    }
  }

  /** The endpoint clients use (path-style): {@code http://127.0.0.1:<port>}. */
  public URI endpoint() {
    return URI.create("http://127.0.0.1:" + front.port());
  }

  public String accessKeyId() {
    return options.accessKeyId();
  }

  public String secretAccessKey() {
    return options.secretAccessKey();
  }

  public String region() {
    return options.region();
  }

  /** The AWS API calls answered at {@link #endpoint()}, and the keys and logins they issue. */
  public AwsApis apis() {
    return apis;
  }

  /** The bucket policy its S3 enforces (for example, that uploads ask for encryption). */
  public BucketPolicy policy() {
    return policy;
  }

  /** The fault rules applied at {@link #endpoint()}. */
  public S3Faults faults() {
    return faults;
  }

  /**
   * A client for the emulator's own reads; it goes through the faulting front, no retry of a fault.
   */
  public S3Client client() {
    return client;
  }

  /** Creates a bucket (bypassing faults); creating an existing bucket is a no-op. */
  public void createBucket(String name) {
    try {
      backendClient.createBucket(b -> b.bucket(name));
    } catch (BucketAlreadyOwnedByYouException | BucketAlreadyExistsException e) {
      // already there
    }
    knownBuckets.add(name);
  }

  private void bucketSeen(String bucket) {
    if (options.bucketCreation() == BucketCreation.ON_DEMAND && !knownBuckets.contains(bucket)) {
      createBucket(bucket);
    }
  }

  @Override
  public void close() throws IOException {
    client.close();
    backendClient.close();
    front.close();
    stopQuietly(proxy);
  }

  private static S3Client newClient(URI endpoint, LocalS3Options options) {
    return S3Client.builder()
        .endpointOverride(endpoint)
        .forcePathStyle(true)
        .region(Region.of(options.region()))
        .credentialsProvider(
            StaticCredentialsProvider.create(
                AwsBasicCredentials.create(options.accessKeyId(), options.secretAccessKey())))
        // An armed fault fails the emulator's read deterministically, so nothing it injects is
        // retried. Only a pooled connection the server closed while idle is (Redshift's own S3
        // reads retry it too): the request went out on a connection that was already gone.
        .overrideConfiguration(o -> o.retryStrategy(readRetries()))
        .build();
  }

  /** Retries only a request sent on a pooled connection the server had closed while idle. */
  static RetryStrategy readRetries() {
    return StandardRetryStrategy.builder()
        .maxAttempts(3)
        .retryOnException(LocalS3::closedWhileIdle)
        .backoffStrategy(BackoffStrategy.retryImmediately())
        .circuitBreakerEnabled(false)
        .useClientDefaults(false) // the SDK's own would retry 5xx and resets
        .build();
  }

  /** Apache's NoHttpResponseException: the server closed the reused connection without a reply. */
  private static boolean closedWhileIdle(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t.getClass().getSimpleName().equals("NoHttpResponseException")) {
        return true;
      }
    }
    return false;
  }

  private static void stopQuietly(S3Proxy proxy) {
    try {
      proxy.stop();
    } catch (Exception e) {
      // best effort on shutdown
    }
  }
}
