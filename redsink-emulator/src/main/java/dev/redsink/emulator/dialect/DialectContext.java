package dev.redsink.emulator.dialect;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/** What planning one statement needs from the session and collects for it. */
final class DialectContext {

  private final boolean caseSensitiveIdentifiers;
  private final Set<Domain> domains = new LinkedHashSet<>();
  private final Map<String, String> longNames = new LinkedHashMap<>();
  private TableKeys tableKeys;

  DialectContext(boolean caseSensitiveIdentifiers) {
    this.caseSensitiveIdentifiers = caseSensitiveIdentifiers;
  }

  boolean caseSensitiveIdentifiers() {
    return caseSensitiveIdentifiers;
  }

  void require(Domain domain) {
    if (domain != null) {
      domains.add(domain);
    }
  }

  void longName(String postgresName, String redshiftName) {
    longNames.put(postgresName, redshiftName);
  }

  /** The keys of the table a CREATE TABLE creates. */
  void tableKeys(TableKeys keys) {
    this.tableKeys = keys;
  }

  /** The comment that carries a created table's keys to the backend, or "". */
  String tableKeysComment() {
    return tableKeys == null ? "" : " " + tableKeys.comment();
  }

  Set<Domain> domains() {
    return Set.copyOf(domains);
  }

  Map<String, String> longNames() {
    return Map.copyOf(longNames);
  }
}
