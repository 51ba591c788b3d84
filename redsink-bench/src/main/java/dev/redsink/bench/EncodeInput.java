package dev.redsink.bench;

import dev.redsink.core.encode.ParquetFileWriter;
import dev.redsink.core.record.Record;
import dev.redsink.core.table.ColumnGroup;
import dev.redsink.core.table.PayloadFormat;
import dev.redsink.core.table.RowLayout;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * One file's worth of records of one shape, built once per trial, with Redsink's writer for the
 * default layout (id, metadata, key, VARBYTE payload, created_at) and the payloads laid end to end
 * for the zstd floor.
 */
@State(Scope.Thread)
public class EncodeInput {
  /** Rows per encoded file; a constant because JMH's operations-per-invocation must be one. */
  public static final int ROWS_PER_FILE = 4096;

  /** The created_at every row carries, fixed so every run encodes the same bytes. */
  public static final Instant CREATED_AT = Instant.parse("2026-11-29T12:00:00Z");

  @Param({"JSON_100", "JSON_1K", "BINARY_16K"})
  public PayloadShape shape;

  List<Record> records;
  ParquetFileWriter writer;
  byte[] payloads;

  @Setup(Level.Trial)
  public void build() {
    records = records(shape);
    writer = writer();
    payloads = new byte[ROWS_PER_FILE * shape.bytes()];
    int at = 0;
    for (Record r : records) {
      System.arraycopy(r.value(), 0, payloads, at, r.value().length);
      at += r.value().length;
    }
  }

  /** The records every encode benchmark of this shape turns into one file. */
  public static List<Record> records(PayloadShape shape) {
    return new SyntheticRecords("bench", 0, shape).next(0, ROWS_PER_FILE);
  }

  /** Redsink's writer for the default table layout. */
  public static ParquetFileWriter writer() {
    return new ParquetFileWriter(layout());
  }

  /** The default layout: include_metadata and include_key on, VARBYTE payload, pico_ prefix. */
  public static RowLayout layout() {
    return RowLayout.of(
        EnumSet.of(ColumnGroup.METADATA, ColumnGroup.KEY), PayloadFormat.VARBYTE, "pico_");
  }
}
