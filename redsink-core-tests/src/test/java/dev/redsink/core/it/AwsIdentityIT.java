package dev.redsink.core.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redsink.core.RedshiftSink;
import dev.redsink.core.error.RedsinkException;
import dev.redsink.emulator.RedshiftEmulator;
import dev.redsink.emulator.RedshiftEmulatorExtension;
import dev.redsink.emulator.aws.AwsApis;
import dev.redsink.testkit.AwsConfigFile;
import dev.redsink.testkit.Warehouse;
import dev.redsink.testkit.WebIdentityToken;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.sts.StsClient;
import software.amazon.awssdk.services.sts.model.Credentials;

/**
 * Loads with the identities AWS users give a runtime, each resolved by the AWS SDK against the
 * emulator's STS and Redshift APIs: a jdbc:redshift:iam:// URL (GetClusterCredentials, Serverless
 * GetCredentials) and S3 credentials from the default chain — a web identity token (EKS IRSA), a
 * profile with role_arn, container credentials (EKS Pod Identity, ECS, MSK Connect), and temporary
 * keys with their session token.
 */
@ExtendWith(RedshiftEmulatorExtension.class)
class AwsIdentityIT {
  private static final String ROLE = "arn:aws:iam::123456789012:role/redsink-loader";

  @TempDir Path dir;

  @Test
  void webIdentityForS3AndIamForRedshift(RedshiftEmulator emulator) throws Exception {
    SinkFixture fx = new SinkFixture(emulator);
    String table = Warehouse.uniqueTable("irsa");
    Path token = WebIdentityToken.write(dir.resolve("token"), "system:serviceaccount:data:redsink");
    Map<String, Object> c = defaultChain(fx.config(table));
    c.put("connection_string", iamUrl(emulator));
    int before = emulator.aws().calls().size();
    withProperties(webIdentity(token), emulator, () -> assertThat(load(c, 50)).isEqualTo(50));
    assertThat(fx.count(table)).isEqualTo(50);
    List<String> calls = calls(emulator, before);
    assertThat(calls)
        .contains(
            "sts:AssumeRoleWithWebIdentity by web identity -> 200",
            "redshift:GetClusterCredentials by"
                + " arn:aws:sts::123456789012:assumed-role/redsink-loader/redsink-pod -> 200")
        .allMatch(call -> call.endsWith("-> 200"));
  }

  @Test
  void containerCredentialsForS3AndRedshift(RedshiftEmulator emulator) throws Exception {
    SinkFixture fx = new SinkFixture(emulator);
    String table = Warehouse.uniqueTable("container");
    Map<String, Object> c = defaultChain(fx.config(table));
    c.put("connection_string", iamUrl(emulator));
    int before = emulator.aws().calls().size();
    // As EKS Pod Identity (or ECS, or MSK Connect) gives a workload: an endpoint and a token.
    withProperties(
        Map.of(
            "aws.containerCredentialsFullUri",
            emulator.s3().endpoint() + "/_container-credentials/redsink-pod",
            "aws.containerAuthorizationToken",
            "pod-identity-token"),
        emulator,
        () -> assertThat(load(c, 30)).isEqualTo(30));
    assertThat(fx.count(table)).isEqualTo(30);
    assertThat(calls(emulator, before))
        .contains(
            "container-credentials:GET by /_container-credentials/redsink-pod -> 200",
            "redshift:GetClusterCredentials by"
                + " arn:aws:sts::123456789012:assumed-role/redsink-pod/container -> 200");
  }

  @Test
  void aWebIdentityStsRefusesIsAnErrorNamingTheCallAndTheFix(RedshiftEmulator emulator)
      throws Exception {
    SinkFixture fx = new SinkFixture(emulator);
    String table = Warehouse.uniqueTable("badtoken");
    Path token = Files.writeString(dir.resolve("token"), "not-a-jwt");
    Map<String, Object> c = defaultChain(fx.config(table));
    withProperties(
        webIdentity(token),
        emulator,
        () ->
            assertThatThrownBy(() -> load(c, 5))
                .isInstanceOf(RedsinkException.class)
                .hasMessageContaining("the runtime has no AWS credentials for S3")
                .hasMessageContaining(
                    "WebIdentityTokenFileCredentialsProvider(): The web identity token")
                .hasMessageContaining("not a JWT with a subject (sub) claim (Service: Sts")
                .hasMessageContaining("AWS_WEB_IDENTITY_TOKEN_FILE"));
    assertThat(fx.count(table)).isZero();
  }

