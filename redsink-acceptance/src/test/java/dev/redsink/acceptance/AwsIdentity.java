package dev.redsink.acceptance;

import dev.redsink.emulator.RedshiftEmulator;
import dev.redsink.testkit.AwsConfigFile;
import dev.redsink.testkit.WebIdentityToken;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How each runtime of the matrix authenticates to AWS, the ways production deployments do, all
 * through a {@code jdbc:redshift:iam://} URL (GetClusterCredentials for the least-privileged user
 * {@link LeastPrivilege#USER}, answered by the emulator):
 *
 * <ul>
 *   <li>Kafka Connect: an IAM user's access keys, in the connection string and as S3 keys;
 *   <li>{@code redsink run}: a web identity token and role, as EKS gives a pod (IRSA), in the
 *       process's environment; the SDK's default chain supplies both the driver and S3;
 *   <li>{@code redsink load} (and replace): an AWS profile with {@code role_arn}, as on a host with
 *       a shared config file.
 * </ul>
 */
final class AwsIdentity {
  static final String RUN_ROLE = "arn:aws:iam::123456789012:role/redsink-run";
  static final String LOAD_ROLE = "arn:aws:iam::123456789012:role/redsink-load";

  private AwsIdentity() {}

  /** Sets the cell's connection string and, but for Connect, removes its static S3 keys. */
  static void configure(Map<String, Object> c, RuntimeKind runtime, RedshiftEmulator emulator) {
    String url = emulator.iamJdbcUrl() + "&DbUser=" + LeastPrivilege.USER;
    if (runtime.isConnect()) {
      url +=
          "&AccessKeyID="
              + emulator.s3().accessKeyId()
              + "&SecretAccessKey="
              + emulator.s3().secretAccessKey();
    } else {
      c.remove("aws_access_key_id");
      c.remove("aws_secret_access_key");
    }
    c.put("connection_string", url);
  }

  /** The environment of a {@code redsink} process of this runtime. */
  static Map<String, String> environment(RuntimeKind runtime, RedshiftEmulator emulator) {
    if (runtime.isConnect()) {
      return Map.of();
    }
    try {
      Path dir = Files.createDirectories(Suite.work().resolve("aws"));
      Map<String, String> env = new LinkedHashMap<>();
      env.put("AWS_ENDPOINT_URL", emulator.s3().endpoint().toString());
      env.put("AWS_REGION", emulator.region());
      env.put("AWS_SHARED_CREDENTIALS_FILE", dir.resolve("no-credentials").toString());
      if (runtime == RuntimeKind.RUN) {
        Path token =
            WebIdentityToken.write(dir.resolve("token"), "system:serviceaccount:data:redsink-run");
        env.put("AWS_WEB_IDENTITY_TOKEN_FILE", token.toString());
        env.put("AWS_ROLE_ARN", RUN_ROLE);
        env.put("AWS_ROLE_SESSION_NAME", "redsink-run");
        env.put("AWS_CONFIG_FILE", dir.resolve("no-config").toString());
      } else {
        Path config =
            AwsConfigFile.withRole(
                dir.resolve("config"),
                "redsink-load",
                LOAD_ROLE,
                "redsink-load",
                emulator.s3().accessKeyId(),
                emulator.s3().secretAccessKey());
        env.put("AWS_CONFIG_FILE", config.toString());
        env.put("AWS_PROFILE", "redsink-load");
      }
      return env;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The AWS calls a runtime's loads must have made, as the emulator records them. */
  static List<String> calls(RuntimeKind runtime) {
    return switch (runtime) {
      case CONNECT, CONNECT_37 ->
          List.of(
              "redshift:GetClusterCredentials by arn:aws:iam::123456789012:user/redsink -> 200");
      case RUN ->
          List.of(
              "sts:AssumeRoleWithWebIdentity by web identity -> 200",
              "redshift:GetClusterCredentials by"
                  + " arn:aws:sts::123456789012:assumed-role/redsink-run/redsink-run -> 200");
      case LOAD, REPLACE ->
          List.of(
              "sts:AssumeRole by arn:aws:iam::123456789012:user/redsink -> 200",
              "redshift:GetClusterCredentials by"
                  + " arn:aws:sts::123456789012:assumed-role/redsink-load/redsink-load -> 200");
    };
  }
}
