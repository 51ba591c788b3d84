package dev.redsink.core.table;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Remembers resolved table names and reports when two different names fold to the same Redshift
 * table (Redshift lower-cases ASCII letters even in quoted identifiers), which would silently merge
 * two topics' rows.
 */
public final class FoldedNames {
  private final Map<String, String> firstByFolded = new ConcurrentHashMap<>();

  /**
   * Records a resolved name and returns a warning if an earlier, different name folds to the same
   * table.
   */
  public Optional<String> record(String topic, String resolvedName) {
    String folded = TableName.fold(resolvedName);
    String first = firstByFolded.putIfAbsent(folded, resolvedName);
    if (first == null || first.equals(resolvedName)) {
      return Optional.empty();
    }
    return Optional.of(
        "Table name '"
            + resolvedName
            + "' for topic '"
            + topic
            + "' and the earlier name '"
            + first
            + "' both fold to the Redshift table '"
            + folded
            + "'; their rows land in one table. Change target_table if that is not intended");
  }
}
