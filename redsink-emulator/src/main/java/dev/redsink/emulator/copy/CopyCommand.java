package dev.redsink.emulator.copy;

import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A parsed Redshift {@code COPY table [(cols)] FROM 's3://bucket/prefix' IAM_ROLE ... FORMAT AS
 * PARQUET ...}; the table reference is kept verbatim, column names are unquoted and lower-cased.
 *
 * @param table the table reference exactly as written, e.g. {@code analytics."Orders"}
 * @param columns the column list, lower-cased; empty when the COPY has none (all columns)
 * @param bucket the S3 bucket of the FROM location
 * @param key the key or key prefix of the FROM location (may be empty)
 * @param role the IAM role named by IAM_ROLE or CREDENTIALS 'aws_iam_role=...'
 * @param flags the argument-less parameters given
 * @param invalidCharReplacement the ACCEPTINVCHARS replacement character, if ACCEPTINVCHARS was
 *     given
 * @param statUpdate the STATUPDATE setting
 */
public record CopyCommand(
    String table,
    List<String> columns,
    String bucket,
    String key,
    CopyRole role,
    Set<CopyFlag> flags,
    Optional<Character> invalidCharReplacement,
    StatUpdate statUpdate) {

  public CopyCommand {
    columns = List.copyOf(columns);
    flags = Set.copyOf(flags);
  }

  /**
   * Parses a COPY statement, refusing what Redshift refuses for Parquet.
   *
   * @throws CopyException with SQLSTATE 42601 for syntax errors, XX000 for refused parameters
   */
  public static CopyCommand parse(String sql) {
    return new CopyParser(sql).parse();
  }

  public boolean has(CopyFlag flag) {
    return flags.contains(flag);
  }

  /** The FROM location, {@code s3://bucket/key}. */
  public String source() {
    return "s3://" + bucket + "/" + key;
  }
}
