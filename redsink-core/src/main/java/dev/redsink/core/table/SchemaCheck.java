package dev.redsink.core.table;

import dev.redsink.core.error.ErrorCategory;
import dev.redsink.core.error.RedsinkException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Compares an existing table's columns with the layout the configuration implies, by name and type
 * family, in any order; other columns may be there when an insert can leave them out (nullable, or
 * with a DEFAULT). Never alters the table.
 */
public final class SchemaCheck {
  private SchemaCheck() {}

  /**
   * Checks {@code found} (in ordinal order) against {@code expected} and returns the layout with
   * the byte capacities the table actually has, e.g. a TEXT payload column holds 256 bytes.
   *
   * @throws RedsinkException (invalid config) "Table '...' was not found or has no visible
   *     columns", or "Schema mismatch detected" naming table, column, found and expected type and
   *     the key
   */
  public static RowLayout check(TableName table, RowLayout expected, List<ExistingColumn> found) {
    if (found.isEmpty()) {
      throw new RedsinkException(
          ErrorCategory.INVALID_CONFIG,
          "Cannot check table '"
              + table
              + "': Table '"
              + table
              + "' was not found or has no visible columns; check target_schema and the"
              + " connection's search_path and that the user can see the table");
    }
    List<String> problems = new ArrayList<>();
    Map<String, Integer> capacities = new HashMap<>();
    Map<String, ExistingColumn> byName = new HashMap<>();
    for (ExistingColumn have : found) {
      byName.put(have.name().toLowerCase(Locale.ROOT), have);
    }
    for (Column want : expected.columns()) {
      ExistingColumn have = byName.remove(TableName.fold(want.name()));
      if (have == null) {
        problems.add(
            "column '"
                + want.name()
                + "' "
                + want.type().display()
                + " is missing, implied by "
                + want.impliedBy());
      } else if (TypeFamily.of(have.type()) != want.type().family()) {
        problems.add(
            "column '"
                + want.name()
                + "' has type '"
                + have.type()
                + "', expected "
                + want.type().display()
                + " ("
                + want.type().family().name().toLowerCase(Locale.ROOT)
                + " family), implied by "
                + want.impliedBy());
      } else {
        int declared = TypeFamily.declaredLength(have.type());
        if (declared > 0 && want.type().family() != TypeFamily.BIGINT) {
          capacities.put(want.name(), declared);
        }
      }
    }
    // Other columns (in any position) are left to their DEFAULT or NULL by every insert, which
    // names its columns; one that can be neither would fail every load.
    for (ExistingColumn other : found) {
      if (byName.containsKey(other.name().toLowerCase(Locale.ROOT)) && other.required()) {
        problems.add(
            "column '"
                + other.name()
                + "' is NOT NULL without a DEFAULT, and Redsink does not write it (give it a"
                + " DEFAULT or allow NULL)");
      }
    }
    if (!problems.isEmpty()) {
      throw new RedsinkException(
          ErrorCategory.INVALID_CONFIG,
          "Schema mismatch detected: Cannot load table '"
              + table
              + "': "
              + String.join("; ", problems)
              + ". Redsink never alters an existing table: change include_metadata, include_key,"
              + " payload_format or metadata_column_prefix to match it, or point target_table at a"
              + " new table");
    }
    return expected.withMaxBytes(capacities);
  }
}
