package dev.redsink.emulator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redsink.emulator.aws.AwsApis;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Properties;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AnonymousCredentialsProvider;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsSessionCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.redshift.RedshiftClient;
import software.amazon.awssdk.services.redshift.model.GetClusterCredentialsResponse;
import software.amazon.awssdk.services.redshift.model.RedshiftException;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.S3Exception;
import software.amazon.awssdk.services.sts.StsClient;
import software.amazon.awssdk.services.sts.model.Credentials;
import software.amazon.awssdk.services.sts.model.InvalidIdentityTokenException;

/**
 * The Amazon Redshift JDBC driver's IAM authentication against the emulator, the driver's own AWS
 * SDK calls signed with SigV4: GetClusterCredentials (DbUser, AutoCreate, DbGroups),
 * GetClusterCredentialsWithIAM (group federation) and Serverless GetCredentials; temporary
 * passwords are accepted until they expire, and a wrong secret is refused by the API. STS issues
 * temporary keys S3 accepts with their session token until they expire.
 */
class IamAuthenticationIT {
  private static final String ROLE = "arn:aws:iam::123456789012:role/redsink-loader";
  private static RedshiftEmulator emulator;

  @BeforeAll
  static void start() throws SQLException {
    emulator = RedshiftEmulator.start(EmulatorOptions.defaults().user("loader", "Loader12345"));
    try (Connection c = Redshift.connect(emulator)) {
      Redshift.exec(c, "CREATE GROUP loaders");
    }
  }

  @AfterAll
  static void stop() {
    emulator.close();
  }

  @Test
  void getClusterCredentialsLogsInAsTheNamedDatabaseUser() throws SQLException {
    int before = emulator.aws().calls().size();
    try (Connection c = connect(emulator.iamJdbcUrl(), "DbUser", "loader")) {
      assertThat(Redshift.value(c, "select current_user")).isEqualTo("loader");
    }
    assertThat(emulator.aws().calls().subList(before, emulator.aws().calls().size()))
        .extracting(AwsApis.Call::toString)
        .containsExactly(
            "redshift:DescribeClusters by arn:aws:iam::123456789012:user/redsink -> 200",
            "redshift:GetClusterCredentials by arn:aws:iam::123456789012:user/redsink -> 200");
  }

  @Test
  void autoCreateMakesTheUserAndJoinsItsGroups() throws SQLException {
    try (Connection c =
        connect(
            emulator.iamJdbcUrl(),
            "DbUser",
            "newcomer",
            "AutoCreate",
            "true",
            "DbGroups",
            "loaders")) {
      assertThat(Redshift.value(c, "select current_user")).isEqualTo("newcomer");
      assertThat(Redshift.value(c, "select pg_has_role('newcomer', 'loaders', 'member')"))
          .isIn("t", "true");
    }
  }

  @Test
  void anUnknownUserWithoutAutoCreateCannotLogIn() {
    assertThatThrownBy(() -> connect(emulator.iamJdbcUrl(), "DbUser", "stranger").close())
        .isInstanceOf(SQLException.class)
        .hasMessageContaining("user \"stranger\" does not exist");
  }

  @Test
  void groupFederationLogsInAsTheCallersIamIdentity() throws SQLException {
    try (Connection c = connect(emulator.iamJdbcUrl(), "groupFederation", "true")) {
      assertThat(Redshift.value(c, "select current_user")).isEqualTo("IAM:redsink");
    }
    assertThat(emulator.aws().calls())
        .extracting(AwsApis.Call::action)
        .contains("GetClusterCredentialsWithIAM");
  }

  @Test
  void serverlessGetCredentialsLogsInAsTheCallersIamIdentity() throws SQLException {
    try (Connection c = connect(emulator.serverlessIamJdbcUrl())) {
      assertThat(Redshift.value(c, "select current_user")).isEqualTo("IAM:redsink");
    }
    assertThat(emulator.aws().calls())
        .extracting(AwsApis.Call::toString)
        .contains(
            "redshift-serverless:GetCredentials by arn:aws:iam::123456789012:user/redsink -> 200");
  }

  @Test
  void aWrongSecretIsRefusedByTheApi() {
    Properties p = properties();
    p.setProperty("SecretAccessKey", "not-the-secret");
    p.setProperty("DbUser", "loader");
    assertThatThrownBy(() -> DriverManager.getConnection(emulator.iamJdbcUrl(), p).close())
        .isInstanceOf(SQLException.class)
        .hasMessageContaining("signature");
  }

