package dev.redsink.cli.check;

import dev.redsink.cli.connector.ConnectorFile;
import dev.redsink.core.Record;
import dev.redsink.core.config.ConfigParser;
import dev.redsink.core.config.RedsinkConfig;
import dev.redsink.core.encode.ParquetFileWriter;
import dev.redsink.core.error.InvalidConfigException;
import dev.redsink.core.sql.CopySource;
import dev.redsink.core.sql.PreflightSql;
import dev.redsink.core.sql.SqlStatement;
import dev.redsink.core.sql.TableSql;
import dev.redsink.core.sql.TargetSchemaSql;
import dev.redsink.core.table.TableKeys;
import dev.redsink.core.table.TableName;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import software.amazon.awssdk.core.exception.SdkException;

/**
 * The checks a user runs before going live, in order: configuration, Redshift reachable, the user's
 * privileges, S3 put with checksum, COPY with the IAM role, S3 delete, bucket region and bucket
 * policy. A check whose precondition failed is skipped, not failed again.
 */
public final class Preflight {
  private final ConnectorFile connector;
  private final List<CheckResult> results = new ArrayList<>();

  private Preflight(ConnectorFile connector) {
    this.connector = connector;
  }

  /** Runs every check against the connector's configuration. */
  public static List<CheckResult> run(ConnectorFile connector) {
    Preflight preflight = new Preflight(connector);
    preflight.runAll();
    return List.copyOf(preflight.results);
  }

  private void runAll() {
    Optional<RedsinkConfig> config = configuration();
    if (config.isEmpty()) {
      skip("Redshift reachable", "the configuration is invalid");
      return;
    }
    String probeFile = "redsink-check-" + hex() + ".parquet";
    try (S3Probe s3 = new S3Probe(config.get())) {
      RedshiftProbe redshift = reachable(config.get());
      try {
        if (redshift != null) {
          privileges(redshift, config.get());
        } else {
          skip("privileges", "Redshift is not reachable");
        }
        boolean uploaded = s3Put(s3, config.get(), probeFile);
        if (redshift != null && uploaded) {
          copy(redshift, config.get(), s3.url(s3.key(probeFile)));
        } else {
          skip(
              "COPY with aws_iam_role",
              redshift == null ? "Redshift is not reachable" : "the probe file was not uploaded");
        }
        if (uploaded) {
          s3Delete(s3, s3.key(probeFile));
        } else {
          skip("S3 delete on s3_prefix", "nothing was uploaded");
        }
      } finally {
        closeQuietly(redshift);
      }
      bucketRegion(s3, config.get());
      bucketPolicy(s3);
    }
  }

  private static void closeQuietly(RedshiftProbe redshift) {
    if (redshift != null) {
      try {
        redshift.close();
      } catch (SQLException e) {
        // the checks are done; a failed close changes none of them
      }
    }
  }

  private Optional<RedsinkConfig> configuration() {
    String check = "configuration is valid";
    try {
      ConfigParser.Parsed parsed = ConfigParser.parse(connector.pluginConfig());
      String warnings =
          parsed.warnings().isEmpty()
              ? ""
              : " (warnings: " + String.join("; ", parsed.warnings()) + ")";
      results.add(CheckResult.passed(check, "target " + parsed.config().targetTable() + warnings));
      return Optional.of(parsed.config());
    } catch (InvalidConfigException e) {
      boolean keys =
          e.problems().stream().anyMatch(p -> p.contains(Troubleshooting.STATIC_KEYS.symptom()));
      results.add(
          CheckResult.failed(
              check,
              String.join("; ", e.problems()),
              keys ? Troubleshooting.STATIC_KEYS : Troubleshooting.CONFIG));
      return Optional.empty();
    }
  }

  private RedshiftProbe reachable(RedsinkConfig config) {
    String check = "Redshift reachable";
    try {
      RedshiftProbe probe = RedshiftProbe.connect(config);
      probe.value(PreflightSql.SELECT_ONE);
      results.add(CheckResult.passed(check, "SELECT 1 on " + config.connection()));
      return probe;
    } catch (SQLException e) {
      results.add(
          CheckResult.failed(
              check, config.connection() + ": " + sqlMessage(e), Troubleshooting.CONNECT));
      return null;
    }
  }

  private void privileges(RedshiftProbe redshift, RedsinkConfig config) {
    String check = "privileges";
    try {
      String schema = config.targetSchema().orElse(redshift.value(PreflightSql.CURRENT_SCHEMA));
      List<String> missing = new ArrayList<>();
      SqlStatement schemaQuery = TargetSchemaSql.exists(schema);
      boolean schemaExists =
          !"0"
              .equals(
                  redshift.value(
                      schemaQuery.text(), schemaQuery.parameters().toArray(Object[]::new)));
      if (!schemaExists) {
        // Redsink creates target_schema on first use, which needs CREATE on the database.
        if (!"t".equals(redshift.value(PreflightSql.CAN_CREATE_IN_DATABASE))) {
          missing.add("CREATE on the database (to create schema " + schema + ")");
        }
      } else if (!"t".equals(redshift.value(PreflightSql.CAN_CREATE_IN_SCHEMA, schema))) {
        missing.add("CREATE on schema " + schema);
      }
      if (!"t".equals(redshift.value(PreflightSql.CAN_CREATE_TEMP))) {
        missing.add("TEMP on the database");
      }
      String target = "";
      if (!config.targetTable().hasPlaceholders()) {
        String table = TableName.fold(config.targetTable().resolve(""));
        target = ", target " + schema + "." + table;
        boolean exists =
            schemaExists && !"0".equals(redshift.value(PreflightSql.TABLE_EXISTS, table, schema));
        if (exists && !"t".equals(redshift.value(PreflightSql.CAN_INSERT, schema + "." + table))) {
          missing.add("INSERT on " + schema + "." + table);
        }
      }
      if (missing.isEmpty()) {
        results.add(
            CheckResult.passed(
                check,
                (schemaExists
                        ? "CREATE on schema " + schema
                        : "CREATE on the database (schema " + schema + " is created on first use)")
                    + ", TEMP tables"
                    + target));
      } else {
        results.add(
            CheckResult.failed(
                check, "missing " + String.join(", ", missing), Troubleshooting.PRIVILEGES));
      }
    } catch (SQLException e) {
      results.add(CheckResult.failed(check, sqlMessage(e), Troubleshooting.PRIVILEGES));
    }
  }

