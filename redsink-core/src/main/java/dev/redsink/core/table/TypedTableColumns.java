package dev.redsink.core.table;

import dev.redsink.core.error.ErrorCategory;
import dev.redsink.core.error.RedsinkException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A typed table's layout as its catalog lists it: the configured metadata columns found by name,
 * every other column a field column, all in ordinal order (COPY maps Parquet columns by position).
 */
public final class TypedTableColumns {
  private final RowLayout layout;
  private final Map<String, ExistingColumn> byFoldedName;
  private final Map<String, Column> fieldsByFoldedName = new HashMap<>();

  private TypedTableColumns(RowLayout layout, Map<String, ExistingColumn> byFoldedName) {
    this.layout = layout;
    this.byFoldedName = byFoldedName;
    for (Column c : layout.fields()) {
      fieldsByFoldedName.putIfAbsent(TableName.fold(c.name()), c);
    }
  }

  /**
   * Reads the layout of an existing typed table; {@code fixed} is the layout the configuration
   * implies before any field (see {@link RowLayout#typed}).
   *
   * @throws RedsinkException (invalid config) "Schema mismatch detected" when a configured metadata
   *     column is missing or has another type family
   */
  public static TypedTableColumns of(TableName table, RowLayout fixed, List<ExistingColumn> found) {
    Map<String, Column> fixedByName = new HashMap<>();
    fixed.columns().forEach(c -> fixedByName.put(TableName.fold(c.name()), c));
    Map<String, ExistingColumn> byName = new HashMap<>();
    List<Column> ordered = new ArrayList<>();
    List<String> problems = new ArrayList<>();
    for (ExistingColumn have : found) {
      String folded = TableName.fold(have.name());
      byName.put(folded, have);
      Column want = fixedByName.remove(folded);
      Optional<ColumnType> type = ColumnType.ofCatalog(have.type());
      if (want != null) {
        if (type.isEmpty() || type.get().family() != want.type().family()) {
          problems.add(
              "column '"
                  + want.name()
                  + "' has type '"
                  + have.type()
                  + "', expected "
                  + want.type().display()
                  + ", implied by "
                  + want.impliedBy());
        } else {
          ordered.add(want.withMaxBytes(Math.min(want.maxBytes(), type.get().maxBytes())));
        }
      } else if (type.isPresent()) {
        ordered.add(RowLayout.field(have.name(), type.get()));
      }
    }
    fixedByName
        .values()
        .forEach(
            c ->
                problems.add(
                    "column '"
                        + c.name()
                        + "' "
                        + c.type().display()
                        + " is missing, implied by "
                        + c.impliedBy()));
    if (!problems.isEmpty()) {
      throw new RedsinkException(
          ErrorCategory.INVALID_CONFIG,
          "Schema mismatch detected: Cannot load table '"
              + table
              + "': "
              + String.join("; ", problems)
              + ". Redsink adds field columns but never alters metadata columns: change"
              + " include_metadata, include_key, include_headers or metadata_column_prefix to"
              + " match it, or point target_table at a new table");
    }
    return new TypedTableColumns(fixed.withColumns(ordered), byName);
  }

  /** The layout in catalog order, with the capacities the table really has. */
  public RowLayout layout() {
    return layout;
  }

  /** The field column named like {@code field} (names fold to lower case), if any. */
  public Optional<Column> field(String field) {
    return Optional.ofNullable(fieldsByFoldedName.get(TableName.fold(field)));
  }

  /**
   * The field columns found by a field's position in its row as well as its name, for passes over
   * many rows of the same fields (the same columns as {@link #field}).
   */
  public FieldColumns byPosition() {
    return new FieldColumns(layout);
  }

  /** The catalog type of a column of any name, including types Redsink does not write. */
  public Optional<String> catalogType(String column) {
    return Optional.ofNullable(byFoldedName.get(TableName.fold(column))).map(ExistingColumn::type);
  }
}
