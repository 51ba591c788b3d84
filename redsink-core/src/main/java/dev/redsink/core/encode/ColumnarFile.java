package dev.redsink.core.encode;

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
  private final ParquetCompression compression;
  private final byte[] createdAt;
  private final Map<String, byte[]> topics = new HashMap<>();
  private String lastTopic;
  private byte[] lastTopicBytes;
  private byte[] scratch = new byte[256];

  ColumnarFile(
      List<Column> columns, MessageType schema, ParquetCompression compression, String createdAt) {
    this.columns = columns;
    this.schema = schema;
    this.compression = compression;
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
    try (PageCodec codec = compression.newCodec()) {
      for (Record record : records) {
        for (int i = 0; i < chunks.length; i++) {
          add(chunks[i], columns.get(i), record, codec);
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
        chunk.writeTo(writer, codec, compression);
      }
      writer.endBlock();
      writer.end(Map.of("writer", "redsink"));
      return file.toByteArray();
    }
  }

  private void add(ColumnChunk chunk, Column column, Record record, PageCodec codec) {
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
        chunk.commitBytes(end - at, codec);
      }
      case OFFSET -> decimal(chunk, record.offset(), codec);
      case TIMESTAMP -> decimal(chunk, record.timestamp(), codec);
      case TOPIC -> {
        byte[] topic = topic(record.topic());
        chunk.addBytes(topic, 0, topic.length, codec);
      }
      case PARTITION -> chunk.addLong(record.partition(), codec);
      case KEY -> {
        if (record.key() == null) {
          chunk.addNull(codec);
        } else {
          int length = 4 * ((record.key().length + 2) / 3);
          if (scratch.length < length) {
            scratch = new byte[Math.max(length, scratch.length * 2)];
          }
          chunk.addBytes(scratch, 0, BASE64.encode(record.key(), scratch), codec);
        }
      }
      case HEADERS -> {
        byte[] json = Json.headers(record.headers());
        chunk.addBytes(json, 0, json.length, codec);
      }
      case PAYLOAD -> {
        if (record.value() == null) {
          chunk.addNull(codec);
        } else {
          chunk.addBytes(record.value(), 0, record.value().length, codec);
        }
      }
      case CREATED_AT -> chunk.addBytes(createdAt, 0, createdAt.length, codec);
      case FIELD -> throw new IllegalStateException("typed fields are written by RowWriteSupport");
    }
  }

  private void decimal(ColumnChunk chunk, long value, PageCodec codec) {
    int at = chunk.reserveBytes(20);
    chunk.commitBytes(Decimal.write(value, chunk.buffer(), at) - at, codec);
  }

  /** The topic's UTF-8 bytes; a file's records nearly always share one topic. */
  private byte[] topic(String topic) {
    if (!topic.equals(lastTopic)) {
      lastTopicBytes = topics.computeIfAbsent(topic, t -> t.getBytes(StandardCharsets.UTF_8));
      lastTopic = topic;
    }
    return lastTopicBytes;
  }
}
