package dev.redsink.emulator.aws;

/**
 * An IAM identity that signs requests: an IAM user, or a role assumed for a session. Its database
 * user, for the calls that map identities 1:1 to database users (GetClusterCredentialsWithIAM,
 * Serverless GetCredentials), is {@code IAM:<user>} or {@code IAMR:<role>}.
 */
public record Principal(String account, String name, String session) {

  /** An IAM user. */
  public static Principal user(String account, String name) {
    return new Principal(account, name, null);
  }

  /** A role assumed for a named session. */
  public static Principal assumedRole(String account, String role, String session) {
    return new Principal(account, role, session);
  }

  public boolean isRole() {
    return session != null;
  }

  /** The ARN STS's GetCallerIdentity reports. */
  public String arn() {
    return isRole()
        ? "arn:aws:sts::" + account + ":assumed-role/" + name + "/" + session
        : "arn:aws:iam::" + account + ":user/" + name;
  }

  /** The database user this identity maps to. */
  public String databaseUser() {
    return (isRole() ? "IAMR:" : "IAM:") + name;
  }
}
