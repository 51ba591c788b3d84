package dev.redsink.demo;

import dev.redsink.core.config.Secret;
import dev.redsink.emulator.RedshiftEmulator;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How to reach a running emulator: for people (secrets masked) and as the standard environment
 * variables psql, AWS tools and redsink read.
 */
record EmulatorDetails(
    String host,
    int port,
    String database,
    String user,
    String password,
    String postgresUrl,
    String jdbcUrl,
    String iamJdbcUrl,
    String s3Endpoint,
    String accessKeyId,
    String secretAccessKey,
    String region,
    String bucket,
    String iamRole) {

  static EmulatorDetails of(RedshiftEmulator emulator) {
    return new EmulatorDetails(
        emulator.host(),
        emulator.port(),
        emulator.database(),
        emulator.user(),
        emulator.password(),
        emulator.postgresUrl(),
        emulator.jdbcUrl(),
        emulator.iamJdbcUrl() + "&DbUser=" + emulator.user(),
        emulator.s3().endpoint().toString(),
        emulator.s3().accessKeyId(),
        emulator.s3().secretAccessKey(),
        emulator.s3().region(),
        emulator.bucket(),
        emulator.iamRole());
  }

  /** The details as a person reads them; the password and the secret key are masked. */
  void print(PrintWriter out) {
    out.println("Redshift emulator ready.");
    out.println("  psql:        psql " + postgresUrl + "   (PGPASSWORD is the password below)");
    out.println("  JDBC URL:    " + jdbcUrl);
    out.println("  IAM JDBC:    " + iamJdbcUrl);
    out.println(
        "               (GetClusterCredentials signed with the S3 keys below, or with AWS_*"
            + " variables and AWS_ENDPOINT_URL; TLS)");
    out.println("  user:        " + user);
    out.println(
        "  password:    " + Secret.MASK + "  (the emulator's default; --env-file writes it)");
    out.println("  S3 endpoint: " + s3Endpoint + "  (path-style, region " + region + ")");
    out.println("  S3 keys:     " + accessKeyId + " / " + Secret.MASK);
    out.println("  bucket:      s3://" + bucket);
    out.println("  IAM role:    " + iamRole);
  }

  /** The standard variable names and their values, in a stable order. */
  Map<String, String> exports() {
    Map<String, String> env = new LinkedHashMap<>();
    env.put("PGHOST", host);
    env.put("PGPORT", Integer.toString(port));
    env.put("PGUSER", user);
    env.put("PGPASSWORD", password);
    env.put("PGDATABASE", database);
    env.put("AWS_ENDPOINT_URL", s3Endpoint);
    env.put("AWS_ACCESS_KEY_ID", accessKeyId);
    env.put("AWS_SECRET_ACCESS_KEY", secretAccessKey);
    env.put("AWS_REGION", region);
    env.put("REDSINK_IAM_ROLE", iamRole);
    env.put("REDSINK_S3_BUCKET", bucket);
    env.put("REDSINK_IAM_JDBC_URL", iamJdbcUrl);
    return env;
  }

  @Override
  public String toString() {
    return "EmulatorDetails[" + host + ":" + port + "/" + database + ", S3 " + s3Endpoint + "]";
  }
}