  @Test
  void temporaryPasswordsWorkUntilTheyExpire() throws SQLException {
    GetClusterCredentialsResponse issued;
    try (RedshiftClient redshift = client()) {
      issued =
          redshift.getClusterCredentials(
              r -> r.clusterIdentifier("redsink-emulator").dbUser("loader").durationSeconds(900));
      assertThat(issued.dbUser()).isEqualTo("IAM:loader");
      assertThatThrownBy(
              () -> redshift.getClusterCredentials(r -> r.clusterIdentifier("other").dbUser("x")))
          .isInstanceOf(RedshiftException.class)
          .hasMessageContaining("Cluster other not found");
    }
    try (Connection c = Redshift.connect(emulator, issued.dbUser(), issued.dbPassword())) {
      assertThat(Redshift.value(c, "select current_user")).isEqualTo("loader");
    }
    emulator.aws().logins().expireAll();
    assertThatThrownBy(
            () -> Redshift.connect(emulator, issued.dbUser(), issued.dbPassword()).close())
        .isInstanceOf(SQLException.class)
        .hasMessageContaining("password authentication failed for user \"IAM:loader\"");
  }

  @Test
  void stsRefusesATokenThatIsNotAJwtAndS3RefusesExpiredTemporaryKeys() {
    try (StsClient sts =
        StsClient.builder()
            .endpointOverride(emulator.s3().endpoint())
            .region(Region.of("us-east-1"))
            .credentialsProvider(AnonymousCredentialsProvider.create())
            .build()) {
      assertThatThrownBy(
              () ->
                  sts.assumeRoleWithWebIdentity(
                      r -> r.roleArn(ROLE).roleSessionName("pod").webIdentityToken("not-a-jwt")))
          .isInstanceOf(InvalidIdentityTokenException.class)
          .hasMessageContaining("not a JWT");
    }
    Credentials temporary;
    try (StsClient sts =
        StsClient.builder()
            .endpointOverride(emulator.s3().endpoint())
            .region(Region.of("us-east-1"))
            .credentialsProvider(staticKeys())
            .build()) {
      temporary = sts.assumeRole(r -> r.roleArn(ROLE).roleSessionName("batch")).credentials();
    }
    try (S3Client s3 =
        S3Client.builder()
            .endpointOverride(emulator.s3().endpoint())
            .forcePathStyle(true)
            .region(Region.of("us-east-1"))
            .credentialsProvider(
                StaticCredentialsProvider.create(
                    AwsSessionCredentials.create(
                        temporary.accessKeyId(),
                        temporary.secretAccessKey(),
                        temporary.sessionToken())))
            .build()) {
      s3.putObject(
          r -> r.bucket(emulator.bucket()).key("iam/ok"), RequestBody.fromString("written"));
      emulator.aws().keys().expireTemporaryKeys();
      assertThatThrownBy(
              () ->
                  s3.putObject(
                      r -> r.bucket(emulator.bucket()).key("iam/late"),
                      RequestBody.fromString("refused")))
          .isInstanceOf(S3Exception.class)
          .hasMessageContaining("The provided token has expired");
    }
    assertThat(
            emulator
                .s3()
                .client()
                .listObjectsV2(r -> r.bucket(emulator.bucket()).prefix("iam/"))
                .contents())
        .extracting(o -> o.key())
        .containsExactly("iam/ok");
  }

  private static StaticCredentialsProvider staticKeys() {
    return StaticCredentialsProvider.create(
        AwsBasicCredentials.create(emulator.s3().accessKeyId(), emulator.s3().secretAccessKey()));
  }

  private static RedshiftClient client() {
    return RedshiftClient.builder()
        .endpointOverride(emulator.s3().endpoint())
        .region(Region.of("us-east-1"))
        .credentialsProvider(
            StaticCredentialsProvider.create(
                AwsBasicCredentials.create(
                    emulator.s3().accessKeyId(), emulator.s3().secretAccessKey())))
        .build();
  }

  private static Connection connect(String url, String... extra) throws SQLException {
    Properties p = properties();
    for (int i = 0; i < extra.length; i += 2) {
      p.setProperty(extra[i], extra[i + 1]);
    }
    return DriverManager.getConnection(url, p);
  }

  private static Properties properties() {
    Properties p = new Properties();
    p.setProperty("AccessKeyID", emulator.s3().accessKeyId());
    p.setProperty("SecretAccessKey", emulator.s3().secretAccessKey());
    p.setProperty("IAMDisableCache", "true");
    return p;
  }
}
