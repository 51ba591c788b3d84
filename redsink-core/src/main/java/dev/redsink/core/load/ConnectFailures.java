package dev.redsink.core.load;

import dev.redsink.core.config.ConnectionString;
import java.sql.SQLException;

/**
 * Why the driver could not connect, in one line with no secret: its message, and for a
 * jdbc:redshift:iam:// URL the AWS API's own error, which the driver wraps in a generic one
 * ("Something unusual has occurred…") or in "IAM error retrieving temp credentials".
 */
final class ConnectFailures {
  private ConnectFailures() {}

  static String reason(ConnectionString connection, SQLException e) {
    Throwable source = e.getCause() instanceof SQLException cause ? cause : e;
    String reason = firstLine(source.getMessage());
    for (Throwable t = e.getCause(); t != null && t != t.getCause(); t = t.getCause()) {
      if (t.getClass().getName().startsWith("software.amazon.awssdk.")) {
        String aws = firstLine(t.getMessage());
        if (!reason.contains(aws)) {
          reason += " — AWS: " + aws;
        }
        break;
      }
    }
    return connection.redact(reason);
  }

  private static String firstLine(String message) {
    return String.valueOf(message).lines().findFirst().orElse("");
  }
}
