package dev.redsink.core.encode;

import com.github.luben.zstd.ZstdCompressCtx;
import dev.redsink.core.record.Record;
import dev.redsink.core.table.Column;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ParquetProperties;
import org.apache.parquet.hadoop.ParquetFileWriter.Mode;
import org.apache.parquet.schema.MessageType;

/**
 * Encodes records of a payload layout (every column a record field or metadata, no typed fields)
 * column by column, writing each value's bytes straight into its column's page buffer: no object
 * per record or per value. One row group per file; parquet-java's file writer lays out the pages
 * and writes the footer.
 */
final class ColumnarFile {
  private static final Base64.Encoder BASE64 = Base64.getEncoder();

  private final List<Column> columns;
  private final MessageType schema;
  private final byte[] createdAt;
  private final Map<String, byte[]> topics = new HashMap<>();
  private byte[] scratch = new byte[256];

  ColumnarFile(List<Column> columns, MessageType schema, String createdAt) {
    this.columns = columns;
    this.schema = schema;
    this.createdAt = createdAt.getBytes(StandardCharsets.UTF_8);
  }

  /** Whether this encoder can write every column of the layout. */
  static boolean handles(List<Column> columns) {
    return columns.stream().allMatch(c -> c.role() != dev.redsink.core.table.ColumnRole.FIELD);
  }

  byte[] encode(List<Record> records, int capacityHint) throws IOException {
    List<ColumnDescriptor> descriptors = schema.getColumns();
    ColumnChunk[] chunks = new ColumnChunk[columns.size()];
    for (int i = 0; i < chunks.length; i++) {
      chunks[i] = new ColumnChunk(descriptors.get(i));
    }
    try (ZstdCompressCtx zstd = new ZstdCompressCtx().setLevel(ZstdCodecFactory.DEFAULT_LEVEL)) {
      for (Record record : records) {
        for (int i = 0; i < chunks.length; i++) {
          add(chunks[i], columns.get(i), record, zstd);
        }
      }
      BufferOutputFile file = new BufferOutputFile(capacityHint);
      org.apache.parquet.hadoop.ParquetFileWriter writer =
          new org.apache.parquet.hadoop.ParquetFileWriter(
              file,
              schema,
              Mode.OVERWRITE,
              Long.MAX_VALUE,
              0,
              null,
              ParquetProperties.builder().withPageWriteChecksumEnabled(false).build());
      writer.start();
      writer.startBlock(records.size());
      for (ColumnChunk chunk : chunks) {
        chunk.writeTo(writer, zstd);
      }
      writer.endBlock();
      writer.end(Map.of("writer", "redsink"));
      return file.toByteArray();
    }
  }

  private void add(ColumnChunk chunk, Column column, Record record, ZstdCompressCtx zstd) {
    switch (column.role()) {
      case ID -> {
        byte[] topic = topic(record.topic());
        int at = chunk.reserveBytes(topic.length + 42);
        byte[] into = chunk.buffer();
        System.arraycopy(topic, 0, into, at, topic.length);
        int end = at + topic.length;
        into[end++] = ':';
        end = Decimal.write(record.partition(), into, end);
        into[end++] = ':';
        end = Decimal.write(record.offset(), into, end);
        chunk.commitBytes(end - at, zstd);
      }
      case OFFSET -> decimal(chunk, record.offset(), zstd);
      case TIMESTAMP -> decimal(chunk, record.timestamp(), zstd);
      case TOPIC -> {
        byte[] topic = topic(record.topic());
        chunk.addBytes(topic, 0, topic.length, zstd);
      }
      case PARTITION -> chunk.addLong(record.partition(), zstd);
      case KEY -> {
        if (record.key() == null) {
          chunk.addNull(zstd);
        } else {
          int length = 4 * ((record.key().length + 2) / 3);
          if (scratch.length < length) {
            scratch = new byte[Math.max(length, scratch.length * 2)];
          }
          chunk.addBytes(scratch, 0, BASE64.encode(record.key(), scratch), zstd);
        }
      }
      case HEADERS -> {
        byte[] json = Json.headers(record.headers());
        chunk.addBytes(json, 0, json.length, zstd);
      }
      case PAYLOAD -> {
        if (record.value() == null) {
          chunk.addNull(zstd);
        } else {
          chunk.addBytes(record.value(), 0, record.value().length, zstd);
        }
      }
      case CREATED_AT -> chunk.addBytes(createdAt, 0, createdAt.length, zstd);
      case FIELD -> throw new IllegalStateException("typed fields are written by RowWriteSupport");
    }
  }

  private void decimal(ColumnChunk chunk, long value, ZstdCompressCtx zstd) {
    int at = chunk.reserveBytes(20);
    chunk.commitBytes(Decimal.write(value, chunk.buffer(), at) - at, zstd);
  }

  private byte[] topic(String topic) {
    return topics.computeIfAbsent(topic, t -> t.getBytes(StandardCharsets.UTF_8));
  }
}
