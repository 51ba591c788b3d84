package dev.redsink.core.load;

import dev.redsink.core.encode.ParquetFileWriter;
import dev.redsink.core.encode.RecordChecks;
import dev.redsink.core.table.RowLayout;
import dev.redsink.core.table.SchemaEvolution;
import dev.redsink.core.table.TableName;

/**
 * A target table as created and checked: its name, its row layout with the byte capacities the
 * table really has, the checks records must pass for it, and its Parquet writer.
 */
record TargetTable(
    TableName name,
    RowLayout layout,
    RecordChecks checks,
    ParquetFileWriter writer,
    SchemaEvolution evolution) {

  static TargetTable of(TableName name, RowLayout layout) {
    return of(name, layout, SchemaEvolution.ADD_COLUMNS);
  }

  /** A table whose typed layout may evolve as {@code evolution} allows. */
  static TargetTable of(TableName name, RowLayout layout, SchemaEvolution evolution) {
    return new TargetTable(
        name,
        layout,
        new RecordChecks(layout, evolution),
        new ParquetFileWriter(layout),
        evolution);
  }

  @Override
  public String toString() {
    return name.toString();
  }
}
