package dev.redsink.emulator.aws;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Amazon Redshift's API (Query protocol, 2012-12-01), the calls the Amazon Redshift JDBC driver
 * makes for a {@code jdbc:redshift:iam://} URL: DescribeClusters (the endpoint),
 * DescribeCustomDomainAssociations (none here), GetClusterCredentials ({@code IAM:<DbUser>}, or
 * {@code IAMA:<DbUser>} with AutoCreate) and GetClusterCredentialsWithIAM (the caller's identity as
 * database user).
 *
 * @see <a
 *     href="https://docs.aws.amazon.com/redshift/latest/APIReference/API_GetClusterCredentials.html">GetClusterCredentials</a>
 */
final class RedshiftApi {
  static final String NAMESPACE = "http://redshift.amazonaws.com/doc/2012-12-01/";
  private static final int DEFAULT_SECONDS = 900;
  private static final Set<String> ENDPOINT_NAMES = Set.of("127.0.0.1", "localhost");

  private final Cluster cluster;
  private final DatabaseLogins logins;

  RedshiftApi(Cluster cluster, DatabaseLogins logins) {
    this.cluster = cluster;
    this.logins = logins;
  }

  String answer(String action, Map<String, String> p, SigV4.Signed signer, String id)
      throws AwsError {
    return switch (action) {
      case "DescribeClusters" -> Xml.response(action, NAMESPACE, describeClusters(p), id);
      case "DescribeCustomDomainAssociations" ->
          throw new AwsError(
              404,
              "CustomDomainAssociationNotFoundFault",
              "An association for the specified custom domain name was not found.");
      case "GetClusterCredentials" -> Xml.response(action, NAMESPACE, credentials(p), id);
      case "GetClusterCredentialsWithIAM" ->
          Xml.response(action, NAMESPACE, credentialsWithIam(p, signer.key().principal()), id);
      default ->
          throw new AwsError(
              400, "InvalidAction", "The action " + action + " is not valid for this web service.");
    };
  }

  private String describeClusters(Map<String, String> p) throws AwsError {
    String wanted = p.get("ClusterIdentifier");
    if (wanted != null) {
      requireCluster(wanted);
    }
    return "<Clusters><Cluster>"
        + Xml.element("ClusterIdentifier", cluster.identifier())
        + Xml.element("NodeType", "ra3.xlplus")
        + Xml.element("ClusterStatus", "available")
        + Xml.element("ClusterAvailabilityStatus", "Available")
        + Xml.element("DBName", cluster.database())
        + "<Endpoint>"
        + Xml.element("Address", "127.0.0.1")
        + Xml.element("Port", cluster.port().getAsInt())
        + "</Endpoint>"
        + Xml.element("NumberOfNodes", 1)
        + Xml.element("Encrypted", true)
        + "</Cluster></Clusters>";
  }

  private String credentials(Map<String, String> p) throws AwsError {
    String dbUser = Sts.required(p, "DbUser");
    requireCluster(p);
    requireDatabase(p.get("DbName"));
    boolean autoCreate = Boolean.parseBoolean(p.getOrDefault("AutoCreate", "false"));
    DatabaseLogins.Issued issued =
        logins.issue(
            (autoCreate ? "IAMA:" : "IAM:") + dbUser, dbUser, autoCreate, groups(p), duration(p));
    return Xml.element("DbUser", issued.login())
        + Xml.element("DbPassword", issued.password())
        + Xml.element("Expiration", Xml.time(issued.expiry()));
  }

  private String credentialsWithIam(Map<String, String> p, Principal caller) throws AwsError {
    requireCluster(p);
    requireDatabase(p.get("DbName"));
    String user = caller.databaseUser();
    DatabaseLogins.Issued issued = logins.issue(user, user, true, List.of(), duration(p));
    return Xml.element("DbUser", issued.login())
        + Xml.element("DbPassword", issued.password())
        + Xml.element("Expiration", Xml.time(issued.expiry()))
        + Xml.element("NextRefreshTime", Xml.time(issued.expiry().minusSeconds(300)));
  }

  /**
   * The cluster named by ClusterIdentifier, or by CustomDomainName: the driver sends the host it
   * connects to, and the emulator's endpoint address resolves to its cluster as a cluster's own
   * endpoint does.
   */
  private void requireCluster(Map<String, String> p) throws AwsError {
    String domain = p.get("CustomDomainName");
    if (p.get("ClusterIdentifier") == null && domain != null) {
      if (!ENDPOINT_NAMES.contains(domain)) {
        throw new AwsError(
            400,
            "InvalidParameterValue",
            "Custom domain name " + domain + " is not associated with a cluster");
      }
      return;
    }
    requireCluster(p.get("ClusterIdentifier"));
  }

  private void requireCluster(String identifier) throws AwsError {
    if (identifier == null || identifier.isEmpty()) {
      throw new AwsError(
          400, "InvalidParameterValue", "ClusterIdentifier or CustomDomainName is required");
    }
    if (!identifier.equals(cluster.identifier())) {
      throw new AwsError(404, "ClusterNotFound", "Cluster " + identifier + " not found.");
    }
  }

  private void requireDatabase(String database) throws AwsError {
    if (database != null && !database.isEmpty() && !database.equals(cluster.database())) {
      throw new AwsError(
          400,
          "InvalidParameterValue",
          "Database " + database + " does not exist in cluster " + cluster.identifier());
    }
  }

  private static Duration duration(Map<String, String> p) throws AwsError {
    int seconds = Sts.seconds(p.get("DurationSeconds"), DEFAULT_SECONDS);
    if (seconds < 900 || seconds > 3600) {
      throw new AwsError(
          400, "InvalidParameterValue", "DurationSeconds must be between 900 and 3600");
    }
    return Duration.ofSeconds(seconds);
  }

  private static List<String> groups(Map<String, String> p) {
    List<String> out = new ArrayList<>();
    for (int i = 1;
        p.containsKey("DbGroups.DbGroup." + i) || p.containsKey("DbGroups.member." + i);
        i++) {
      out.add(p.getOrDefault("DbGroups.DbGroup." + i, p.get("DbGroups.member." + i)));
    }
    return out;
  }
}
