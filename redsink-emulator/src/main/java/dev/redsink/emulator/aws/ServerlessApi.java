package dev.redsink.emulator.aws;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.time.Duration;
import java.util.List;

/**
 * Amazon Redshift Serverless' API (JSON 1.1): GetWorkgroup (the endpoint) and GetCredentials (the
 * caller's identity as database user, {@code IAM:<user>} or {@code IAMR:<role>}).
 *
 * @see <a
 *     href="https://docs.aws.amazon.com/redshift-serverless/latest/APIReference/API_GetCredentials.html">GetCredentials</a>
 */
final class ServerlessApi {
  static final String TARGET_PREFIX = "RedshiftServerless.";
  private static final ObjectMapper JSON = new ObjectMapper();

  private final Cluster cluster;
  private final DatabaseLogins logins;

  ServerlessApi(Cluster cluster, DatabaseLogins logins) {
    this.cluster = cluster;
    this.logins = logins;
  }

  String answer(String operation, byte[] body, SigV4.Signed signer) throws AwsError {
    JsonNode in;
    try {
      in = body.length == 0 ? JSON.createObjectNode() : JSON.readTree(body);
    } catch (IOException e) {
      throw new AwsError(400, "SerializationException", "The request body is not JSON");
    }
    ObjectNode out = JSON.createObjectNode();
    switch (operation) {
      case "GetWorkgroup" -> {
        requireWorkgroup(in.path("workgroupName").asText(null));
        ObjectNode w = out.putObject("workgroup");
        w.put("workgroupName", cluster.workgroup());
        w.put("workgroupId", "00000000-0000-0000-0000-000000000000");
        w.put("namespaceName", "default");
        w.put("status", "AVAILABLE");
        w.put("baseCapacity", 8);
        ObjectNode endpoint = w.putObject("endpoint");
        endpoint.put("address", "127.0.0.1");
        endpoint.put("port", cluster.port().getAsInt());
      }
      case "GetCredentials" -> {
        requireWorkgroup(in.path("workgroupName").asText(null));
        String database = in.path("dbName").asText("");
        if (!database.isEmpty() && !database.equals(cluster.database())) {
          throw new AwsError(
              400, "ValidationException", "Database " + database + " does not exist");
        }
        int seconds = in.path("durationSeconds").asInt(3600);
        if (seconds < 900 || seconds > 3600) {
          throw new AwsError(
              400, "ValidationException", "durationSeconds must be between 900 and 3600");
        }
        String user = signer.key().principal().databaseUser();
        DatabaseLogins.Issued issued =
            logins.issue(user, user, true, List.of(), Duration.ofSeconds(seconds));
        out.put("dbUser", issued.login());
        out.put("dbPassword", issued.password());
        out.put("expiration", issued.expiry().getEpochSecond());
        out.put("nextRefreshTime", issued.expiry().getEpochSecond() - 300);
      }
      default ->
          throw new AwsError(
              400, "UnknownOperationException", "Unknown operation " + TARGET_PREFIX + operation);
    }
    return out.toString();
  }

  private void requireWorkgroup(String name) throws AwsError {
    if (name == null || name.isEmpty()) {
      throw new AwsError(400, "ValidationException", "workgroupName is required");
    }
    if (!name.equals(cluster.workgroup())) {
      throw new AwsError(400, "ResourceNotFoundException", "Workgroup " + name + " not found.");
    }
  }

  static AwsResponse error(AwsError error) {
    ObjectNode body = JSON.createObjectNode();
    body.put("__type", error.code());
    body.put("message", error.getMessage());
    return new AwsResponse(error.status(), "application/x-amz-json-1.1", body.toString());
  }
}
