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
import dev.redsink.core.typed.FieldNames;
import dev.redsink.core.typed.JudgedRows;
import java.util.List;
import java.util.Set;

/**
 * A target table as created and checked: its name, its row layout with the byte capacities the
 * table really has, the checks records must pass for it, its Parquet writer, the keys it is created
 * with when missing, and the columns its records' fields land in.
 */
record TargetTable(
    TableName name,
    RowLayout layout,
    RecordChecks checks,
    ParquetFileWriter writer,
    SchemaEvolution evolution,
    TableKeys keys,
    FieldNames names) {

  /**
   * A table whose typed layout may evolve as {@code evolution} allows, whose records' fields land
   * in the columns {@code names} gives them.
   */
  static TargetTable of(
      TableName name,
      RowLayout layout,
      SchemaEvolution evolution,
      ParquetCompression compression,
      TableKeys keys,
      FieldNames names) {
    return of(name, layout, evolution, compression, keys, names, null);
  }

  /** {@link #of}, sharing the rows runtimes' checks read with an earlier form of the table. */
  private static TargetTable of(
      TableName name,
      RowLayout layout,
      SchemaEvolution evolution,
      ParquetCompression compression,
      TableKeys keys,
      FieldNames names,
      JudgedRows judged) {
    return new TargetTable(
        name,
        layout,
        new RecordChecks(layout, evolution, names.ofStagedRows(), judged),
        new ParquetFileWriter(layout, compression, names.ofStagedRows()),
        evolution,
        keys,
        names);
  }

  /** This table with the columns it has now (after schema evolution). */
  TargetTable withLayout(RowLayout columns) {
    return of(name, columns, evolution, compression(), keys, names, checks.judged());
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
        : of(
            name,
            layout.withColumns(written),
            evolution,
            compression(),
            keys,
            names,
            checks.judged());
  }

  @Override
  public String toString() {
    return name.toString();
  }
}
