package dev.redsink.core.encode;

import dev.redsink.core.record.Record;
import dev.redsink.core.table.Column;
import dev.redsink.core.table.RowLayout;
import dev.redsink.core.table.TableName;
import dev.redsink.core.typed.FieldValue;
import dev.redsink.core.typed.TypedRow;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.RecordConsumer;
import org.apache.parquet.schema.MessageType;

/**
 * Writes a {@link Record} as one Parquet row in the layout's column order, straight from the
 * record's byte arrays: ids, decimals and base64 keys are built in reused scratch buffers, payloads
 * are passed without copying.
 */
final class RowWriteSupport extends WriteSupport<Record> {
  private static final Base64.Encoder BASE64 = Base64.getEncoder();

  private final MessageType schema;
  private final List<Column> columns;
  private final Binary createdAt;
  private final Map<String, Binary> topics = new HashMap<>();
  private final Map<String, byte[]> topicBytes = new HashMap<>();
  private final FieldWriter fieldWriter = new FieldWriter();
  private byte[] scratch = new byte[256];
  private RecordConsumer out;
  private Map<String, FieldValue> fields = Map.of();

  /** The typed fields of the record written next (table_layout = typed). */
  void nextFields(TypedRow row) {
    this.fields = row.byColumnName();
  }

  RowWriteSupport(RowLayout layout, String createdAt) {
    this.schema = ParquetSchemas.of(layout);
    this.columns = layout.columns();
    this.createdAt = Binary.fromConstantByteArray(createdAt.getBytes(StandardCharsets.UTF_8));
  }

  /** Parquet deprecates the Hadoop variant but still declares it abstract. */
  @Deprecated
  @Override
  public WriteContext init(Configuration configuration) {
    return new WriteContext(schema, Map.of("writer", "redsink"));
  }

  @Override
  public WriteContext init(ParquetConfiguration configuration) {
    return new WriteContext(schema, Map.of("writer", "redsink"));
  }

  @Override
  public void prepareForWrite(RecordConsumer recordConsumer) {
    this.out = recordConsumer;
  }

  @Override
  public void write(Record record) {
    out.startMessage();
    for (int i = 0; i < columns.size(); i++) {
      Column column = columns.get(i);
      switch (column.role()) {
        case ID -> binary(column, i, id(record));
        case OFFSET -> binary(column, i, decimal(record.offset()));
        case TIMESTAMP -> binary(column, i, decimal(record.timestamp()));
        case TOPIC -> binary(column, i, topic(record.topic()));
        case PARTITION -> {
          out.startField(column.name(), i);
          out.addLong(record.partition());
          out.endField(column.name(), i);
        }
        case KEY -> {
          if (record.key() != null) {
            binary(column, i, base64(record.key()));
          }
        }
        case HEADERS ->
            binary(column, i, Binary.fromConstantByteArray(Json.headers(record.headers())));
        case PAYLOAD -> {
          if (record.value() != null) {
            binary(column, i, Binary.fromConstantByteArray(record.value()));
          }
        }
        case CREATED_AT -> binary(column, i, createdAt);
        case FIELD -> {
          FieldValue field = fields.get(TableName.fold(column.name()));
          if (field != null && field.value() != null) {
            out.startField(column.name(), i);
            fieldWriter.write(out, column.type(), field);
            out.endField(column.name(), i);
          }
        }
      }
    }
    out.endMessage();
  }

  private void binary(Column column, int index, Binary value) {
    out.startField(column.name(), index);
    out.addBinary(value);
    out.endField(column.name(), index);
  }

  private Binary topic(String topic) {
    return topics.computeIfAbsent(
        topic, t -> Binary.fromConstantByteArray(t.getBytes(StandardCharsets.UTF_8)));
  }

  private Binary id(Record record) {
    byte[] topic =
        topicBytes.computeIfAbsent(record.topic(), t -> t.getBytes(StandardCharsets.UTF_8));
    ensure(topic.length + 42);
    System.arraycopy(topic, 0, scratch, 0, topic.length);
    int at = topic.length;
    scratch[at++] = ':';
    at = Decimal.write(record.partition(), scratch, at);
    scratch[at++] = ':';
    at = Decimal.write(record.offset(), scratch, at);
    return Binary.fromReusedByteArray(scratch, 0, at);
  }

  private Binary decimal(long value) {
    ensure(20);
    return Binary.fromReusedByteArray(scratch, 0, Decimal.write(value, scratch, 0));
  }

  private Binary base64(byte[] key) {
    int length = 4 * ((key.length + 2) / 3);
    ensure(length);
    return Binary.fromReusedByteArray(scratch, 0, BASE64.encode(key, scratch));
  }

  private void ensure(int capacity) {
    if (scratch.length < capacity) {
      scratch = new byte[Math.max(capacity, scratch.length * 2)];
    }
  }
}
