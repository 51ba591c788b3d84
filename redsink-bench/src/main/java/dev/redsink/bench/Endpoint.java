package dev.redsink.bench;

import dev.redsink.emulator.RedshiftEmulator;
import java.util.HashMap;
import java.util.Map;

/** How to reach an emulator (in this JVM or another): JDBC, IAM role and S3 details. */
public record Endpoint(
    String jdbcUrl,
    String user,
    String password,
    String iamRole,
    String bucket,
    String region,
    String s3Endpoint,
    String accessKeyId,
    String secretAccessKey) {

  public static Endpoint of(RedshiftEmulator emulator) {
    return new Endpoint(
        emulator.jdbcUrl(),
        emulator.user(),
        emulator.password(),
        emulator.iamRole(),
        emulator.bucket(),
        emulator.region(),
        emulator.s3().endpoint().toString(),
        emulator.s3().accessKeyId(),
        emulator.s3().secretAccessKey());
  }

  /** One tab-separated line, for a child process to hand its endpoint to the parent. */
  public String toLine() {
    return String.join(
        "\t",
        jdbcUrl,
        user,
        password,
        iamRole,
        bucket,
        region,
        s3Endpoint,
        accessKeyId,
        secretAccessKey);
  }

  public static Endpoint parse(String line) {
    String[] f = line.split("\t", -1);
    if (f.length != 9) {
      throw new IllegalArgumentException("Cannot parse emulator endpoint: " + f.length + " fields");
    }
    return new Endpoint(f[0], f[1], f[2], f[3], f[4], f[5], f[6], f[7], f[8]);
  }

  /** A sink configuration (reference key names) loading into {@code targetTable} here. */
  public Map<String, Object> sinkConfig(String targetTable, String s3Prefix) {
    Map<String, Object> c = new HashMap<>();
    c.put("connection_string", jdbcUrl + "&user=" + user + "&password=" + password);
    c.put("target_table", targetTable);
    c.put("aws_iam_role", iamRole);
    c.put("s3_bucket", bucket);
    c.put("s3_prefix", s3Prefix);
    c.put("aws_region", region);
    c.put("s3_endpoint", s3Endpoint);
    c.put("aws_access_key_id", accessKeyId);
    c.put("aws_secret_access_key", secretAccessKey);
    return c;
  }
}
