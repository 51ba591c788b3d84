package dev.redsink.core;

import dev.redsink.core.PreflightCheck.Problem;
import dev.redsink.core.config.ConfigKeys;
import dev.redsink.core.config.ConfigParser;
import dev.redsink.core.config.RedsinkConfig;
import dev.redsink.core.encode.ParquetFileWriter;
import dev.redsink.core.error.InvalidConfigException;
import dev.redsink.core.error.RedsinkException;
import dev.redsink.core.load.ClusterProbe;
import dev.redsink.core.record.Record;
import dev.redsink.core.sql.LedgerSql;
import dev.redsink.core.sql.PreflightSql;
import dev.redsink.core.sql.TargetSchemaSql;
import dev.redsink.core.stage.BucketProbe;
import dev.redsink.core.table.TableName;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;

/** The {@link Preflight} over the engine's own connection, S3 client and Parquet writer. */
final class EnginePreflight implements Preflight {
  private final Map<String, ?> rawConfig;
  private final List<PreflightCheck> results = new ArrayList<>();

  EnginePreflight(Map<String, ?> rawConfig) {
    this.rawConfig = rawConfig;
  }

  @Override
  public List<PreflightCheck> run() {
    results.clear();
    Optional<RedsinkConfig> config = configuration();
    if (config.isEmpty()) {
      skip("Redshift reachable", "the configuration is invalid");
      return List.copyOf(results);
    }
    String probeFile = "redsink-check-" + hex() + ".parquet";
    try (BucketProbe s3 = new BucketProbe(config.get())) {
      ClusterProbe redshift = reachable(config.get());
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
        if (redshift != null) {
          redshift.close();
        }
      }
      bucketRegion(s3, config.get());
      bucketPolicy(s3);
    }
    return List.copyOf(results);
  }

  private Optional<RedsinkConfig> configuration() {
    String check = "configuration is valid";
    try {
      ConfigParser.Parsed parsed = ConfigParser.parse(rawConfig);
      String warnings =
          parsed.warnings().isEmpty()
              ? ""
              : " (warnings: " + String.join("; ", parsed.warnings()) + ")";
      results.add(
          PreflightCheck.passed(
              check, "target " + parsed.config().get(ConfigKeys.TARGET_TABLE) + warnings));
      return Optional.of(parsed.config());
    } catch (InvalidConfigException e) {
      boolean keys = e.problems().stream().anyMatch(p -> p.contains(ConfigParser.BOTH_KEYS));
      results.add(
          PreflightCheck.failed(
              check, String.join("; ", e.problems()), keys ? Problem.STATIC_KEYS : Problem.CONFIG));
      return Optional.empty();
    }
  }

  private ClusterProbe reachable(RedsinkConfig config) {
    String check = "Redshift reachable";
    try {
      ClusterProbe probe = ClusterProbe.connect(config);
      try {
        probe.value(PreflightSql.SELECT_ONE);
      } catch (RedsinkException e) {
        probe.close();
        throw e;
      }
      results.add(
          PreflightCheck.passed(check, "SELECT 1 on " + config.get(ConfigKeys.CONNECTION_STRING)));
      return probe;
    } catch (RedsinkException e) {
      results.add(
          PreflightCheck.failed(
              check,
              config.get(ConfigKeys.CONNECTION_STRING) + ": " + e.getMessage(),
              config.get(ConfigKeys.CONNECTION_STRING).iam()
                  ? Problem.IAM_CONNECT
                  : Problem.CONNECT));
      return null;
    }
  }

  private void privileges(ClusterProbe redshift, RedsinkConfig config) {
    String check = "privileges";
    try {
      String schema =
          config.find(ConfigKeys.TARGET_SCHEMA).orElse(redshift.value(PreflightSql.CURRENT_SCHEMA));
      List<String> missing = new ArrayList<>();
      String user = redshift.value(PreflightSql.CURRENT_USER);
      String database = redshift.value(PreflightSql.CURRENT_DATABASE);
      boolean schemaExists = !"0".equals(redshift.value(TargetSchemaSql.exists(schema)));
      if (!schemaExists) {
        // Redsink creates target_schema on first use, which needs CREATE on the database.
        if (!"t".equals(redshift.value(PreflightSql.CAN_CREATE_IN_DATABASE))) {
          missing.add(
              "CREATE on the database (to create schema "
                  + schema
                  + "; "
                  + PreflightSql.grant("CREATE", "DATABASE " + database, user)
                  + ")");
        }
      } else if (!"t".equals(redshift.value(PreflightSql.CAN_CREATE_IN_SCHEMA, schema))) {
        missing.add(
            "CREATE on schema "
                + schema
                + " ("
                + PreflightSql.grant("CREATE", "SCHEMA " + schema, user)
                + ")");
      }
      if (!"t".equals(redshift.value(PreflightSql.CAN_CREATE_TEMP))) {
        missing.add(
            "TEMP on the database ("
                + PreflightSql.grant("TEMP", "DATABASE " + database, user)
                + ")");
      }
      String target = "";
      if (!config.get(ConfigKeys.TARGET_TABLE).hasPlaceholders()) {
        String table = TableName.fold(config.get(ConfigKeys.TARGET_TABLE).resolve(""));
        target = ", target " + schema + "." + table;
        String ledger = LedgerSql.ledgerOf(TableName.of(schema, table)).folded();
        boolean ledgerExists = schemaExists && tableExists(redshift, ledger, schema);
        if (schemaExists && tableExists(redshift, table, schema)) {
          String qualified = schema + "." + table;
          missingGrants(
              redshift,
              qualified,
              RequiredPrivileges.onTarget(config, ledgerExists),
              user,
              missing);
          if (RequiredPrivileges.altersTarget(config)
              && "0".equals(redshift.value(PreflightSql.OWNS_TABLE, table, schema))) {
            missing.add(
                "ownership of "
                    + qualified
                    + ", which schema evolution's ALTER TABLE needs ("
                    + PreflightSql.ownerTo(qualified, user)
                    + ", or schema_evolution = \"none\")");
          }
        }
        if (ledgerExists) {
          missingGrants(
              redshift, schema + "." + ledger, RequiredPrivileges.ON_LEDGER, user, missing);
        }
      }
      if (missing.isEmpty()) {
        results.add(
            PreflightCheck.passed(
                check,
                (schemaExists
                        ? "CREATE on schema " + schema
                        : "CREATE on the database (schema " + schema + " is created on first use)")
                    + ", TEMP tables"
                    + target));
      } else {
        results.add(
            PreflightCheck.failed(
                check, "missing " + String.join(", ", missing), Problem.PRIVILEGES));
      }
    } catch (RedsinkException e) {
      results.add(PreflightCheck.failed(check, e.getMessage(), Problem.PRIVILEGES));
    }
  }

  private static boolean tableExists(ClusterProbe redshift, String table, String schema) {
    return !"0".equals(redshift.value(PreflightSql.TABLE_EXISTS, table, schema));
  }

  /** Adds each privilege the user lacks on the table, with the GRANT that gives it. */
  private static void missingGrants(
      ClusterProbe redshift,
      String qualified,
      List<String> privileges,
      String user,
      List<String> missing) {
    for (String privilege : privileges) {
      if (!"t".equals(redshift.value(PreflightSql.HAS_TABLE_PRIVILEGE, qualified, privilege))) {
        missing.add(
            privilege
                + " on "
                + qualified
                + " ("
                + PreflightSql.grant(privilege, qualified, user)
                + ")");
      }
    }
  }

  private boolean s3Put(BucketProbe s3, RedsinkConfig config, String probeFile) {
    String check = "S3 put with CRC32C checksum on s3_prefix";
    String key = s3.key(probeFile);
    try {
      s3.put(key, probeParquet(config));
      results.add(PreflightCheck.passed(check, s3.url(key)));
      return true;
    } catch (RedsinkException e) {
      results.add(
          PreflightCheck.failed(check, s3.url(key) + ": " + e.getMessage(), Problem.S3_UPLOAD));
      return false;
    }
  }

  private void copy(ClusterProbe redshift, RedsinkConfig config, String url) {
    String check = "COPY with aws_iam_role";
    try {
      redshift.copyRolledBack(config, "redsink_check_" + hex(), url);
      results.add(
          PreflightCheck.passed(
              check, "one-row Parquet COPY as " + config.get(ConfigKeys.AWS_IAM_ROLE)));
    } catch (RedsinkException e) {
      results.add(PreflightCheck.failed(check, e.getMessage(), Problem.COPY));
    }
  }

  private void s3Delete(BucketProbe s3, String key) {
    String check = "S3 delete on s3_prefix";
    try {
      s3.delete(key);
      results.add(PreflightCheck.passed(check, s3.url(key)));
    } catch (RedsinkException e) {
      results.add(
          PreflightCheck.failed(check, s3.url(key) + ": " + e.getMessage(), Problem.S3_UPLOAD));
    }
  }

  private void bucketRegion(BucketProbe s3, RedsinkConfig config) {
    String check = "bucket region";
    if (config.find(ConfigKeys.S3_ENDPOINT).isPresent()) {
      results.add(
          PreflightCheck.passed(
              check,
              "custom s3_endpoint: aws_region '"
                  + config.get(ConfigKeys.AWS_REGION)
                  + "' is a label"));
      return;
    }
    try {
      String region = s3.region();
      if (region.equals(config.get(ConfigKeys.AWS_REGION))) {
        results.add(PreflightCheck.passed(check, region));
      } else {
        results.add(
            PreflightCheck.failed(
                check,
                "the bucket is in "
                    + region
                    + ", aws_region is "
                    + config.get(ConfigKeys.AWS_REGION),
                Problem.REGION));
      }
    } catch (RedsinkException e) {
      skip(check, "cannot read it: " + e.getMessage());
    }
  }

  private void bucketPolicy(BucketProbe s3) {
    String check = "bucket policy allows Parquet COPY";
    try {
      Optional<Boolean> limits = s3.policyLimitsSignatureAge();
      if (limits.orElse(false)) {
        results.add(
            PreflightCheck.failed(
                check, "the policy has an s3:signatureAge condition", Problem.SIGNATURE_AGE));
      } else {
        results.add(
            PreflightCheck.passed(
                check, limits.isPresent() ? "no s3:signatureAge condition" : "no bucket policy"));
      }
    } catch (RedsinkException e) {
      skip(check, "cannot read it: " + e.getMessage());
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
    return new ParquetFileWriter(config.rowLayout(), config.get(ConfigKeys.PARQUET_COMPRESSION))
        .write(List.of(record), Instant.now())
        .bytes();
  }

  private void skip(String check, String reason) {
    results.add(PreflightCheck.skipped(check, reason));
  }

  private static String hex() {
    return Long.toHexString(ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE);
  }
}
