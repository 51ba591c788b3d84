package dev.redsink.emulator.dialect;

import java.util.Map;
import java.util.Set;

/** What the emulator does with one client statement. */
public sealed interface Plan {

  StatementKind kind();

  /** The statement as the client wrote it, for fault matching and logs. */
  String original();

  /**
   * Run this PostgreSQL text on the backend, after creating the domains and registering the long
   * identifiers it needs.
   */
  record Forward(
      String original,
      String sql,
      StatementKind kind,
      Set<Domain> domains,
      Map<String, String> longNames)
      implements Plan {}

  /** Refuse the statement with Redshift's error (raised inside the backend session). */
  record Refuse(String original, RedshiftError error, StatementKind kind) implements Plan {}

  /** Run an emulator command that has no single PostgreSQL equivalent. */
  record Special(String original, SpecialStatement statement, StatementKind kind) implements Plan {}
}