  private boolean s3Put(S3Probe s3, RedsinkConfig config, String probeFile) {
    String check = "S3 put with CRC32C checksum on s3_prefix";
    String key = s3.key(probeFile);
    try {
      s3.put(key, probeParquet(config));
      results.add(CheckResult.passed(check, s3.url(key)));
      return true;
    } catch (SdkException e) {
      results.add(
          CheckResult.failed(
              check, s3.url(key) + ": " + S3Probe.describe(e), Troubleshooting.S3_UPLOAD));
      return false;
    }
  }

  private void copy(RedshiftProbe redshift, RedsinkConfig config, String url) {
    String check = "COPY with aws_iam_role";
    String probe = "redsink_check_" + hex();
    try {
      redshift.connection().setAutoCommit(false);
      try (Statement statement = redshift.connection().createStatement()) {
        statement.execute(
            TableSql.createTable(
                TableName.of(probe),
                config.rowLayout(),
                // A typed table's keys may name fields the probe's layout does not have.
                config.rowLayout().isTyped() ? TableKeys.AUTO : config.tableKeys()));
        statement.execute(TableSql.copy(probe, url, config.awsIamRole(), CopySource.OBJECT));
        results.add(CheckResult.passed(check, "one-row Parquet COPY as " + config.awsIamRole()));
      } finally {
        redshift.connection().rollback();
        redshift.connection().setAutoCommit(true);
      }
    } catch (SQLException e) {
      results.add(CheckResult.failed(check, sqlMessage(e), Troubleshooting.COPY));
    }
  }

  private void s3Delete(S3Probe s3, String key) {
    String check = "S3 delete on s3_prefix";
    try {
      s3.delete(key);
      results.add(CheckResult.passed(check, s3.url(key)));
    } catch (SdkException e) {
      results.add(
          CheckResult.failed(
              check, s3.url(key) + ": " + S3Probe.describe(e), Troubleshooting.S3_UPLOAD));
    }
  }

  private void bucketRegion(S3Probe s3, RedsinkConfig config) {
    String check = "bucket region";
    if (config.s3Endpoint().isPresent()) {
      results.add(
          CheckResult.passed(
              check, "custom s3_endpoint: aws_region '" + config.awsRegion() + "' is a label"));
      return;
    }
    try {
      String region = s3.region();
      if (region.equals(config.awsRegion())) {
        results.add(CheckResult.passed(check, region));
      } else {
        results.add(
            CheckResult.failed(
                check,
                "the bucket is in " + region + ", aws_region is " + config.awsRegion(),
                Troubleshooting.REGION));
      }
    } catch (SdkException e) {
      results.add(CheckResult.skipped(check, "cannot read it: " + S3Probe.describe(e)));
    }
  }

  private void bucketPolicy(S3Probe s3) {
    String check = "bucket policy allows Parquet COPY";
    try {
      Optional<String> policy = s3.policy();
      if (policy.isPresent() && S3Probe.limitsSignatureAge(policy.get())) {
        results.add(
            CheckResult.failed(
                check,
                "the policy has an s3:signatureAge condition",
                Troubleshooting.SIGNATURE_AGE));
      } else {
        results.add(
            CheckResult.passed(
                check, policy.isPresent() ? "no s3:signatureAge condition" : "no bucket policy"));
      }
    } catch (SdkException e) {
      results.add(CheckResult.skipped(check, "cannot read it: " + S3Probe.describe(e)));
    }
  }

  private static byte[] probeParquet(RedsinkConfig config) {
    Record record =
        new Record(
            "redsink.check",
            0,
            0,
            System.currentTimeMillis(),
            null,
            List.of(),
            "{\"check\":true}".getBytes(StandardCharsets.UTF_8));
    return new ParquetFileWriter(config.rowLayout(), config.parquetCompression())
        .write(List.of(record), Instant.now())
        .bytes();
  }

  private void skip(String check, String reason) {
    results.add(CheckResult.skipped(check, reason));
  }

  private static String sqlMessage(SQLException e) {
    String state = e.getSQLState() == null ? "" : " (SQLSTATE " + e.getSQLState() + ")";
    return String.valueOf(e.getMessage()).lines().findFirst().orElse("") + state;
  }

  private static String hex() {
    return Long.toHexString(ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE);
  }
}
