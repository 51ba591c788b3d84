package dev.redsink.core.load;

import dev.redsink.core.encode.ParquetCompression;
import dev.redsink.core.encode.ParquetFileWriter;
import dev.redsink.core.encode.RecordChecks;
import dev.redsink.core.table.RowLayout;
import dev.redsink.core.table.SchemaEvolution;
import dev.redsink.core.table.TableKeys;
import dev.redsink.core.table.TableName;

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

  @Override
  public String toString() {
    return name.toString();
  }
}
