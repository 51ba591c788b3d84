package dev.redsink.core.load;

import dev.redsink.core.encode.ParquetCompression;
import dev.redsink.core.encode.ParquetFileWriter;
import dev.redsink.core.encode.RecordChecks;
import dev.redsink.core.table.Column;
import dev.redsink.core.table.ColumnRole;
import dev.redsink.core.table.RowLayout;
import dev.redsink.core.table.SchemaEvolution;
import dev.redsink.core.table.TableKeys;
import dev.redsink.core.table.TableName;
import java.util.List;
import java.util.Set;

/**
 * A target table as created and checked: its name, its row layout with the byte capacities the
 * table really has, the checks records must pass for it, its Parquet writer, and the keys it is
 * created with when missing.
 */
record TargetTable(
    TableName name,
    RowLayout layout,
    RecordChecks checks,
    ParquetFileWriter writer,
    SchemaEvolution evolution,
    TableKeys keys) {

  /** A table whose typed layout may evolve as {@code evolution} allows. */
  static TargetTable of(
      TableName name,
      RowLayout layout,
      SchemaEvolution evolution,
      ParquetCompression compression,
      TableKeys keys) {
    return new TargetTable(
        name,
        layout,
        new RecordChecks(layout, evolution),
        new ParquetFileWriter(layout, compression),
        evolution,
        keys);
  }

  /** This table with the columns it has now (after schema evolution). */
  TargetTable withLayout(RowLayout columns) {
    return of(name, columns, evolution, compression(), keys);
  }

  /** The codec of the files staged for this table. */
  ParquetCompression compression() {
    return writer.compression();
  }

  /**
   * This table as one load writes it: its fixed columns and only the field columns named in {@code
   * foldedFields}, in table order.
   */
  TargetTable writingFields(Set<String> foldedFields) {
    List<Column> written =
        layout.columns().stream()
            .filter(
                c ->
                    c.role() != ColumnRole.FIELD || foldedFields.contains(TableName.fold(c.name())))
            .toList();
    return written.size() == layout.columns().size()
        ? this
        : of(name, layout.withColumns(written), evolution, compression(), keys);
  }

  @Override
  public String toString() {
    return name.toString();
  }
}
