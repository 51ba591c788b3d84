package dev.redsink.core.encode;

import dev.redsink.core.error.FatalException;
import dev.redsink.core.record.Record;
import dev.redsink.core.table.Column;
import dev.redsink.core.table.ColumnRole;
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
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileWriter.Mode;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.io.OutputFile;
import org.apache.parquet.schema.MessageType;

/**
 * Encodes records as one Parquet file in memory (zstd unless told otherwise), in the layout's
 * column order, without Hadoop at runtime. Every record is checked against the column limits before
 * anything is encoded. Payload layouts (no typed fields) are written column by column with no
 * object per value ({@link ColumnarFile}); typed layouts go through parquet-java's record writer
 * ({@link RowWriteSupport}).
 */
public final class ParquetFileWriter {
  private static final long ROW_GROUP_BYTES = 128L * 1024 * 1024;

  private final RowLayout layout;
  private final ParquetCompression compression;
  private final MessageType schema;
  private final boolean columnar;
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
    this.columnar = ColumnarFile.handles(layout.columns());
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
   * names instead of reading those records' values again.
   */
  public EncodedFile write(List<Record> records, Instant createdAt, ParsedRows parsed) {
    RecordChecks checks = new RecordChecks(layout, SchemaEvolution.ADD_COLUMNS, names);
    FieldChecks fields = new FieldChecks(layout, SchemaEvolution.NONE);
    List<TypedRow> rows = new ArrayList<>(layout.isTyped() ? records.size() : 0);
    long rawBytes = 0;
    for (Record record : records) {
      Optional<TypedRow> read = parsed.of(record, names);
      TypedRow row = read.isPresent() ? checks.checked(record, read.get()) : checks.checked(record);
      if (row != null) {
        fields.requireColumns(record, row);
        rows.add(row);
      }
      rawBytes += record.value() == null ? 0 : record.value().length;
    }
    String created = DateTimeFormatter.ISO_INSTANT.format(createdAt.truncatedTo(ChronoUnit.MICROS));
    int capacity = (int) Math.min(rawBytes / 2 + 4096, 1 << 26);
    if (columnar) {
      try {
        byte[] bytes =
            new ColumnarFile(layout.columns(), schema, compression, created)
                .encode(records, capacity);
        return new EncodedFile(bytes, records.size(), created);
      } catch (IOException e) {
        throw new FatalException("Cannot encode Parquet file: " + e.getMessage(), e);
      }
    }
    RowWriteSupport support = new RowWriteSupport(layout, created);
    BufferOutputFile file = new BufferOutputFile(capacity);
    PageCodecFactory codecs = new PageCodecFactory(compression);
    try (ParquetWriter<Record> writer = builder(file, support, codecs).build()) {
      for (int i = 0; i < records.size(); i++) {
        if (!rows.isEmpty()) {
          support.nextFields(rows.get(i));
        }
        writer.write(records.get(i));
      }
    } catch (IOException e) {
      throw new FatalException("Cannot encode Parquet file: " + e.getMessage(), e);
    } finally {
      codecs.release();
    }
    return new EncodedFile(file.toByteArray(), records.size(), created);
  }

  private Builder builder(OutputFile file, RowWriteSupport support, PageCodecFactory codecs) {
    Builder builder =
        new Builder(file, support)
            .withConf(new PlainParquetConfiguration())
            .withCodecFactory(codecs)
            // S3 checks the whole file's CRC32C; page checksums would copy every page once more.
            .withPageWriteChecksumEnabled(false)
            .withCompressionCodec(compression.codecName())
            .withWriteMode(Mode.OVERWRITE)
            .withRowGroupSize(ROW_GROUP_BYTES)
            .withDictionaryEncoding(false);
    for (Column column : layout.columns()) {
      ColumnRole role = column.role();
      if (role == ColumnRole.TOPIC || role == ColumnRole.CREATED_AT) {
        builder = builder.withDictionaryEncoding(column.name(), true);
      }
      if (role == ColumnRole.PAYLOAD
          || role == ColumnRole.KEY
          || role == ColumnRole.ID
          || role == ColumnRole.OFFSET
          || role == ColumnRole.TIMESTAMP) {
        // min/max statistics copy every new maximum (payloads up to 16 MB; ids, offsets and
        // timestamps grow with almost every row); COPY never reads them.
        builder = builder.withStatisticsEnabled(column.name(), false);
      }
    }
    return builder;
  }

  /** The builder Parquet requires; Hadoop types appear only in signatures that are never called. */
  private static final class Builder extends ParquetWriter.Builder<Record, Builder> {
    private final RowWriteSupport support;

    Builder(OutputFile file, RowWriteSupport support) {
      super(file);
      this.support = support;
    }

    @Override
    protected Builder self() {
      return this;
    }

    /** Parquet deprecates the Hadoop variant but still declares it abstract. */
    @Deprecated
    @Override
    protected WriteSupport<Record> getWriteSupport(Configuration conf) {
      return support;
    }

    @Override
    protected WriteSupport<Record> getWriteSupport(ParquetConfiguration conf) {
      return support;
    }
  }
}
