package dev.redsink.core;

import java.util.List;
import java.util.Map;

/**
 * The checks to run before going live, in order: configuration, Redshift reachable, the user's
 * privileges, S3 put with checksum, COPY with the IAM role, S3 delete, bucket region and bucket
 * policy. A check whose precondition failed is skipped, not failed again.
 */
public interface Preflight {

  /** The checks for a raw configuration (reference key names), as {@link RedshiftSink} reads it. */
  static Preflight of(Map<String, ?> rawConfig) {
    return new EnginePreflight(rawConfig);
  }

  /** Runs every check; a failed check is a result, never an exception. */
  List<PreflightCheck> run();
}