  @Test
  void aProfileWithRoleArnForS3AndServerlessIamForRedshift(RedshiftEmulator emulator)
      throws Exception {
    SinkFixture fx = new SinkFixture(emulator);
    String table = Warehouse.uniqueTable("profile");
    Path config =
        AwsConfigFile.withRole(
            dir.resolve("config"),
            "loader",
            ROLE,
            "redsink-service",
            emulator.s3().accessKeyId(),
            emulator.s3().secretAccessKey());
    // The workgroup's database user is the role's, IAMR:redsink-loader, created at its first
    // login; a schema open to every user lets it create the table and its ledger.
    String schema = Warehouse.uniqueTable("serverless");
    try (var c = fx.connect()) {
      c.createStatement().execute("CREATE SCHEMA " + schema);
      c.createStatement().execute("GRANT ALL ON SCHEMA " + schema + " TO PUBLIC");
    }
    Map<String, Object> cfg = defaultChain(fx.config(table));
    cfg.put("target_schema", schema);
    cfg.put("connection_string", emulator.serverlessIamJdbcUrl());
    int before = emulator.aws().calls().size();
    withProperties(
        Map.of("aws.configFile", config.toString(), "aws.profile", "loader"),
        emulator,
        () -> assertThat(load(cfg, 20)).isEqualTo(20));
    assertThat(fx.value("SELECT COUNT(*) FROM " + schema + "." + table)).isEqualTo("20");
    assertThat(fx.value("SELECT tableowner FROM pg_tables WHERE tablename = '" + table + "'"))
        .isEqualTo("IAMR:redsink-loader");
    assertThat(calls(emulator, before))
        .contains(
            "sts:AssumeRole by arn:aws:iam::123456789012:user/redsink -> 200",
            "redshift-serverless:GetCredentials by"
                + " arn:aws:sts::123456789012:assumed-role/redsink-loader/redsink-service -> 200");
  }

  @Test
  void temporaryKeysLoadWithTheirSessionTokenAndAreRefusedWithoutIt(RedshiftEmulator emulator)
      throws Exception {
    SinkFixture fx = new SinkFixture(emulator);
    String table = Warehouse.uniqueTable("session");
    Credentials session;
    try (StsClient sts =
        StsClient.builder()
            .endpointOverride(emulator.s3().endpoint())
            .region(Region.US_EAST_1)
            .credentialsProvider(
                StaticCredentialsProvider.create(
                    AwsBasicCredentials.create(
                        emulator.s3().accessKeyId(), emulator.s3().secretAccessKey())))
            .build()) {
      session = sts.assumeRole(r -> r.roleArn(ROLE).roleSessionName("batch")).credentials();
    }
    Map<String, Object> c = fx.config(table);
    c.put("aws_access_key_id", session.accessKeyId());
    c.put("aws_secret_access_key", session.secretAccessKey());
    assertThatThrownBy(() -> load(c, 5))
        .isInstanceOf(RedsinkException.class)
        .hasMessageContaining("InvalidToken")
        .hasMessageContaining("aws_session_token")
        .hasMessageNotContaining(session.secretAccessKey());
    assertThat(fx.count(table)).isZero();

    c.put("aws_session_token", session.sessionToken());
    assertThat(load(c, 5)).isEqualTo(5);
    assertThat(fx.count(table)).isEqualTo(5);
  }

  /**
   * The cluster's IAM URL for its admin user; the driver's process-wide credentials cache is off,
   * so each test's identity makes its own GetClusterCredentials call.
   */
  private static String iamUrl(RedshiftEmulator emulator) {
    return emulator.iamJdbcUrl() + "&DbUser=" + emulator.user() + "&IAMDisableCache=true";
  }

  /** Opens a sink on the configuration and writes {@code count} records; the rows it loaded. */
  private static long load(Map<String, Object> config, int count) throws Exception {
    try (RedshiftSink sink = RedshiftSink.open(config)) {
      return sink.write(SinkFixture.records("t", 0, 0, count)).loaded();
    }
  }

  /** The SDK's web identity settings, as the EKS webhook sets them for a pod (IRSA). */
  private static Map<String, String> webIdentity(Path token) {
    return Map.of(
        "aws.webIdentityTokenFile",
        token.toString(),
        "aws.roleArn",
        ROLE,
        "aws.roleSessionName",
        "redsink-pod");
  }

  /** The configuration without static keys, so the SDK's default chain supplies S3's. */
  private static Map<String, Object> defaultChain(Map<String, Object> config) {
    Map<String, Object> c = new LinkedHashMap<>(config);
    c.remove("aws_access_key_id");
    c.remove("aws_secret_access_key");
    return c;
  }

  private static List<String> calls(RedshiftEmulator emulator, int from) {
    List<AwsApis.Call> all = emulator.aws().calls();
    return all.subList(from, all.size()).stream().map(AwsApis.Call::toString).toList();
  }

  interface Body {
    void run() throws Exception;
  }

  /**
   * Runs with the SDK's system properties set — these plus the emulator's endpoint for every AWS
   * service and no shared credentials file — and puts the previous values back.
   */
  private void withProperties(Map<String, String> properties, RedshiftEmulator emulator, Body body)
      throws Exception {
    Map<String, String> all = new LinkedHashMap<>(properties);
    all.put("aws.endpointUrl", emulator.s3().endpoint().toString());
    all.put("aws.region", emulator.region());
    all.putIfAbsent("aws.configFile", dir.resolve("no-config").toString());
    all.put("aws.sharedCredentialsFile", dir.resolve("no-credentials").toString());
    // No EC2 here: the chain's last provider would wait for the instance metadata service.
    all.put("aws.disableEc2Metadata", "true");
    Map<String, String> previous = new LinkedHashMap<>();
    all.forEach((k, v) -> previous.put(k, System.setProperty(k, v)));
    try {
      body.run();
    } finally {
      previous.forEach(
          (k, v) -> {
            if (v == null) {
              System.clearProperty(k);
            } else {
              System.setProperty(k, v);
            }
          });
    }
  }
}
