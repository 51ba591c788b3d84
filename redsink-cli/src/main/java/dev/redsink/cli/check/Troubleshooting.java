package dev.redsink.cli.check;

import dev.redsink.core.PreflightCheck;

/**
 * The fixes a failed check prints: the reference design's Troubleshooting rows (symptom and cause
 * verbatim), plus rows Redsink adds for its Requirements section (privileges, region, policy).
 */
public enum Troubleshooting {
  CONFIG(
      "The sink does not start: invalid configuration",
      "One or more plugin_config keys are missing or invalid",
      "fix each key listed above in [plugin_config] or its environment override"),
  CONNECT(
      "Failed to connect to Redshift at start",
      "Wrong connection_string, or the endpoint is not reachable from the container",
      "check the host, port, database, user and password in connection_string (or its environment"
          + " override), and that the endpoint is reachable from this machine"),
  IAM_CONNECT(
      "Failed to connect to Redshift with a jdbc:redshift:iam:// URL (IAM error retrieving temp"
          + " credentials)",
      "The AWS identity (AccessKeyID/SecretAccessKey or Profile in connection_string, else the"
          + " default credential chain: web identity, AWS_PROFILE, container credentials) cannot"
          + " get a database login, or the URL names no cluster or workgroup",
      "allow the identity redshift:GetClusterCredentials on"
          + " arn:aws:redshift:<region>:<account>:dbuser:<cluster>/<DbUser> (with AutoCreate also"
          + " redshift:CreateClusterUser; with DbGroups redshift:JoinGroup), or"
          + " redshift-serverless:GetCredentials on the workgroup; check ClusterID and Region (or"
          + " the workgroup endpoint) and DbUser in connection_string; see docs/deploying.md"),
  STATIC_KEYS(
      "Choosing to use aws_access_key_id and aws_secret_access_key then both MUST be provided",
      "Only one of the two static keys is set, or one is empty",
      "set both aws_access_key_id and aws_secret_access_key, or neither to use the default"
          + " credential chain"),
  S3_UPLOAD(
      "S3 upload failed or S3 upload failed with status 403",
      "The runtime-side credentials lack PutObject on s3_prefix, or aws_region does not match the"
          + " bucket",
      "grant s3:PutObject and s3:DeleteObject on s3://<s3_bucket>/<s3_prefix>* to the runtime's"
          + " credentials, check that s3_bucket exists, and set aws_region to the bucket's region"),
  COPY(
      "Redshift COPY failed after 3 attempts",
      "aws_iam_role is not attached to the cluster or cannot read the bucket. The stl_load_errors"
          + " table has the detail",
      "attach aws_iam_role to the cluster (or workgroup) and give it s3:GetObject and"
          + " s3:ListBucket on the bucket"),
  PRIVILEGES(
      "Permission denied creating or loading a table",
      "The database user lacks CREATE on the schema, TEMP on the database or INSERT on the target",
      "GRANT CREATE ON SCHEMA <schema>, TEMP ON DATABASE <db> and INSERT ON <target> to the user"
          + " in connection_string"),
  REGION(
      "COPY cannot read the bucket from another region",
      "The bucket is not in the same region as the cluster, or COPY needs REGION, which the sink"
          + " does not add",
      "use a bucket in the cluster's region and set aws_region to it"),
  SIGNATURE_AGE(
      "Parquet COPY fails with Access Denied while other COPYs work",
      "A bucket policy limits s3:signatureAge; Redshift reads Parquet with requests signed earlier",
      "remove the s3:signatureAge condition from the bucket policy, or raise it above 10 minutes");

  private final String symptom;
  private final String cause;
  private final String fix;

  Troubleshooting(String symptom, String cause, String fix) {
    this.symptom = symptom;
    this.cause = cause;
    this.fix = fix;
  }

  /** The advice for a failed preflight check's problem. */
  public static Troubleshooting of(PreflightCheck.Problem problem) {
    return valueOf(problem.name());
  }

  public String symptom() {
    return symptom;
  }

  public String cause() {
    return cause;
  }

  public String fix() {
    return fix;
  }
}
