package dev.redsink.emulator.dialect;

import java.util.List;
import java.util.Map;
import java.util.Set;

/** Statements the emulator runs itself, because Redshift's semantics differ from PostgreSQL's. */
public sealed interface SpecialStatement {

  /** TRUNCATE: commits the open transaction first, as Redshift does. */
  record Truncate(String sql) implements SpecialStatement {}

  /** A statement that must not run inside a transaction block, then runs these statements. */
  record OutsideBlock(String what, String commandTag, List<String> statements, Set<Domain> domains)
      implements SpecialStatement {}

  /** A Redshift-only setting, kept in the session (e.g. enable_case_sensitive_identifier). */
  record SetSession(String name, String value) implements SpecialStatement {}

  /**
   * Several PostgreSQL statements answered with one command tag (e.g. MERGE … REMOVE DUPLICATES).
   */
  record Compound(String commandTag, List<String> statements, Map<String, String> longNames)
      implements SpecialStatement {}

  /** Accepted and ignored (e.g. ALTER TABLE … ALTER DISTSTYLE). */
  record NoOp(String commandTag) implements SpecialStatement {}

  /**
   * A statement the backend runs as another one (prepared like a forwarded statement) and answers
   * with the client statement's command tag (e.g. CREATE VIEW … WITH NO SCHEMA BINDING).
   */
  record Substitute(String commandTag, Plan.Forward statement) implements SpecialStatement {}

  /** COPY from S3, handled by the emulator's COPY engine. */
  record CopyFromS3(String sql) implements SpecialStatement {}
}
