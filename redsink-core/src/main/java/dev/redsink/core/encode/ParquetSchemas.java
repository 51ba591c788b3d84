package dev.redsink.core.encode;

import dev.redsink.core.table.Column;
import dev.redsink.core.table.ColumnType;
import dev.redsink.core.table.RowLayout;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Types;

/**
 * The Parquet schema of a row layout, in the layout's column order (COPY maps by position): text as
 * BINARY/UTF8, BIGINT as INT64, VARBYTE as plain BINARY, SUPER as JSON text (BINARY/UTF8) for the
 * staging table's text column; every column optional.
 */
final class ParquetSchemas {
  private ParquetSchemas() {}

  static MessageType of(RowLayout layout) {
    Types.MessageTypeBuilder message = Types.buildMessage();
    for (Column column : layout.columns()) {
      message.addField(field(column));
    }
    return message.named("redsink_row");
  }

  private static Type field(Column column) {
    if (column.type() == ColumnType.BIGINT) {
      return Types.optional(PrimitiveTypeName.INT64).named(column.name());
    }
    if (column.type() == ColumnType.VARBYTE_MAX) {
      return Types.optional(PrimitiveTypeName.BINARY).named(column.name());
    }
    return Types.optional(PrimitiveTypeName.BINARY)
        .as(LogicalTypeAnnotation.stringType())
        .named(column.name());
  }
}
