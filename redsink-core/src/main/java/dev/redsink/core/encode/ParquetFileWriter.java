package dev.redsink.core.encode;

import dev.redsink.core.error.FatalException;
import dev.redsink.core.record.Record;
import dev.redsink.core.table.RowLayout;
import dev.redsink.core.table.SchemaEvolution;
import dev.redsink.core.table.WriteSettings;
import dev.redsink.core.typed.FieldNames;
import dev.redsink.core.typed.ParsedRows;
import dev.redsink.core.typed.TypedRow;
import java.io.IOException;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.parquet.schema.MessageType;

/**
 * Encodes records as one Parquet file in memory (zstd unless told otherwise), in the layout's
 * column order, without Hadoop at runtime. Every record is checked against the column limits before
 * anything is encoded. Every layout is written column by column with no object per value ({@link
 * ColumnarFile}); a typed layout's fields from the rows read once per record.
 */
public final class ParquetFileWriter {
  private final RowLayout layout;
  private final ParquetCompression compression;
  private final MessageType schema;
  private final FieldNames names;

  /** A writer of zstd files, the reference design's codec, for appends. */
  public ParquetFileWriter(RowLayout layout) {
    this(layout, ParquetCompression.ZSTD);
  }

  /** A writer of appends' files. */
  public ParquetFileWriter(RowLayout layout, ParquetCompression compression) {
    this(layout, compression, FieldNames.of(layout, WriteSettings.APPEND));
  }

  /**
   * A writer whose records' typed fields land in the columns {@code names} gives them ({@link
   * FieldNames#COLUMNS} for rows already named by column).
   */
  public ParquetFileWriter(RowLayout layout, ParquetCompression compression, FieldNames names) {
    this.names = names;
    this.layout = layout;
    this.compression = compression;
    this.schema = ParquetSchemas.of(layout);
  }

  /** The page codec of the files this writer makes. */
  public ParquetCompression compression() {
    return compression;
  }

  /**
   * Encodes the records; created_at is the same RFC 3339 instant (microseconds, UTC) on every row.
   *
   * @throws dev.redsink.core.error.BadRecordException when a record does not fit its columns
   */
  public EncodedFile write(List<Record> records, Instant createdAt) {
    return write(records, createdAt, ParsedRows.NONE);
  }

  /**
   * {@link #write(List, Instant)}, reusing the rows {@code parsed} read already with this writer's
   * names instead of reading those records' values again. A record with a row there is the load's:
   * its schema step made every field fit these columns as is and it checked what the record stores
   * beside its value ({@link RecordChecks#checkBesideFields}); only that no field is left without a
   * column is checked again, while encoding.
   */
  public EncodedFile write(List<Record> records, Instant createdAt, ParsedRows parsed) {
    RecordChecks checks = new RecordChecks(layout, SchemaEvolution.ADD_COLUMNS, names);
    FieldChecks fields = new FieldChecks(layout, SchemaEvolution.NONE);
    List<TypedRow> rows = new ArrayList<>(layout.isTyped() ? records.size() : 0);
    long rawBytes = 0;
    for (Record record : records) {
      Optional<TypedRow> read = parsed.of(record, names);
      if (read.isPresent()) {
        // The load's row, which its schema step made fit these columns as is: only that no
        // field is left without a column is checked again, as the file is encoded.
        rows.add(read.get());
      } else {
        TypedRow row = checks.checked(record);
        if (row != null) {
          fields.requireFit(record, row);
          rows.add(row);
        }
      }
      rawBytes += record.value() == null ? 0 : record.value().length;
    }
    String created = DateTimeFormatter.ISO_INSTANT.format(createdAt.truncatedTo(ChronoUnit.MICROS));
    int capacity = (int) Math.min(rawBytes / 2 + 4096, 1 << 26);
    try {
      byte[] bytes =
          new ColumnarFile(layout.columns(), schema, compression, created)
              .encode(records, rows, capacity);
      return new EncodedFile(bytes, records.size(), created);
    } catch (IOException e) {
      throw new FatalException("Cannot encode Parquet file: " + e.getMessage(), e);
    }
  }
}
