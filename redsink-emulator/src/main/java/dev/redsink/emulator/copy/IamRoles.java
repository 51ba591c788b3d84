package dev.redsink.emulator.copy;

import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;

/**
 * The IAM roles "attached to the cluster" and its default role; a COPY may only assume an attached
 * role, like on Redshift.
 */
public final class IamRoles {
  public static final String DEFAULT_ROLE = "arn:aws:iam::123456789012:role/RedshiftCopy";
  public static final String CLUSTER = "redsink-emulator";
  public static final String ACCOUNT = "123456789012";
  public static final String REGION = "us-east-1";

  private final Set<String> attached;
  private final Optional<String> defaultRole;

  private IamRoles(Set<String> attached, Optional<String> defaultRole) {
    this.attached = Set.copyOf(attached);
    this.defaultRole = defaultRole;
  }

  /** One attached role, {@value #DEFAULT_ROLE}, which is also the default. */
  public static IamRoles defaults() {
    return new IamRoles(Set.of(DEFAULT_ROLE), Optional.of(DEFAULT_ROLE));
  }

  /** No roles attached and no default. */
  public static IamRoles none() {
    return new IamRoles(Set.of(), Optional.empty());
  }

  /** These roles plus {@code arn}, attached. */
  public IamRoles attach(String arn) {
    Set<String> more = new LinkedHashSet<>(attached);
    more.add(arn);
    return new IamRoles(more, defaultRole);
  }

  /** These roles with {@code arn} attached and made the default. */
  public IamRoles withDefault(String arn) {
    return new IamRoles(attach(arn).attached, Optional.of(arn));
  }

  /** These roles with no default role. */
  public IamRoles withoutDefault() {
    return new IamRoles(attached, Optional.empty());
  }

  public Set<String> attached() {
    return attached;
  }

  public Optional<String> defaultRole() {
    return defaultRole;
  }

  /**
   * The role ARN the COPY runs as, for database user {@code user}.
   *
   * @throws CopyException XX000 when the role is not attached or no default role is set
   */
  public String assume(CopyRole role, String user) {
    if (role.isClusterDefault()) {
      return defaultRole.orElseThrow(
          () ->
              CopyException.refused(
                  "IAM_ROLE default was specified but no default IAM role is set for cluster "
                      + CLUSTER));
    }
    String arn = role.arn().orElseThrow();
    // A chained role 'arn1,arn2' is assumed through its first role, which must be attached.
    String first = arn.split(",", -1)[0].trim();
    if (!attached.contains(first)) {
      String message =
          "User arn:aws:redshift:"
              + REGION
              + ":"
              + ACCOUNT
              + ":dbuser:"
              + CLUSTER
              + "/"
              + user
              + " is not authorized to assume IAM Role "
              + arn;
      throw CopyException.refused(
          message,
          RedshiftErrorDetail.block(
              message,
              8001,
              "IAM Role=" + arn,
              0,
              "xen_aws_credentials_mgr.cpp:402",
              "padbmaster"));
    }
    return arn;
  }
}
