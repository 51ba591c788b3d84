package dev.redsink.emulator.aws;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;

/**
 * The container credentials endpoint ECS, EKS Pod Identity and MSK Connect give a workload: {@code
 * GET <endpoint>/_container-credentials/<role name>} answers the role's temporary keys in the JSON
 * the AWS SDKs read. Point a workload at it with {@code
 * AWS_CONTAINER_CREDENTIALS_FULL_URI=http://127.0.0.1:<S3 port>/_container-credentials/<role>} (the
 * SDKs take plain HTTP only on loopback). An {@code Authorization} header (Pod Identity's token) is
 * accepted and not checked.
 *
 * @see <a
 *     href="https://docs.aws.amazon.com/sdkref/latest/guide/feature-container-credentials.html">Container
 *     credential provider</a>
 */
final class ContainerCredentials {
  /** The path prefix; an underscore makes it a path no S3 bucket can have. */
  static final String PATH = "/_container-credentials/";

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Duration LIFETIME = Duration.ofHours(6);

  private final AccessKeys keys;

  ContainerCredentials(AccessKeys keys) {
    this.keys = keys;
  }

  AwsResponse answer(AwsRequest request) {
    String role = request.path().substring(PATH.length());
    if (!role.matches("[\\w+=,.@-]{1,64}")) {
      return new AwsResponse(
          404, "application/json", "{\"message\":\"no role named in the credentials path\"}");
    }
    AccessKeys.Key key =
        keys.issue(Principal.assumedRole(keys.account(), role, "container"), LIFETIME);
    ObjectNode body = JSON.createObjectNode();
    body.put("AccessKeyId", key.accessKeyId());
    body.put("SecretAccessKey", key.secretAccessKey());
    body.put("Token", key.sessionToken().orElseThrow());
    body.put("Expiration", Xml.time(key.expiry().orElseThrow()));
    body.put("RoleArn", "arn:aws:iam::" + keys.account() + ":role/" + role);
    return new AwsResponse(200, "application/json", body.toString());
  }
}
