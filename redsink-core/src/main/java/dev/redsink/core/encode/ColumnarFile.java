package dev.redsink.core.encode;

import dev.redsink.core.record.Record;
import dev.redsink.core.table.Column;
import dev.redsink.core.table.ColumnRole;
import dev.redsink.core.table.TableName;
import dev.redsink.core.typed.FieldValue;
import dev.redsink.core.typed.TypedRow;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ParquetProperties;
import org.apache.parquet.hadoop.ParquetFileWriter.Mode;
import org.apache.parquet.schema.MessageType;

/**
 * Encodes records column by column, writing each value's bytes straight into its column's page
 * buffer: no object per record or per value beyond the typed rows read already. One row group per
 * file; parquet-java's file writer lays out the pages and writes the footer.
 */
final class ColumnarFile {
  private static final Base64.Encoder BASE64 = Base64.getEncoder();

  private static final TypedRow NO_FIELDS = new TypedRow(List.of());

  private final List<Column> columns;
  private final MessageType schema;
  private final ParquetCompression compression;
  private final byte[] createdAt;
  private final Map<String, byte[]> topics = new HashMap<>();
  private String lastTopic;
  private byte[] lastTopicBytes;
  private byte[] scratch = new byte[256];

  /** Each column's folded name (null for columns other than fields). */
  private final String[] folded;

  /**
   * Where each field column's field was in the last row: a table's records mostly carry the same
   * fields in the same order, so a row's field is found without a map per row.
   */
  private final int[] lastIndex;

  /** The field columns' folded names, made when a row first has a field no column took. */
  private Set<String> fieldColumns;

  ColumnarFile(
      List<Column> columns, MessageType schema, ParquetCompression compression, String createdAt) {
    this.columns = columns;
    this.schema = schema;
    this.compression = compression;
    this.createdAt = createdAt.getBytes(StandardCharsets.UTF_8);
    this.folded = new String[columns.size()];
    this.lastIndex = new int[columns.size()];
    for (int i = 0; i < columns.size(); i++) {
      if (columns.get(i).role() == ColumnRole.FIELD) {
        folded[i] = TableName.fold(columns.get(i).name());
      }
    }
  }

  /** The index among {@code fields} of the field that lands in column {@code i}, or -1. */
  private int field(int i, int size, TypedRow row) {
    String name = folded[i];
    int at = lastIndex[i];
    if (at < size && row.name(at).equals(name)) {
      return at;
    }
    // Field names are unique within a row (FieldNames refuses two landing in one column).
    for (int j = 0; j < size; j++) {
      if (row.name(j).equals(name)) {
        lastIndex[i] = j;
        return j;
      }
    }
    return -1;
  }

  /**
   * A row had fields no column took: only fields without a value (a schemaless null) may be left
   * out of the file, never a value.
   */
  private void requireColumns(Record record, List<FieldValue> fields) {
    if (fieldColumns == null) {
      fieldColumns = new HashSet<>();
      for (String name : folded) {
        if (name != null) {
          fieldColumns.add(name);
        }
      }
    }
    for (FieldValue field : fields) {
      if (field.value() != null && !fieldColumns.contains(field.name())) {
        throw FieldChecks.noColumn(record, field);
      }
    }
  }

  /**
   * Encodes the records; {@code rows} holds each record's typed fields, in the same order (empty
   * for a layout without field columns).
   */
  byte[] encode(List<Record> records, List<TypedRow> rows, int capacityHint) throws IOException {
    List<ColumnDescriptor> descriptors = schema.getColumns();
    ColumnChunk[] chunks = new ColumnChunk[columns.size()];
    ChunkBuffers buffers = ChunkBuffers.ofThread();
    for (int i = 0; i < chunks.length; i++) {
      chunks[i] = new ColumnChunk(descriptors.get(i), buffers);
    }
    try (PageCodec codec = compression.newCodec()) {
      for (int r = 0; r < records.size(); r++) {
        Record record = records.get(r);
        TypedRow row = rows.isEmpty() ? NO_FIELDS : rows.get(r);
        int size = row.size();
        boolean inPlace = row.inPlace();
        int written = 0;
        for (int i = 0; i < chunks.length; i++) {
          Column column = columns.get(i);
          if (column.role() == ColumnRole.FIELD) {
            int j = field(i, size, row);
            if (j >= 0) {
              written++;
            }
            if (j >= 0 && inPlace && row.type(j) != null) {
              FieldWriter.writeInPlace(chunks[i], column.type(), row, j, codec);
              continue;
            }
            Object value = j < 0 ? null : row.value(j);
            if (value == null) {
              chunks[i].addNull(codec);
            } else {
              FieldWriter.write(chunks[i], column.type(), row.type(j), value, codec);
            }
          } else {
            add(chunks[i], column, record, codec);
          }
        }
        if (written != size) {
          requireColumns(record, row.fields());
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
    } finally {
      for (ColumnChunk chunk : chunks) {
        chunk.release();
      }
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
        byte[] value = record.wholeValue();
        if (value == null) {
          chunk.addNull(codec);
        } else {
          chunk.addBytes(value, 0, value.length, codec);
        }
      }
      case CREATED_AT -> chunk.addBytes(createdAt, 0, createdAt.length, codec);
      case FIELD -> throw new IllegalStateException("typed fields are written from their rows");
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
